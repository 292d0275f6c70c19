// A support webhook event the sync does not already announce (contact, work item and FAQ events),
// worded and raised as an entry in the center.
import type { TabParams } from '../../../src-preload/contract/workspace.ts';
import type { NoticeContext } from '../notifications/notices.ts';
import { fieldsOf } from '../wire/read.ts';

export function raiseSupportEventNotice(profileId: string, event: string, data: unknown, { notifications, translator: { t }, profileName }: NoticeContext): void {
  const ticketId = event.startsWith('ticket.') ? fieldsOf(data)?.id('ticket_id', 'id') : undefined;
  notifications.raise({
    kind: 'support-webhook',
    profileId,
    groupKey: `support-webhook:${profileId}`,
    count: 1,
    // An entry in the center only: contact, work and FAQ events are news the analyst reads when they look.
    desktop: false,
    describe: (total) => ({
      title: t('notify.supportEvents', { count: total, event }),
      body: t('notify.supportEventsBody', { count: total, profile: profileName(profileId), event }),
      target: total === 1 && ticketId !== undefined
        ? { kind: 'ticket', params: { profileId, ticketId } as TabParams }
        : { kind: 'tickets', params: { profileId } as TabParams },
    }),
  });
}
