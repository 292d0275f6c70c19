// The cached tickets of every support profile (table support_tickets): what sync and writes store,
// what the inbox reads, with the unread mark the user clears.
import type { TicketMessage, TicketRow, TicketSort, TicketStatusCount } from '../../../../src-shared/contract/support.ts';
import type { Db } from '../../db/database.ts';
import { cachedProfiles, countCache, pruneCache, type CachePrune } from '../cache-query.ts';
import { askIndex, INDEXED_MATCHES, ticketOrder, ticketWhere, type IndexedRows, type TicketFilter } from './ticket-filter.ts';
import type { WireTicket } from './ticket-wire.ts';

export interface TicketDbRow {
  id: string;
  status: string;
  subject: string | null;
  channel: string | null;
  offline: number;
  visitor_name: string | null;
  visitor_email: string | null;
  contact_id: string | null;
  message_count: number | null;
  created_at: string | null;
  updated_at: string | null;
  closed_at: string | null;
  close_note: string | null;
  last_message: string | null;
  unread: number;
}

export interface CachedTicket extends TicketRow {
  messages: TicketMessage[] | null;
  other: Record<string, unknown>;
}

export type { TicketFilter } from './ticket-filter.ts';

/** What storing a batch found, for the notifications: tickets new to the cache, and tickets a visitor wrote to. */
export interface StoredTickets {
  added: WireTicket[];
  visitorWrote: WireTicket[];
  changed: number;
}

export const TICKET_ROW_COLUMNS = `id, status, subject, channel, offline, visitor_name, visitor_email, contact_id, message_count,
  created_at, updated_at, closed_at, close_note, last_message, unread`;

export function ticketRowOf(row: TicketDbRow): TicketRow {
  return {
    id: row.id,
    status: row.status,
    subject: row.subject,
    channel: row.channel,
    offline: row.offline === 1,
    visitorName: row.visitor_name,
    visitorEmail: row.visitor_email,
    contactId: row.contact_id,
    messageCount: row.message_count,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    closedAt: row.closed_at,
    closeNote: row.close_note,
    lastMessage: row.last_message === null ? null : (JSON.parse(row.last_message) as TicketMessage),
    unread: row.unread === 1,
  };
}

/** The thread's last message when the answer named none. */
export function lastMessageOf(ticket: WireTicket): TicketMessage | null {
  return ticket.lastMessage ?? ticket.messages?.at(-1) ?? null;
}

function activityOf(ticket: WireTicket, fallback: string): string {
  return ticket.updatedAt ?? lastMessageOf(ticket)?.createdAt ?? ticket.createdAt ?? fallback;
}

const TABLE = 'support_tickets';

/**
 * The tickets the search words match, found through the index once and held in a temporary table:
 * the inbox asks for the rows, their count and the counts per status of the same words one after
 * another, and each would otherwise search the index (every message of every thread) again. The
 * index spans profiles, and so may the held rows: every statement reading them keeps to its
 * profile. The table is this connection's own; it is filled again when the words or the profile
 * differ, or when the database changed since (through this connection or another), so an answer
 * never comes from an older cache.
 */
class HeldMatches {
  readonly #db: Db;
  readonly #clear;
  readonly #fill;
  readonly #version;
  #held: { profileId: string; match: string; exact: string; version: string } | null = null;

  constructor(db: Db) {
    this.#db = db;
    db.exec('CREATE TEMP TABLE IF NOT EXISTS ticket_search_matches (rowid INTEGER PRIMARY KEY)');
    this.#clear = db.prepare('DELETE FROM temp.ticket_search_matches');
    this.#fill = db.prepare<{ profileId: string; match: string; exact: string }>(`INSERT OR IGNORE INTO temp.ticket_search_matches ${INDEXED_MATCHES}`);
    // Every change this connection made (the held table's own filling too), and whether another connection committed since.
    this.#version = db.prepare<[], string>("SELECT total_changes() || '/' || (SELECT data_version FROM pragma_data_version)").pluck();
  }

  readonly rows: IndexedRows = (profileId, match, exact, params) => {
    // Inside a transaction a rollback could empty the table behind the held words' back.
    if (this.#db.inTransaction) return askIndex(profileId, match, exact, params);
    const held = this.#held;
    if (!held || held.profileId !== profileId || held.match !== match || held.exact !== exact || held.version !== this.#version.get()) {
      this.#clear.run();
      this.#fill.run({ profileId, match, exact });
      this.#held = { profileId, match, exact, version: this.#version.get()! };
    }
    return 'SELECT rowid FROM temp.ticket_search_matches';
  };
}

export class TicketRepository {
  readonly #db: Db;
  readonly #existing;
  readonly #upsert;
  readonly #find;
  readonly #matches: HeldMatches;

  constructor(db: Db) {
    this.#db = db;
    this.#matches = new HeldMatches(db);
    this.#existing = db.prepare<[string, string], { last_message: string | null; message_count: number | null; activity_at: string; status: string }>(
      'SELECT last_message, message_count, activity_at, status FROM support_tickets WHERE profile_id = ? AND id = ?',
    );
    this.#upsert = db.prepare(
      `INSERT INTO support_tickets (profile_id, id, status, subject, channel, offline, visitor_name, visitor_email, contact_id,
         message_count, created_at, updated_at, closed_at, close_note, last_message, messages, other, activity_at, unread, synced_at)
       VALUES (@profileId, @id, @status, @subject, @channel, @offline, @visitorName, @visitorEmail, @contactId,
         @messageCount, @createdAt, @updatedAt, @closedAt, @closeNote, @lastMessage, @messages, @other, @activityAt, @unread, @syncedAt)
       ON CONFLICT (profile_id, id) DO UPDATE SET status = excluded.status, subject = excluded.subject, channel = excluded.channel,
         offline = excluded.offline, visitor_name = excluded.visitor_name, visitor_email = excluded.visitor_email,
         contact_id = excluded.contact_id, message_count = excluded.message_count, created_at = excluded.created_at,
         updated_at = excluded.updated_at, closed_at = excluded.closed_at, close_note = excluded.close_note,
         last_message = COALESCE(excluded.last_message, last_message), messages = COALESCE(excluded.messages, messages),
         other = excluded.other, activity_at = excluded.activity_at, unread = MAX(unread, excluded.unread), synced_at = excluded.synced_at`,
    );
    this.#find = db.prepare<[string, string], TicketDbRow & { messages: string | null; other: string }>(
      `SELECT ${TICKET_ROW_COLUMNS}, messages, other FROM support_tickets WHERE profile_id = ? AND id = ?`,
    );
  }

  /**
   * Stores what the server said of these tickets. With `news`, a ticket new to the cache and one
   * whose newest message came from the visitor are marked unread and reported.
   */
  store(profileId: string, tickets: WireTicket[], options: { news: boolean; syncedAt: string }): StoredTickets {
    const result: StoredTickets = { added: [], visitorWrote: [], changed: 0 };
    this.#db.transaction(() => {
      for (const ticket of tickets) {
        const before = this.#existing.get(profileId, ticket.id);
        const last = lastMessageOf(ticket);
        const activityAt = activityOf(ticket, before?.activity_at ?? options.syncedAt);
        const previousLast = before?.last_message ? (JSON.parse(before.last_message) as TicketMessage) : null;
        // Without a last message, a higher count says something arrived, but not from whom.
        const newMessage = last !== null ? last.id !== previousLast?.id : (ticket.messageCount ?? 0) > (before?.message_count ?? 0);
        const visitorWrote = before !== undefined && newMessage && last?.from === 'visitor';
        const changed = before === undefined || newMessage || before.status !== ticket.status || before.activity_at !== activityAt;
        if (changed) result.changed++;
        if (options.news && before === undefined) result.added.push(ticket);
        if (options.news && visitorWrote) result.visitorWrote.push(ticket);
        this.#upsert.run({
          profileId,
          id: ticket.id,
          status: ticket.status,
          subject: ticket.subject,
          channel: ticket.channel,
          offline: ticket.offline ? 1 : 0,
          visitorName: ticket.visitorName,
          visitorEmail: ticket.visitorEmail,
          contactId: ticket.contactId,
          messageCount: ticket.messageCount,
          createdAt: ticket.createdAt,
          updatedAt: ticket.updatedAt,
          closedAt: ticket.closedAt,
          closeNote: ticket.closeNote,
          lastMessage: last === null ? null : JSON.stringify(last),
          messages: ticket.messages === null ? null : JSON.stringify(ticket.messages),
          other: JSON.stringify(ticket.other),
          activityAt,
          unread: options.news && (before === undefined || visitorWrote) ? 1 : 0,
          syncedAt: options.syncedAt,
        });
      }
    })();
    return result;
  }

  query(profileId: string, filter: TicketFilter, offset: number, limit: number, sort: TicketSort = 'activity'): { rows: TicketRow[]; total: number } {
    const { clause, params } = ticketWhere(profileId, filter, this.#matches.rows);
    const rows = this.#db
      .prepare<typeof params & { offset: number; limit: number }, TicketDbRow>(`SELECT ${TICKET_ROW_COLUMNS} FROM support_tickets t WHERE ${clause} ORDER BY ${ticketOrder(sort)} LIMIT @limit OFFSET @offset`)
      .all({ ...params, offset, limit });
    const total = this.#db.prepare<typeof params, number>(`SELECT COUNT(*) FROM support_tickets t WHERE ${clause}`).pluck().get(params)!;
    return { rows: rows.map(ticketRowOf), total };
  }

  /** The ids the filter matches, in the sort's order, up to `limit`. */
  ids(profileId: string, filter: TicketFilter, sort: TicketSort, limit: number): string[] {
    const { clause, params } = ticketWhere(profileId, filter, this.#matches.rows);
    return this.#db.prepare<typeof params & { limit: number }, string>(`SELECT id FROM support_tickets t WHERE ${clause} ORDER BY ${ticketOrder(sort)} LIMIT @limit`).pluck().all({ ...params, limit });
  }

  /** Per status, under the words and time the inbox is narrowed to (not its status, unread or offline toggles). */
  counts(profileId: string, filter: Pick<TicketFilter, 'text' | 'since'> = {}): TicketStatusCount[] {
    const { clause, params } = ticketWhere(profileId, { text: filter.text, since: filter.since }, this.#matches.rows);
    return this.#db
      .prepare<typeof params, TicketStatusCount>(
        `SELECT status, COUNT(*) AS count, SUM(unread) AS unread, SUM(offline) AS offline FROM support_tickets t WHERE ${clause}
         GROUP BY status ORDER BY count DESC, status`,
      )
      .all(params);
  }

  find(profileId: string, id: string): CachedTicket | undefined {
    const row = this.#find.get(profileId, id);
    if (!row) return undefined;
    return {
      ...ticketRowOf(row),
      messages: row.messages === null ? null : (JSON.parse(row.messages) as TicketMessage[]),
      other: JSON.parse(row.other) as Record<string, unknown>,
    };
  }

  /** Sets the unread mark of these tickets; answers how many changed. */
  markUnread(profileId: string, ids: string[], unread: boolean): number {
    const mark = this.#db.prepare('UPDATE support_tickets SET unread = ? WHERE profile_id = ? AND id = ? AND unread <> ?');
    const value = unread ? 1 : 0;
    return this.#db.transaction(() => ids.reduce((sum, id) => sum + mark.run(value, profileId, id, value).changes, 0))();
  }

  count(profileId: string): number {
    return countCache(this.#db, TABLE, profileId);
  }

  /** Retention as for alerts: tickets quiet since the cut-off go, then the oldest beyond the row cap. */
  prune(profileId: string, prune: CachePrune): number {
    return pruneCache(this.#db, TABLE, profileId, prune);
  }

  cachedProfiles(): string[] {
    return cachedProfiles(this.#db, TABLE);
  }
}
