// The small pieces a case is shown with: its status and severity, an event's words.
import { useTranslation } from 'react-i18next';
import type { CaseSeverity, CaseStatus, TimelineEvent } from '../../../src-shared/contract/cases.ts';
import { useActivityActionText } from '../activity/index.ts';

export function CaseStatusChip({ status }: { status: CaseStatus }) {
  const { t } = useTranslation();
  return <span className={`case-status case-status-${status}`}>{t(`cases.statuses.${status}`)}</span>;
}

export function CaseSeverityBadge({ severity }: { severity: CaseSeverity | string }) {
  const { t, i18n } = useTranslation();
  const known = i18n.exists(`cases.severities.${severity}`);
  return <span className={`case-severity case-severity-${known ? severity : 'other'}`}>{known ? t(`cases.severities.${severity}`) : severity}</span>;
}

/** What an event says happened, in the window's language: a write's action as the activity log words it. */
export function useEventWhat(): (event: TimelineEvent) => string {
  const { t } = useTranslation();
  const actionText = useActivityActionText();
  return (event) => {
    if (event.write) return actionText(event.write.action);
    if (event.proposal) {
      const action = t([`cases.proposalActions.${event.proposal.action}`, 'cases.proposalActions.none']);
      return t(`cases.timeline.what.${event.what}`, { action, address: event.proposal.address ?? '' });
    }
    return t(`cases.timeline.what.${event.what}`);
  };
}
