// The inbox's filters and orders as SQL over support_tickets (aliased `t`): words through the
// ticket index of migration 23 (subject, every message, the visitor), status, unread, offline,
// recent activity. Column names and SQL are written here, never taken from a request.
import type { TicketSort } from '../../../../src-shared/contract/support.ts';
import { phrasesQuery } from '../../search/search-text.ts';

export interface TicketFilter {
  status?: string[] | undefined;
  unreadOnly?: boolean | undefined;
  offlineOnly?: boolean | undefined;
  text?: string | undefined;
  /** ISO time in UTC, as activity_at is stored. */
  since?: string | undefined;
}

export type Params = Record<string, string | number>;

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

/**
 * The rows the index finds for `@match`, and the ticket whose id is the text, as one list: with an
 * OR beside the index instead, SQLite reads every ticket (threads and all) to test it.
 */
export const INDEXED_MATCHES = `SELECT rowid FROM support_tickets_fts WHERE support_tickets_fts MATCH @match
  UNION ALL SELECT rowid FROM support_tickets WHERE profile_id = @profileId AND id = @exact`;

/** SQL listing the rowids of the tickets the index matches (`match`, or the id `exact`), any parameters it needs set in `params`. */
export type IndexedRows = (profileId: string, match: string, exact: string, params: Params) => string;

/** The index asked within the statement itself. */
export const askIndex: IndexedRows = (_profileId, match, exact, params) => {
  params.match = match;
  params.exact = exact;
  return INDEXED_MATCHES;
};

/** Words match as prefixes through the index; text too short to make an indexed word is looked for in the subject and visitor. */
function textCondition(profileId: string, text: string, params: Params, indexed: IndexedRows): string {
  const match = phrasesQuery(text);
  if (match !== '' && !UNSPACED_SCRIPT.test(text)) return `t.rowid IN (${indexed(profileId, match, text, params)})`;
  params.exact = text;
  params.like = `%${text.replace(LIKE_SPECIAL, (special) => `\\${special}`)}%`;
  const thread = UNSPACED_SCRIPT.test(text) ? ['t.messages', 't.last_message'] : [];
  return `(${[...['t.subject', 't.visitor_name', 't.visitor_email', ...thread].map(LIKE), 't.id = @exact'].join(' OR ')})`;
}

export function ticketWhere(profileId: string, filter: TicketFilter, indexed: IndexedRows = askIndex): { clause: string; params: Params } {
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
  if (text) where.push(textCondition(profileId, text, params, indexed));
  return { clause: where.join(' AND '), params };
}
