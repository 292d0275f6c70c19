// The inbox's filters and orders as SQL over support_tickets (aliased `t`): words through the
// ticket index of migration 23 (subject, every message, the visitor), status, unread, offline,
// recent activity. Column names and SQL are written here, never taken from a request.
import type { TicketSort } from '../../../../src-preload/contract/support.ts';
import { phrasesQuery } from '../../search/search-text.ts';

export interface TicketFilter {
  status?: string[] | undefined;
  unreadOnly?: boolean | undefined;
  offlineOnly?: boolean | undefined;
  text?: string | undefined;
  /** ISO time in UTC, as activity_at is stored. */
  since?: string | undefined;
}

type Params = Record<string, string | number>;

const LIKE_SPECIAL = /[\\%_]/g;

/** Each order as the indexes hold it (migration 13 for activity, 26 for when a ticket was opened). */
const ORDERS: Record<TicketSort, string> = {
  activity: 't.activity_at DESC, t.id DESC',
  newest: 'COALESCE(t.created_at, t.activity_at) DESC, t.id DESC',
  oldest: 'COALESCE(t.created_at, t.activity_at) ASC, t.id ASC',
};

export const ticketOrder = (sort: TicketSort): string => ORDERS[sort];

/**
 * The index's tokenizer (unicode61) makes one word of a whole run of Chinese, Japanese or Korean
 * characters, so a word inside such a run is no prefix of anything: those texts are looked for as
 * they are, in the subject, the visitor and the thread.
 */
const UNSPACED_SCRIPT = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const LIKE = (column: string) => `${column} LIKE @like ESCAPE '\\'`;

/** Words match as prefixes through the index; text too short to make an indexed word is looked for in the subject and visitor. */
function textCondition(text: string, params: Params): string {
  params.exact = text;
  const match = phrasesQuery(text);
  if (match !== '' && !UNSPACED_SCRIPT.test(text)) {
    params.match = match;
    return '(t.rowid IN (SELECT rowid FROM support_tickets_fts WHERE support_tickets_fts MATCH @match) OR t.id = @exact)';
  }
  params.like = `%${text.replace(LIKE_SPECIAL, (special) => `\\${special}`)}%`;
  const thread = UNSPACED_SCRIPT.test(text) ? ['t.messages', 't.last_message'] : [];
  return `(${[...['t.subject', 't.visitor_name', 't.visitor_email', ...thread].map(LIKE), 't.id = @exact'].join(' OR ')})`;
}

export function ticketWhere(profileId: string, filter: TicketFilter): { clause: string; params: Params } {
  const params: Params = { profileId };
  const where = ['t.profile_id = @profileId'];
  if (filter.status && filter.status.length > 0) {
    where.push(`t.status IN (${filter.status.map((status, index) => {
      params[`status${index}`] = status;
      return `@status${index}`;
    }).join(', ')})`);
  }
  if (filter.unreadOnly) where.push('t.unread = 1');
  if (filter.offlineOnly) where.push('t.offline = 1');
  if (filter.since) {
    params.since = filter.since;
    where.push('t.activity_at >= @since');
  }
  const text = filter.text?.trim();
  if (text) where.push(textCondition(text, params));
  return { clause: where.join(' AND '), params };
}
