import type { TFunction } from 'i18next';
import type { ContactStatus, FollowUpKind, knownTicketStatuses, knownWorkPriorities, WorkStatus } from '../../../../src-shared/contract/support.ts';

/** Every value of a union, in the order the views offer them; leaving one out does not compile. */
export const everyOf =
  <T extends string>() =>
  <const L extends readonly T[]>(list: L & ([T] extends [L[number]] ? unknown : never)): L =>
    list;

export const ticketStatusList = everyOf<(typeof knownTicketStatuses)[number]>()(['queued', 'active', 'offline', 'closed']);
export const contactStatusList = everyOf<ContactStatus>()(['new', 'following', 'done']);
export const workStatusList = everyOf<WorkStatus>()(['open', 'pending', 'waiting', 'resolved', 'closed']);
export const workPriorityList = everyOf<(typeof knownWorkPriorities)[number]>()(['low', 'normal', 'high', 'urgent']);
export const followUpKindList = everyOf<FollowUpKind>()(['phone', 'chat', 'note']);

const isOneOf = <T extends string>(values: readonly T[], value: string | null): value is T => (values as readonly (string | null)[]).includes(value);

// A value the server sends that OpsDesk has no words for is shown as sent: never read as a catalog key.

export function ticketStatusWords(status: string, t: TFunction): string {
  return isOneOf(ticketStatusList, status) ? t(`support.ticketStatus.${status}`) : status;
}

export function contactStatusWords(status: string, t: TFunction): string {
  return isOneOf(contactStatusList, status) ? t(`support.contactStatus.${status}`) : status;
}

export function workStatusWords(status: string, t: TFunction): string {
  return isOneOf(workStatusList, status) ? t(`support.workStatus.${status}`) : status;
}

export function workPriorityWords(priority: string | null, t: TFunction): string {
  return isOneOf(workPriorityList, priority) ? t(`support.workPriority.${priority}`) : (priority ?? '');
}

export function followUpKindWords(kind: string | null, t: TFunction): string {
  return isOneOf(followUpKindList, kind) ? t(`support.followKind.${kind}`) : (kind ?? '');
}
