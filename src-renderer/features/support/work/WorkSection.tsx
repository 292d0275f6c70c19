import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import type { WorkItemRow } from '../../../../src-preload/contract/support.ts';
import { opsdesk } from '../../../bridge.ts';
import { ErrorNotice } from '../../../ui/ErrorNotice.tsx';
import { ScopeGate } from '../access/ScopeGate.tsx';
import type { SupportSectionProps } from '../sections.ts';
import { createPagedCacheStore } from '../inbox/paged-cache-store.ts';
import { workPriorityWords, workStatusList, workStatusWords } from '../inbox/status-words.ts';
import { SupportSyncLine } from '../inbox/SupportSyncLine.tsx';
import { useSupportWrites } from '../inbox/use-support-writes.ts';
import { VirtualList } from '../inbox/VirtualList.tsx';
import { WriteList } from '../inbox/WriteList.tsx';
import { NewWorkItemDialog } from './NewWorkItemDialog.tsx';
import { WorkItemDetailPane } from './WorkItemDetailPane.tsx';
import '../inbox/support-inbox.css';

const rowKey = (row: WorkItemRow) => row.id;

/** After-sales work items from the cache: filter by status, open one beside the list, create one; works the same offline. */
export function WorkSection({ profile, itemId }: SupportSectionProps) {
  const { t } = useTranslation();
  const profileId = profile.id;
  const [store] = useState(() =>
    createPagedCacheStore<WorkItemRow, { status: string | null }>(
      (query, window) => opsdesk.support.workItems({ profileId, ...(query.status !== null && { status: [query.status] }), ...window }),
      { status: null },
    ),
  );
  const total = useStore(store, (state) => state.total);
  const syncedAt = useStore(store, (state) => state.syncedAt);
  const error = useStore(store, (state) => state.error);
  const status = useStore(store, (state) => state.query.status);
  const selectedIndex = useStore(store, (state) => state.selectedIndex);
  useStore(store, (state) => state.pages);
  const { refresh, ensureRows, rowAt, select, setQuery } = store.getState();
  const [openId, setOpenId] = useState<string | null>(itemId ?? null);
  const [creating, setCreating] = useState(false);
  const writes = useSupportWrites(profileId);

  useEffect(() => {
    void refresh();
    return opsdesk.support.onWorkChanged((change) => {
      if (change.profileId === profileId) void refresh();
    });
  }, [profileId, refresh]);

  const choose = (index: number) => {
    select(index);
    const row = rowAt(index);
    if (row) setOpenId(row.id);
  };

  return (
    <section className="si-section" aria-label={t('supportInbox.work.region')}>
      <SupportSyncLine profileId={profileId} resource="work" />
      <div className="si-toolbar">
        <div className="si-status-tabs" role="group" aria-label={t('supportInbox.work.statusFilter')}>
          <button type="button" className={status === null ? 'chip chip-on' : 'chip'} aria-pressed={status === null} onClick={() => setQuery({ status: null })}>
            {t('supportInbox.tickets.all')}
          </button>
          {workStatusList.map((value) => (
            <button key={value} type="button" className={status === value ? 'chip chip-on' : 'chip'} aria-pressed={status === value} onClick={() => setQuery({ status: value })}>
              {workStatusWords(value, t)}
            </button>
          ))}
        </div>
        <span className="si-count" role="status" aria-label={t('supportInbox.work.matching')}>
          {total === null ? '' : t('supportInbox.work.count', { count: total })}
        </span>
        <ScopeGate profileId={profileId} scope="work.write">
          <button type="button" className="button-primary" onClick={() => setCreating(true)}>
            {t('supportInbox.work.new')}
          </button>
        </ScopeGate>
      </div>
      <WriteList writes={writes} />
      {error && <ErrorNotice error={error} title={t('supportInbox.loadFailed')} />}
      <div className="si-split">
        <VirtualList
          label={t('supportInbox.work.list')}
          rowCount={total ?? 0}
          rowAt={rowAt}
          rowKey={rowKey}
          rowHeight={52}
          renderRow={(row) => <WorkLine row={row} />}
          onRangeChange={ensureRows}
          selectedIndex={selectedIndex}
          onSelect={choose}
          onOpen={choose}
          empty={total === null ? '' : syncedAt === null && status === null ? t('supportInbox.work.nothingSynced') : t('supportInbox.work.none')}
        />
        {openId ? (
          <WorkItemDetailPane key={openId} profileId={profileId} workId={openId} />
        ) : (
          <p className="si-choose muted">{t('supportInbox.work.choose')}</p>
        )}
      </div>
      {creating && <NewWorkItemDialog profileId={profileId} writes={writes} onClose={() => setCreating(false)} />}
    </section>
  );
}

function WorkLine({ row }: { row: WorkItemRow }) {
  const { t } = useTranslation();
  return (
    <>
      <span className="si-row-main">
        <span className="si-row-top">
          <span className="si-subject">{row.title ?? row.id}</span>
        </span>
        <span className="si-last-message muted">{[workPriorityWords(row.priority, t), row.assignee].filter(Boolean).join(' · ')}</span>
      </span>
      <span className="si-row-side">
        <span className="si-status">{workStatusWords(row.status, t)}</span>
      </span>
    </>
  );
}
