// The inbox's calls: a page of the cached tickets under the filters, the counts under its words and
// time, every matching id, the unread mark, and the bulk close. Main answers all of them from SQLite
// but the close, which goes through the outbox.
import type { TicketQuery, TicketSort } from '../../../../src-shared/contract/support.ts';
import { opsdesk } from '../../../data/bridge.ts';
import { useIpcQuery } from '../../../data/ipc-query.ts';
import { supportKeys } from '../../../data/query-keys.ts';
import { everyOf } from '../lists/status-words.ts';

/** How recent a ticket's activity must be to be listed. */
export const inboxWindows = ['any', 'day', 'week', 'month'] as const;
export type InboxWindow = (typeof inboxWindows)[number];
const WINDOW_MS: Record<Exclude<InboxWindow, 'any'>, number> = { day: 86_400_000, week: 7 * 86_400_000, month: 30 * 86_400_000 };

/** The inbox's filters as the window keeps them. */
export interface InboxQuery {
  status: string | null;
  unreadOnly: boolean;
  offlineOnly: boolean;
  text: string;
  within: InboxWindow;
  sort: TicketSort;
}

export const ticketSorts = everyOf<TicketSort>()(['activity', 'newest', 'oldest']);

/** The words the inbox's choices may take: a kept query from an older build falls back to the default. */
export const inboxQueryWords = { within: inboxWindows, sort: ticketSorts };

export const initialInboxQuery: InboxQuery = { status: null, unreadOnly: false, offlineOnly: false, text: '', within: 'any', sort: 'activity' };

/** The window as a time, worked out when asked, so "the last day" moves on with the clock. */
const sinceOf = (within: InboxWindow) => (within === 'any' ? {} : { since: new Date(Date.now() - WINDOW_MS[within]).toISOString() });

/** The inbox's filters as main's query takes them. */
export function ticketQueryOf(profileId: string, query: InboxQuery): Omit<TicketQuery, 'offset' | 'limit'> {
  const text = query.text.trim();
  return {
    profileId,
    ...(query.status !== null && { status: [query.status] }),
    unreadOnly: query.unreadOnly,
    offlineOnly: query.offlineOnly,
    ...(text && { text }),
    ...sinceOf(query.within),
    sort: query.sort,
  };
}

export const inboxCalls = {
  page: (profileId: string, query: InboxQuery, window: { offset: number; limit: number }) => opsdesk.support.tickets({ ...ticketQueryOf(profileId, query), ...window }),
  allIds: (profileId: string, query: InboxQuery) => opsdesk.support.ticketIds(ticketQueryOf(profileId, query)),
  markRead: (profileId: string, ticketIds: string[]) => opsdesk.support.markRead({ profileId, ticketIds }),
  markUnread: (profileId: string, ticketIds: string[]) => opsdesk.support.markUnread({ profileId, ticketIds }),
  closeTickets: (profileId: string, ticketIds: string[], note: string) => opsdesk.support.closeTickets({ profileId, ticketIds, ...(note.trim() && { note: note.trim() }) }),
};

/** Tickets per status (with their unread and offline) under the inbox's words and time; follows the tickets' cache. */
export function useInboxCounts(profileId: string, { text, within }: Pick<InboxQuery, 'text' | 'within'>) {
  const words = text.trim();
  return useIpcQuery([...supportKeys.cached(profileId, 'tickets'), 'counts', words, within], () =>
    opsdesk.support.ticketCounts({ profileId, ...(words && { text: words }), ...sinceOf(within) }),
    // The chips keep their counts while the next words' are read: no flicker per keystroke.
    { placeholderData: (previous) => previous },
  );
}
