// The outbox's writes in the activity log: a row when a write is made (queued until it is sent),
// settled when it goes out, is refused, or is given up. Every support and firewall write passes through here.
import type { ActivityTargetKind } from '../../../src-shared/contract/activity.ts';
import type { Disposable } from '../lifecycle/disposable.ts';
import type { Outbox, OutboxEntry } from '../outbox/outbox.ts';
import { unwrappedFieldsOf } from '../wire/read.ts';
import type { ActivityLog } from './activity-log.ts';
import type { ActivityDraft } from './activity-recorder.ts';

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
      ...(entry.state === 'sent' && isCreate(entry) && { targetId: createdId(entry.response) }),
    });
  });
}

function draftOf(entry: OutboxEntry): ActivityDraft {
  if (entry.service === 'firewall') return firewallDraftOf(entry);
  const kind = entry.objectKey.split(':')[0]!;
  const id = objectIdOf(entry);
  return {
    profileId: entry.profileId,
    backEnd: 'support' as const,
    action: entry.action,
    target: { kind: TARGET_KIND_OF[kind] ?? 'ticket', ...(id !== NEW_OBJECT && { id }) },
  };
}

/**
 * A firewall write names its target in its action's params (`address`, `label`, `id`: what
 * `ApplianceResource` and the block list put there) and its object key's kind is the target's
 * kind; a model's proposal it carries out is named there too (`proposedBy`).
 */
function firewallDraftOf(entry: OutboxEntry): ActivityDraft {
  const { proposedBy, ...params } = entry.action.params ?? {};
  const text = (name: string) => (typeof params[name] === 'string' && params[name] !== '' ? { [name]: params[name] as string } : {});
  return {
    profileId: entry.profileId,
    backEnd: 'firewall',
    action: { code: entry.action.code, ...(Object.keys(params).length > 0 && { params }) },
    target: { kind: entry.objectKey.slice(0, entry.objectKey.indexOf(':')) as ActivityTargetKind, ...text('id'), ...text('address'), ...text('label') },
    ...(typeof proposedBy === 'string' && { proposedBy: { conversationId: proposedBy } }),
  };
}

/** A write that made an object the server names in its answer: a firewall write names the object it changes in its params' `id`. */
function isCreate(entry: OutboxEntry): boolean {
  return entry.service === 'firewall' ? entry.action.params?.['id'] === undefined : objectIdOf(entry) === NEW_OBJECT;
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
