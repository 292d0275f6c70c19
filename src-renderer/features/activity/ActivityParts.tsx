// The pieces an entry is shown with, in the log and in an item's history: its outcome, its target
// as a link, and the conversation of the model that proposed it.
import { useTranslation } from 'react-i18next';
import type { ActivityEntry } from '../../../src-shared/contract/activity.ts';
import { useWorkspaceStore } from '../../navigation/workspace-store.ts';
import { targetLink, targetText } from './activity-words.ts';

export function OutcomeChip({ entry }: { entry: Pick<ActivityEntry, 'outcome' | 'errorCode'> }) {
  const { t, i18n } = useTranslation();
  const words = t(`activity.outcomes.${entry.outcome}`);
  const { errorCode } = entry;
  const reason = errorCode && (i18n.exists(`activity.reasons.${errorCode}`) ? t(`activity.reasons.${errorCode}`) : errorCode);
  return (
    <span className={`act-outcome act-outcome-${entry.outcome}`} title={errorCode ?? undefined}>
      {reason && entry.outcome !== 'sent' ? t('activity.outcomeWithCode', { outcome: words, code: reason }) : words}
    </span>
  );
}

export function TargetLink({ entry }: { entry: ActivityEntry }) {
  const { t } = useTranslation();
  const navigate = useWorkspaceStore((state) => state.navigate);
  const link = targetLink(entry);
  const kind = t(`activity.targets.${entry.target.kind}`);
  const text = targetText(entry);
  if (!link) {
    return (
      <span>
        <span className="muted">{kind}</span> {text}
      </span>
    );
  }
  return (
    <button type="button" className="link-button act-target" onClick={() => navigate(link)} title={t('activity.openTarget', { kind, target: text })}>
      <span className="act-target-kind">{kind}</span> {text}
    </button>
  );
}

export function ProposedBy({ entry }: { entry: ActivityEntry }) {
  const { t } = useTranslation();
  const navigate = useWorkspaceStore((state) => state.navigate);
  if (!entry.proposedBy) return null;
  const { conversationId } = entry.proposedBy;
  return (
    <button type="button" className="link-button" onClick={() => navigate({ kind: 'conversation', params: { id: conversationId } })}>
      {t('activity.proposedByModel')}
    </button>
  );
}
