// New tickets and new visitor messages a sync found, worded and raised: each burst one entry, opening
// the ticket, or the Support view when there are several.
import type { NavigationTarget } from '../../../../src-shared/contract/workspace.ts';
import type { NoticeContext } from '../../notifications/notices.ts';
import type { TicketNews } from './ticket-service.ts';

export function raiseTicketNotices({ profileId, added, visitorWrote }: TicketNews, { notifications, translator: { t }, profileName }: NoticeContext): void {
  const profile = profileName(profileId);
  const target = (total: number, ticketId: string): NavigationTarget =>
    total === 1 ? { kind: 'ticket', params: { profileId, ticketId } } : { kind: 'support', params: { profileId } };
  const [newest] = [...added].sort((a, b) => (b.createdAt ?? '').localeCompare(a.createdAt ?? ''));
  if (newest) {
    notifications.raise({
      kind: 'support-tickets',
      profileId,
      groupKey: `support-tickets:${profileId}`,
      count: added.length,
      desktop: true,
      describe: (total) => ({
        title: t('notify.tickets', { count: total }),
        body: t('notify.ticketsBody', { count: total, profile, subject: newest.subject ?? newest.id, visitor: newest.visitorName ?? '' }),
        target: target(total, newest.id),
      }),
    });
  }
  const [latest] = visitorWrote;
  if (latest) {
    notifications.raise({
      kind: 'support-messages',
      profileId,
      groupKey: `support-messages:${profileId}`,
      count: visitorWrote.length,
      desktop: true,
      describe: (total) => ({
        title: t('notify.visitorMessages', { count: total }),
        body: t('notify.visitorMessagesBody', { count: total, profile, subject: latest.subject ?? latest.id, text: latest.lastMessage?.text ?? '' }),
        target: target(total, latest.id),
      }),
    });
  }
}
