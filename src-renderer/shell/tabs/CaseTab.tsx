import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CaseDetail } from '../../../src-shared/contract/cases.ts';
import type { ViewParams } from '../../../src-shared/contract/workspace.ts';
import { useCaseAlertSources } from '../../features/cases/cases-data.ts';
import { useProfiles } from '../../features/connections/index.ts';
import { CaseView } from '../../features/cases/CaseView.tsx';
import { Markdown } from '../../features/chat/Markdown.tsx';
import { BulkBlockDialog } from '../../features/firewall/bulk/BulkBlockDialog.tsx';
import { ErrorNotice } from '../../ui/ErrorNotice.tsx';

const markdown = (text: string) => <Markdown text={text} />;
const actions = (detail: CaseDetail) => <BlockCaseSources detail={detail} />;

/** A case's tab: the case, its notes rendered as the chat renders answers, the firewall's "Block all sources" in its toolbar: the case feature is below the chat and the firewall, which add items to cases, so the tab joins them. */
export function CaseTab({ params }: { params: ViewParams<'case'> }) {
  return <CaseView params={params} actions={actions} markdown={markdown} />;
}

/**
 * "Block all sources…": the distinct sources of the case's alerts, through the bulk block and its
 * preview (what is blocked or allowed already, what OpsDesk never blocks), one appliance at a time.
 */
function BlockCaseSources({ detail }: { detail: CaseDetail }) {
  const { t } = useTranslation();
  const [asked, setAsked] = useState(false);
  const [done, setDone] = useState<ReadonlySet<string>>(new Set());
  // Read afresh at each click, never before.
  const sources = useCaseAlertSources(detail.id, false);
  const names = useProfiles();
  if (!detail.itemCounts.alert) return null;
  const waiting = (sources.data ?? []).filter((group) => !done.has(group.profileId));
  const current = asked ? waiting[0] : undefined;
  const nameOf = (profileId: string) => names.find((profile) => profile.id === profileId)?.name ?? profileId;
  return (
    <>
      <button
        type="button"
        className="button-danger"
        disabled={sources.isFetching}
        onClick={() => {
          setDone(new Set());
          setAsked(true);
          void sources.refetch();
        }}
      >
        {t('cases.view.blockSources')}
      </button>
      {sources.error && <ErrorNotice error={sources.error} title={t('cases.view.blockSourcesFailed')} />}
      {current && (
        <BulkBlockDialog
          key={current.profileId}
          profileId={current.profileId}
          which={{ alertIds: current.alertIds }}
          onClose={() => {
            const next = new Set(done).add(current.profileId);
            setDone(next);
            if (waiting.length <= 1) setAsked(false);
          }}
        />
      )}
      {current && waiting.length > 1 && (
        <span className="muted" role="status">
          {t('cases.view.blockSourcesOn', { profile: nameOf(current.profileId), count: waiting.length - 1 })}
        </span>
      )}
    </>
  );
}
