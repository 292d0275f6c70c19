import { useTranslation } from 'react-i18next';
import { supportCalls } from '../support-data.ts';
import type { WorkItemRow } from '../../../../src-shared/contract/support.ts';
import type { SupportSectionProps } from '../section.ts';
import { CachedListSection, StatusFilter, useCachedList } from '../lists/CachedListSection.tsx';
import { workPriorityWords, workStatusList, workStatusWords } from '../lists/status-words.ts';
import { NewWorkItemDialog } from './NewWorkItemDialog.tsx';
import { WorkItemDetailPane } from './WorkItemDetailPane.tsx';
import { visibleText } from '../../../../src-shared/visible-text.ts';

/** After-sales work items from the cache: filter by status, open one beside the list, create one; works the same offline. */
export function WorkSection({ profile, itemId }: SupportSectionProps) {
  const { t } = useTranslation();
  const profileId = profile.id;
  const list = useCachedList<WorkItemRow, { status: string | null }>({
    profileId,
    resource: 'work',
    read: (query, window) => supportCalls(profileId).workItems({ ...(query.status !== null && { status: [query.status] }), ...window }),
    initialQuery: { status: null },
  });
  const { total, syncedAt, query } = list;

  return (
    <CachedListSection
      profileId={profileId}
      resource="work"
      list={list}
      filters={
        <StatusFilter
          list={list}
          label={t('support.work.statusFilter')}
          statuses={workStatusList}
          chipContent={(value) => workStatusWords(value, t)}
        />
      }
      create={{
        scope: 'work.write',
        dialog: (writes, close) => <NewWorkItemDialog profileId={profileId} writes={writes} onClose={close} />,
      }}
      rows={{
        height: 52,
        render: (row) => <WorkLine row={row} />,
        empty: total === null ? '' : syncedAt === null && query.status === null ? t('support.work.nothingSynced') : t('support.work.none'),
      }}
      detail={{
        initialId: itemId ?? null,
        render: (id) => <WorkItemDetailPane key={id} profileId={profileId} workId={id} />,
      }}
    />
  );
}

function WorkLine({ row }: { row: WorkItemRow }) {
  const { t } = useTranslation();
  return (
    <>
      <span className="si-row-main">
        <span className="si-row-top">
          <bdi className="si-subject">{visibleText(row.title ?? row.id)}</bdi>
        </span>
        <span className="si-last-message muted">{[workPriorityWords(row.priority, t), row.assignee].filter(Boolean).join(' · ')}</span>
      </span>
      <span className="si-row-side">
        <span className="si-status">{workStatusWords(row.status, t)}</span>
      </span>
    </>
  );
}
