// The outbox's writes in the activity log: a row when a write is made (queued until it is sent),
// settled when it goes out, is refused, or is given up. Every support write passes through here.
import type { ActivityTargetKind } from '../../../src-preload/contract/activity.ts';
import type { Disposable } from '../lifecycle/disposable.ts';
import type { Outbox, OutboxEntry } from '../outbox/outbox.ts';
import { unwrappedFieldsOf } from '../wire/read.ts';
import type { ActivityLog } from './activity-log.ts';

/** The object key's kind (`ticket` in `ticket:42`) as the log names its target. */
const TARGET_KIND_OF: Readonly<Record<string, ActivityTargetKind>> = { ticket: 'ticket', contact: 'contact', work: 'work', faq: 'faq' };
/** The id part of the key of an object the server has not named yet. */
const NEW_OBJECT = 'new';

export function recordOutboxWrites(outbox: Pick<Outbox, 'onChanged'>, log: ActivityLog): Disposable {
  return outbox.onChanged((entry) => {
    if (!log.hasOutboxWrite(entry.id)) {
      log.record(draftOf(entry), { outcome: outcomeOf(entry), errorCode: entry.error?.code, requestId: entry.requestId ?? entry.error?.requestId }, entry.id);
      return;
    }
    if (entry.state === 'sending') return;
    log.settleOutboxWrite(entry.id, {
      outcome: outcomeOf(entry),
      errorCode: entry.error?.code ?? null,
      requestId: entry.requestId ?? entry.error?.requestId ?? null,
      ...(entry.state === 'sent' && objectIdOf(entry) === NEW_OBJECT && { targetId: createdId(entry.response) }),
    });
  });
}

function draftOf(entry: OutboxEntry) {
  const kind = entry.objectKey.split(':')[0]!;
  const id = objectIdOf(entry);
  return {
    profileId: entry.profileId,
    backEnd: 'support' as const,
    action: entry.action,
    target: { kind: TARGET_KIND_OF[kind] ?? 'ticket', ...(id !== NEW_OBJECT && { id }) },
  };
}

function objectIdOf(entry: OutboxEntry): string {
  return entry.objectKey.slice(entry.objectKey.indexOf(':') + 1);
}

function outcomeOf(entry: OutboxEntry) {
  switch (entry.state) {
    case 'sent':
      return 'sent';
    case 'failed':
      return 'failed';
    case 'discarded':
      return 'discarded';
    default:
      return 'queued';
  }
}

/** The id of what a create made, from the server's answer. */
function createdId(response: unknown): string | undefined {
  return unwrappedFieldsOf(response)?.id('id', 'ticket_id', 'contact_id', 'work_id', 'faq_id');
}
