// What a timeline event says happened, in a translator's words, for what main writes of a case (the
// model's prompt, the PDF): a write as the activity log words its action, a proposal with its
// action and address, anything else by its kind of event. The window words it the same way
// (features/cases/CaseParts.tsx, useEventWhat).
import type { TimelineEvent } from '../../../src-shared/contract/cases.ts';
import type { Translator } from '../../../src-shared/i18n/translator.ts';

export function eventWhat(t: Translator['t'], event: TimelineEvent): string {
  if (event.write) return t([`activity.actions.${event.write.action.code}`, `outbox.actions.${event.write.action.code}`], { ...event.write.action.params, defaultValue: event.write.action.code });
  if (event.proposal) return t(`cases.timeline.what.${event.what}`, { action: t([`cases.proposalActions.${event.proposal.action}`, 'cases.proposalActions.none']), address: event.proposal.address ?? '' });
  return t(`cases.timeline.what.${event.what}`);
}
