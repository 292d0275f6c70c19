// The palette's queries over the local cache (tables of the firewall, support and chat features,
// their full-text indexes from migrations 6 and 22, and search_seen): a few rows of each kind that
// match, and how many match, counted up to a limit. Read only, except the seen answers it keeps.
import { SEARCH_COUNT_LIMIT } from '../../../src-preload/contract/search.ts';
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

export class SearchRepository {
  readonly #db: Db;
  readonly #alertColumns = `k.profile_id AS profileId, a.id, a.signature, a.message, a.src_ip AS srcIp, a.dst_ip AS dstIp,
    a.severity, a.occurred_ms AS occurredMs`;

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
        rows.push(...this.#db
          .prepare<[number, string, number], AlertFound>(`SELECT ${this.#alertColumns} FROM firewall_alerts a JOIN firewall_profile_keys k ON k.key = a.profile_key
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
          rows.push(...this.#db.prepare<typeof params, AlertFound>(`SELECT ${this.#alertColumns} FROM firewall_alerts a JOIN firewall_profile_keys k ON k.key = a.profile_key WHERE ${range} LIMIT @limit`).all(params));
        }
        count += this.#count(`SELECT 1 FROM firewall_alerts a WHERE ${range}`, params);
      }
    }
    return { rows: rows.slice(0, limit), count: Math.min(count, COUNTED) };
  }

  /**
   * Alerts whose words begin with `words` (signature, message, category, addresses), the most
   * recently stored first: the rows the index has not taken in yet, then the index's.
   */
  alertsWithWords(match: string, words: string, limit: number): Found<AlertFound> {
    const pending = `FROM firewall_alerts a WHERE a.rowid > (SELECT indexed_through FROM firewall_alerts_fts_progress)
      AND ${WORD_PREFIXES_MATCH}(@words, concat_ws(' ', a.signature, a.message, a.category, a.src_ip, a.dst_ip))`;
    const params = { match, words, limit };
    const rows = this.#db
      .prepare<typeof params, AlertFound>(`SELECT ${this.#alertColumns} ${pending.replace('FROM firewall_alerts a', 'FROM firewall_alerts a JOIN firewall_profile_keys k ON k.key = a.profile_key')}
        ORDER BY a.rowid DESC LIMIT @limit`)
      .all(params);
    if (rows.length < limit) {
      rows.push(...this.#db
        .prepare<typeof params, AlertFound>(`SELECT ${this.#alertColumns} FROM (SELECT rowid FROM firewall_alerts_fts WHERE firewall_alerts_fts MATCH @match ORDER BY rowid DESC LIMIT @limit) f
          JOIN firewall_alerts a ON a.rowid = f.rowid JOIN firewall_profile_keys k ON k.key = a.profile_key ORDER BY a.rowid DESC`)
        .all({ ...params, limit: limit - rows.length }));
    }
    const count = this.#count(`SELECT 1 ${pending}`, params) + this.#count('SELECT 1 FROM firewall_alerts_fts WHERE firewall_alerts_fts MATCH @match', params);
    return { rows, count: Math.min(count, COUNTED) };
  }

  /** An alert by its id, in any profile. */
  alertsWithId(id: string): AlertFound[] {
    return this.#db
      .prepare<[string], AlertFound>(`SELECT ${this.#alertColumns} FROM firewall_alerts a JOIN firewall_profile_keys k ON k.key = a.profile_key
        WHERE a.profile_key IN (SELECT key FROM firewall_profile_keys) AND a.id = ?`)
      .all(id);
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
    return this.#foundMarked(
      `SELECT t.profile_id AS profileId, t.id, t.subject AS title,
         ${markedExcerptOf('support_tickets_fts', 2)} AS marked, concat_ws(' · ', t.visitor_name, t.visitor_email) AS otherwise
       FROM support_tickets_fts f JOIN support_tickets t ON t.rowid = f.rowid
       WHERE support_tickets_fts MATCH @match ORDER BY bm25(support_tickets_fts, 8, 4, 1), t.activity_at DESC LIMIT @limit`,
      'SELECT 1 FROM support_tickets_fts WHERE support_tickets_fts MATCH @match',
      { match, limit },
    );
  }

  /** Tickets by their id, in any support profile. */
  ticketsWithId(id: string): TextFound[] {
    return this.#db
      .prepare<[string], TextFound>(`SELECT profile_id AS profileId, id, subject AS title, NULL AS excerpt FROM support_tickets
        WHERE profile_id IN (SELECT id FROM profiles) AND id = ?`)
      .all(id);
  }

  /** Contacts by name, company or email; never their phone, not even masked. */
  contacts(match: string, limit: number): Found<TextFound> {
    return this.#found(
      `SELECT c.profile_id AS profileId, c.id, c.name AS title, concat_ws(' · ', c.company, c.email) AS excerpt
       FROM support_contacts_fts f JOIN support_contacts c ON c.rowid = f.rowid
       WHERE support_contacts_fts MATCH @match ORDER BY bm25(support_contacts_fts, 8, 4, 4), c.activity_at DESC LIMIT @limit`,
      'SELECT 1 FROM support_contacts_fts WHERE support_contacts_fts MATCH @match',
      { match, limit },
    );
  }

  workItems(match: string, limit: number): Found<TextFound> {
    return this.#foundMarked(
      `SELECT w.profile_id AS profileId, w.id, w.title,
         ${markedExcerptOf('support_work_items_fts', 1)} AS marked, concat_ws(' · ', w.status, w.assignee) AS otherwise
       FROM support_work_items_fts f JOIN support_work_items w ON w.rowid = f.rowid
       WHERE support_work_items_fts MATCH @match ORDER BY bm25(support_work_items_fts, 8, 1), w.activity_at DESC LIMIT @limit`,
      'SELECT 1 FROM support_work_items_fts WHERE support_work_items_fts MATCH @match',
      { match, limit },
    );
  }

  /** Conversations by title, then by the text of their messages (with the words around it). */
  conversations(match: string, limit: number): Found<TextFound> {
    const byTitle = `SELECT c.id, c.profile_id AS profileId, c.title, NULL AS excerpt, 0 AS place, c.updated_at AS at
      FROM conversations_fts f JOIN conversations c ON c.rowid = f.rowid WHERE conversations_fts MATCH @match`;
    const byText = `SELECT c.id, c.profile_id AS profileId, c.title, ${excerptOf('chat_messages_fts', 0)} AS excerpt, 1 AS place, c.updated_at AS at
      FROM chat_messages_fts f JOIN chat_messages m ON m.rowid = f.rowid JOIN conversations c ON c.id = m.conversation_id
      WHERE chat_messages_fts MATCH @match`;
    const rows = this.#db
      .prepare<{ match: string; limit: number }, TextFound & { place: number }>(`SELECT id, profileId, title, excerpt, MIN(place) AS place FROM (${byTitle} UNION ALL ${byText})
        GROUP BY id ORDER BY place, MAX(at) DESC LIMIT @limit`)
      .all({ match, limit });
    const count = this.#count(`SELECT id FROM conversations WHERE rowid IN (SELECT rowid FROM conversations_fts WHERE conversations_fts MATCH @match)
      UNION SELECT conversation_id FROM chat_messages WHERE rowid IN (SELECT rowid FROM chat_messages_fts WHERE chat_messages_fts MATCH @match)`, { match });
    return { rows: rows.map(({ place: _place, ...row }) => row), count };
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
    const put = this.#db.prepare<SeenAnswer & { seenAt: string }>(
      `INSERT INTO search_seen (profile_id, kind, id, title, body, seen_at) VALUES (@profileId, @kind, @id, @title, @body, @seenAt)
       ON CONFLICT (profile_id, kind, id) DO UPDATE SET title = excluded.title, body = excluded.body, seen_at = excluded.seen_at`,
    );
    this.#db.transaction(() => {
      for (const answer of answers) put.run({ ...answer, seenAt });
      this.#db.prepare('DELETE FROM search_seen WHERE rowid IN (SELECT rowid FROM search_seen ORDER BY seen_at DESC LIMIT -1 OFFSET ?)').run(SEEN_KEPT);
    })();
  }

  #profileKeys(): number[] {
    return this.#db.prepare<[], number>('SELECT key FROM firewall_profile_keys').pluck().all();
  }

  #count(rowsSql: string, ...params: unknown[]): number {
    return this.#db.prepare<unknown[], number>(`SELECT COUNT(*) FROM (${rowsSql} LIMIT ${COUNTED})`).pluck().get(...params)!;
  }

  #found<Params extends object>(rowsSql: string, countSql: string, params: Params): Found<TextFound> {
    return { rows: this.#db.prepare<Params, TextFound>(rowsSql).all(params), count: this.#count(countSql, params) };
  }

  #foundMarked<Params extends object>(rowsSql: string, countSql: string, params: Params): Found<TextFound> {
    const rows = this.#db.prepare<Params, TextFound & { marked: string | null; otherwise: string | null }>(rowsSql).all(params);
    return { rows: rows.map(excerptOrElse), count: this.#count(countSql, params) };
  }
}
