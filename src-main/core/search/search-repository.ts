// The palette's queries over the local cache (tables of the firewall, support and chat features,
// their full-text indexes from migrations 6 and 22, and search_seen): a few rows of each kind that
// match, and how many match, counted up to a limit. Read only, except the seen answers it keeps.
import { SEARCH_COUNT_LIMIT } from '../../../src-shared/contract/search.ts';
import type Database from 'better-sqlite3';
import type { Db } from '../db/database.ts';
import { WORD_PREFIXES_MATCH } from '../db/word-prefix-match.ts';

/** Rows found of one kind: the first few, and the count up to SEARCH_COUNT_LIMIT + 1. */
export interface Found<Row> {
  rows: Row[];
  count: number;
}

export interface AlertFound {
  profileId: string;
  id: string;
  signature: string | null;
  message: string | null;
  srcIp: string | null;
  dstIp: string | null;
  severity: string | null;
  category: string | null;
  occurredMs: number | null;
}

export interface TextFound {
  profileId: string | null;
  id: string;
  title: string | null;
  /** Around the match, or what else names the item. */
  excerpt: string | null;
}

export interface SeenAnswer {
  profileId: string;
  kind: 'allow' | 'faq' | 'kb';
  id: string;
  title: string;
  body: string | null;
}

/** Counts one more than the limit: "more than" is then known without counting on. */
const COUNTED = SEARCH_COUNT_LIMIT + 1;
/** The words of a column of an FTS5 table around a match, an ellipsis where cut; the window highlights the words itself. */
const excerptOf = (table: string, column: number) => `snippet(${table}, ${column}, '', '', '…', 12)`;
/**
 * The same, marked where it matched: a column that did not match gives its first words unmarked.
 * The marks are control characters, taken out again; a server's text holding them loses them.
 */
const markedExcerptOf = (table: string, column: number) => `snippet(${table}, ${column}, char(2), char(3), '…', 12)`;
const [START_MARK, END_MARK] = ['\u0002', '\u0003'];

/** The excerpt where the words matched the marked column, else the other line. */
function excerptOrElse<Row extends TextFound & { marked: string | null; otherwise: string | null }>(row: Row): TextFound {
  const { marked, otherwise, ...found } = row;
  return { ...found, excerpt: marked?.includes(START_MARK) ? marked.replaceAll(START_MARK, '').replaceAll(END_MARK, '') : otherwise };
}
/** What the seen answers keep: enough to find them again, never a whole knowledge base. */
const SEEN_KEPT = 2000;
/** Signatures whose newest alerts are read for the first rows; the count goes on over every matching one. */
const SIGNATURES_READ = 20;

export class SearchRepository {
  readonly #db: Db;
  /** Each query prepared once: preparing is a good part of a keystroke's few milliseconds. */
  readonly #statements = new Map<string, Database.Statement>();
  readonly #alertColumns = `k.profile_id AS profileId, a.id, a.signature, a.message, a.src_ip AS srcIp, a.dst_ip AS dstIp,
    a.severity, a.category, a.occurred_ms AS occurredMs`;

  constructor(db: Db) {
    this.#db = db;
  }

  /** Alerts from or to an address (exact), newest first, through the address indexes. */
  alertsAt(address: string, limit: number): Found<AlertFound> {
    const keys = this.#profileKeys();
    const rows: AlertFound[] = [];
    let count = 0;
    for (const key of keys) {
      for (const column of ['src_ip', 'dst_ip']) {
        rows.push(...this.#prepare<[number, string, number], AlertFound>(`SELECT ${this.#alertColumns} FROM firewall_alerts a JOIN firewall_profile_keys k ON k.key = a.profile_key
            WHERE a.profile_key = ? AND a.${column} = ? ORDER BY a.occurred_ms DESC LIMIT ?`)
          .all(key, address, limit));
        count += this.#count(`SELECT 1 FROM firewall_alerts WHERE profile_key = ? AND ${column} = ?`, key, address);
      }
    }
    const unique = new Map(rows.map((row) => [`${row.profileId}\n${row.id}`, row]));
    return { rows: [...unique.values()].sort((a, b) => (b.occurredMs ?? 0) - (a.occurredMs ?? 0)).slice(0, limit), count: Math.min(count, COUNTED) };
  }

  /** Alerts whose source or destination begins with `start` ("10.20."), through the address indexes. */
  alertsFrom(start: string, limit: number): Found<AlertFound> {
    const rows: AlertFound[] = [];
    let count = 0;
    for (const key of this.#profileKeys()) {
      for (const column of ['src_ip', 'dst_ip']) {
        const range = `a.profile_key = @key AND a.${column} >= @start AND a.${column} < @end`;
        const params = { key, start, end: `${start}\u{10FFFF}`, limit };
        if (rows.length < limit) {
          rows.push(...this.#prepare<typeof params, AlertFound>(`SELECT ${this.#alertColumns} FROM firewall_alerts a JOIN firewall_profile_keys k ON k.key = a.profile_key WHERE ${range} LIMIT @limit`).all(params));
        }
        count += this.#count(`SELECT 1 FROM firewall_alerts a WHERE ${range}`, params);
      }
    }
    return { rows: rows.slice(0, limit), count: Math.min(count, COUNTED) };
  }

  /**
   * Alerts with one of `signatures` (profile key and signature, as signaturesSince found them),
   * newest first, through the signature index: the first rows among the first SIGNATURES_READ
   * signatures, and the count across them all.
   */
  alertsWithSignatures(signatures: readonly { key: number; signature: string }[], limit: number): Found<AlertFound> {
    const newest = this.#prepare<[number, string, number], AlertFound>(`SELECT ${this.#alertColumns} FROM firewall_alerts a JOIN firewall_profile_keys k ON k.key = a.profile_key
      WHERE a.profile_key = ? AND a.signature = ? ORDER BY a.occurred_ms DESC LIMIT ?`);
    const counted = this.#prepare<[number, string, number], number>('SELECT COUNT(*) FROM (SELECT 1 FROM firewall_alerts WHERE profile_key = ? AND signature = ? LIMIT ?)').pluck();
    const rows = signatures.slice(0, SIGNATURES_READ).flatMap(({ key, signature }) => newest.all(key, signature, limit));
    let count = 0;
    for (const { key, signature } of signatures) {
      if (count >= COUNTED) break;
      count += counted.get(key, signature, COUNTED - count)!;
    }
    return { rows: rows.sort((a, b) => (b.occurredMs ?? 0) - (a.occurredMs ?? 0)).slice(0, limit), count };
  }

  /** The signatures of the alerts stored after `rowid` (each profile's), and the highest rowid read. */
  signaturesSince(rowid: number): { signatures: { key: number; signature: string }[]; through: number } {
    const through = this.#prepare<[], number>('SELECT IFNULL(MAX(rowid), 0) FROM firewall_alerts').pluck().get()!;
    // From nothing, the signature index holds every one (a scan of it, not of the rows); after, only the newer rows are read.
    const signatures = rowid === 0
      ? this.#prepare<[], { key: number; signature: string }>('SELECT DISTINCT profile_key AS key, signature FROM firewall_alerts WHERE signature IS NOT NULL').all()
      : this.#prepare<[number, number], { key: number; signature: string }>(
          'SELECT DISTINCT profile_key AS key, signature FROM firewall_alerts WHERE rowid > ? AND rowid <= ? AND signature IS NOT NULL',
        ).all(rowid, through);
    return { signatures, through };
  }

  /** An alert by its id, in any profile. */
  alertsWithId(id: string): AlertFound[] {
    return this.#prepare<[string], AlertFound>(`SELECT ${this.#alertColumns} FROM firewall_alerts a JOIN firewall_profile_keys k ON k.key = a.profile_key
        WHERE a.profile_key IN (SELECT key FROM firewall_profile_keys) AND a.id = ?`)
      .all(id);
  }

  /** One alert by its connection and id (a hit found by meaning). */
  alertOf(profileId: string, id: string): AlertFound | undefined {
    return this.#prepare<[string, string], AlertFound>(`SELECT ${this.#alertColumns} FROM firewall_alerts a JOIN firewall_profile_keys k ON k.key = a.profile_key
        WHERE k.profile_id = ? AND a.id = ?`)
      .get(profileId, id);
  }

  /** One ticket by its connection and id, its visitor's name for the line under it (never the email: the palette shows no contact detail it did not match). */
  ticketOf(profileId: string, id: string): TextFound | undefined {
    return this.#prepare<[string, string], TextFound>(`SELECT profile_id AS profileId, id, subject AS title, visitor_name AS excerpt FROM support_tickets WHERE profile_id = ? AND id = ?`).get(profileId, id);
  }

  /** One work item, its status and assignee for the line under it (a hit found by meaning). */
  workItemOf(profileId: string, id: string): TextFound | undefined {
    return this.#prepare<[string, string], TextFound>(`SELECT profile_id AS profileId, id, title, concat_ws(' · ', status, assignee) AS excerpt FROM support_work_items WHERE profile_id = ? AND id = ?`).get(profileId, id);
  }

  /** One conversation (a hit found by meaning). */
  conversationOf(id: string): TextFound | undefined {
    return this.#prepare<[string], TextFound>('SELECT profile_id AS profileId, id, title, NULL AS excerpt FROM conversations WHERE id = ?').get(id);
  }

  /** One case, its number and tags for the line under it (a hit found by meaning in its notes). */
  caseOf(id: string): (TextFound & { number: number; tags: string }) | undefined {
    return this.#prepare<[string], TextFound & { number: number; tags: string }>('SELECT NULL AS profileId, id, title, NULL AS excerpt, number, tags FROM cases WHERE id = ?').get(id);
  }

  /** One seen FAQ or knowledge-base answer. */
  seenOf(kind: 'faq' | 'kb', profileId: string, id: string): (TextFound & { body: string | null }) | undefined {
    return this.#prepare<[string, string, string], TextFound & { body: string | null }>(
      `SELECT profile_id AS profileId, id, title, substr(body, 1, 200) AS excerpt, body FROM search_seen WHERE kind = ? AND profile_id = ? AND id = ?`,
    ).get(kind, profileId, id);
  }

  /** Block-list entries whose address begins with `start`, or whose words begin with `words`; newest first. */
  blocks(start: string | null, words: string, limit: number): Found<TextFound> {
    const where = `(@start IS NOT NULL AND ip >= @start AND ip < @end) OR (@words <> '' AND ${WORD_PREFIXES_MATCH}(@words, concat_ws(' ', ip, reason, id)))`;
    const params = { start, end: `${start ?? ''}\u{10FFFF}`, words, limit };
    return this.#found(
      `SELECT profile_id AS profileId, id, ip AS title, reason AS excerpt FROM firewall_blocklist WHERE ${where} ORDER BY created_at DESC, id LIMIT @limit`,
      `SELECT 1 FROM firewall_blocklist WHERE ${where}`,
      params,
    );
  }

  tickets(match: string, limit: number): Found<TextFound> {
    return this.#foundRanked('support_tickets', match, limit,
      `SELECT t.profile_id AS profileId, t.id, t.subject AS title,
         ${markedExcerptOf('support_tickets_fts', 2)} AS marked, concat_ws(' · ', t.visitor_name, t.visitor_email) AS otherwise
       FROM support_tickets_fts f JOIN support_tickets t ON t.rowid = f.rowid`,
      'bm25(support_tickets_fts, 8, 4, 1)');
  }

  /** Tickets by their id, in any support profile. */
  ticketsWithId(id: string): TextFound[] {
    return this.#prepare<[string], TextFound>(`SELECT profile_id AS profileId, id, subject AS title, NULL AS excerpt FROM support_tickets
        WHERE profile_id IN (SELECT id FROM profiles) AND id = ?`)
      .all(id);
  }

  /** Contacts by name, company or email; never their phone, not even masked. */
  contacts(match: string, limit: number): Found<TextFound> {
    return this.#foundRanked('support_contacts', match, limit,
      `SELECT c.profile_id AS profileId, c.id, c.name AS title, NULL AS marked, concat_ws(' · ', c.company, c.email) AS otherwise
       FROM support_contacts_fts f JOIN support_contacts c ON c.rowid = f.rowid`,
      'bm25(support_contacts_fts, 8, 4, 4)');
  }

  workItems(match: string, limit: number): Found<TextFound> {
    return this.#foundRanked('support_work_items', match, limit,
      `SELECT w.profile_id AS profileId, w.id, w.title,
         ${markedExcerptOf('support_work_items_fts', 1)} AS marked, concat_ws(' · ', w.status, w.assignee) AS otherwise
       FROM support_work_items_fts f JOIN support_work_items w ON w.rowid = f.rowid`,
      'bm25(support_work_items_fts, 8, 1)');
  }

  /**
   * Conversations by title, then by the text of their messages (with the words around the match),
   * the most recent first; counted as distinct conversations, walking the matches only as far as needed.
   */
  conversations(match: string, limit: number): Found<TextFound> {
    const matched = new Map<string, number | null>();
    const byTitle = this.#prepare<[string], string>(
      'SELECT c.id FROM conversations_fts f JOIN conversations c ON c.rowid = f.rowid WHERE conversations_fts MATCH ? ORDER BY f.rowid DESC',
    ).pluck();
    for (const id of byTitle.iterate(match)) {
      if (matched.size >= COUNTED) break;
      matched.set(id, null);
    }
    const byText = this.#prepare<[string], { rowid: number; conversationId: string }>(
      `SELECT f.rowid, m.conversation_id AS conversationId FROM chat_messages_fts f JOIN chat_messages m ON m.rowid = f.rowid
       WHERE chat_messages_fts MATCH ? ORDER BY f.rowid DESC`,
    );
    for (const { rowid, conversationId } of byText.iterate(match)) {
      if (matched.size >= COUNTED) break;
      if (!matched.has(conversationId)) matched.set(conversationId, rowid);
    }
    const title = this.#prepare<[string], TextFound>('SELECT id, profile_id AS profileId, title, NULL AS excerpt FROM conversations WHERE id = ?');
    const excerpt = this.#prepare<[string, number], string>(`SELECT ${excerptOf('chat_messages_fts', 0)} FROM chat_messages_fts WHERE chat_messages_fts MATCH ? AND rowid = ?`).pluck();
    const rows = [...matched].slice(0, limit).flatMap(([id, rowid]) => {
      const found = title.get(id);
      return found ? [{ ...found, excerpt: rowid === null ? null : (excerpt.get(match, rowid) ?? null) }] : [];
    });
    return { rows, count: matched.size };
  }

  /** The FAQ, knowledge-base answers and allow-list entries the user has been shown, by their words. */
  seen(kind: SeenAnswer['kind'], start: string | null, words: string, limit: number): Found<TextFound> {
    const where = `kind = @kind AND ((@start IS NOT NULL AND title >= @start AND title < @end) OR (@words <> '' AND ${WORD_PREFIXES_MATCH}(@words, title, body, id)))`;
    const params = { kind, start, end: `${start ?? ''}\u{10FFFF}`, words, limit };
    return this.#found(
      `SELECT profile_id AS profileId, id, title, substr(body, 1, 200) AS excerpt FROM search_seen WHERE ${where} ORDER BY seen_at DESC LIMIT @limit`,
      `SELECT 1 FROM search_seen WHERE ${where}`,
      params,
    );
  }

  /** Remembers answers the window was shown; the oldest go beyond SEEN_KEPT. */
  remember(answers: readonly SeenAnswer[], seenAt: string): void {
    if (answers.length === 0) return;
    const put = this.#prepare<SeenAnswer & { seenAt: string }, never>(
      `INSERT INTO search_seen (profile_id, kind, id, title, body, seen_at) VALUES (@profileId, @kind, @id, @title, @body, @seenAt)
       ON CONFLICT (profile_id, kind, id) DO UPDATE SET title = excluded.title, body = excluded.body, seen_at = excluded.seen_at`,
    );
    this.#db.transaction(() => {
      for (const answer of answers) put.run({ ...answer, seenAt });
      this.#db.prepare('DELETE FROM search_seen WHERE rowid IN (SELECT rowid FROM search_seen ORDER BY seen_at DESC LIMIT -1 OFFSET ?)').run(SEEN_KEPT);
    })();
  }

  #prepare<Params extends unknown[] | object, Row>(sql: string): Database.Statement<Params, Row> {
    let statement = this.#statements.get(sql);
    if (!statement) {
      statement = this.#db.prepare(sql);
      this.#statements.set(sql, statement);
    }
    return statement as Database.Statement<Params, Row>;
  }

  #profileKeys(): number[] {
    return this.#prepare<[], number>('SELECT key FROM firewall_profile_keys').pluck().all();
  }

  #count(rowsSql: string, ...params: unknown[]): number {
    return this.#prepare<unknown[], number>(`SELECT COUNT(*) FROM (${rowsSql} LIMIT ${COUNTED})`).pluck().get(...params)!;
  }

  #found<Params extends object>(rowsSql: string, countSql: string, params: Params): Found<TextFound> {
    return { rows: this.#prepare<Params, TextFound>(rowsSql).all(params), count: this.#count(countSql, params) };
  }

  /**
   * The best `limit` rows of a full-text index by `rank`, read with `columns` (an excerpt is made for
   * those rows alone), and how many match.
   */
  #foundRanked(table: string, match: string, limit: number, columns: string, rank: string): Found<TextFound> {
    const fts = `${table}_fts`;
    const rows = this.#prepare<{ match: string; limit: number }, TextFound & { marked: string | null; otherwise: string | null }>(
      `${columns} WHERE ${fts} MATCH @match AND f.rowid IN (SELECT rowid FROM ${fts} WHERE ${fts} MATCH @match ORDER BY ${rank} LIMIT @limit) ORDER BY ${rank}`,
    ).all({ match, limit });
    return { rows: rows.map(excerptOrElse), count: this.#count(`SELECT 1 FROM ${fts} WHERE ${fts} MATCH @match`, { match }) };
  }
}
