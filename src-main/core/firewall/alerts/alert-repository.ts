// The cached alerts of every firewall profile (table firewall_alerts, an FTS5 index filled after
// the rows, one index per sortable column and the counts per severity, category and action in
// firewall_alert_counts): what sync stores, what the alerts view and the CSV export read. The
// tables know a profile by a small number (firewall_profile_keys), which keeps every index entry
// short; callers use its id.
import type { AlertFacets, AlertField, AlertFilter, AlertRow, AlertSort, AlertSortField } from '../../../../src-shared/contract/firewall.ts';
import type Database from 'better-sqlite3';
import type { AddressCondition } from '../../db/address-match.ts';
import { addressSortBlob } from '../../db/address-order.ts';
import type { Db } from '../../db/database.ts';
import { foldText, indexedWordsOf, WORD_PREFIXES_MATCH } from '../../db/word-prefix-match.ts';
import { severityRank, type PackedAlert, type WireAlertDetail } from './alert-wire.ts';

interface AlertDbRow {
  id: string;
  severity: string | null;
  occurred_ms: number | null;
  category: string | null;
  action: string | null;
  src_ip: string | null;
  src_port: number | null;
  dst_ip: string | null;
  dst_port: number | null;
  protocol: string | null;
  signature: string | null;
  message: string | null;
  device_id: string | null;
  source_blocked: number;
}

/** What one profile's cache holds about an address: counts, days and the newest alerts naming it. */
export interface AlertsAboutAddress {
  asSource: number;
  asDestination: number;
  total: number;
  bySeverity: { severity: string | null; rank: number; alerts: number }[];
  /** Days since 1970 (UTC) with their counts. */
  byDay: { day: number; alerts: number }[];
  newest: (AlertRow & { role: 'source' | 'destination'; occurredMs: number | null })[];
}

export interface CachedDetail extends WireAlertDetail {
  other: Record<string, unknown>;
}

const COLUMN: Record<AlertField, string> = {
  severity: 'severity',
  occurredAt: 'occurred_ms',
  category: 'category',
  action: 'action',
  srcIp: 'src_ip',
  srcPort: 'src_port',
  dstIp: 'dst_ip',
  dstPort: 'dst_port',
  protocol: 'protocol',
  signature: 'signature',
  deviceId: 'device_id',
};
/**
 * The ORDER BY of each sort, then rowid: exactly the columns of the sort's index, so a page is read
 * off the index in order (a tie-break the index does not hold would sort every matching row).
 */
const SORT_KEYS: Record<AlertSortField, readonly string[]> = {
  occurredAt: ['occurred_ms'],
  severity: ['severity_rank', 'occurred_ms'],
  category: ['category', 'occurred_ms'],
  action: ['action', 'occurred_ms'],
  srcIp: ['src_ip_key', 'occurred_ms'],
  dstIp: ['dst_ip_key', 'occurred_ms'],
  signature: ['signature', 'occurred_ms'],
};
/** Counts of filters other than the pickers' (they read firewall_alert_counts), kept per profile until its alerts change. */
const REMEMBERED_COUNTS = 16;
const REMEMBERED_STATEMENTS = 64;
const NUMERIC: ReadonlySet<AlertField> = new Set(['srcPort', 'dstPort', 'occurredAt']);

// The indexes a first backfill leaves out, as migrations 18 and 26 made them: each costs less
// built once after it than kept row by row. Addresses and an IDS's thousands of signatures put each
// row at a random place in their tree (the signature's alone: 5-9 % of storing a 100k backfill).
// The walk, severity, category and action grow at a few ends, yet the four together were about 40 %
// of the database's time storing 100k alerts (0.8 s against 0.5 s): the worker shares two cores
// with main and the appliance. Only the time index stays: the view's first sort and retention
// read it while the backfill runs.
const DEFERRABLE_INDEXES: Record<string, string> = {
  firewall_alerts_by_walk: '(profile_key, walk)',
  firewall_alerts_by_severity: '(profile_key, severity_rank, occurred_ms)',
  firewall_alerts_by_category: '(profile_key, category, occurred_ms)',
  firewall_alerts_by_action: '(profile_key, action, occurred_ms)',
  firewall_alerts_by_source: '(profile_key, src_ip, occurred_ms)',
  firewall_alerts_by_destination: '(profile_key, dst_ip, occurred_ms)',
  firewall_alerts_by_signature: '(profile_key, signature, occurred_ms)',
  firewall_alerts_by_source_order: '(profile_key, src_ip_key, occurred_ms)',
  firewall_alerts_by_destination_order: '(profile_key, dst_ip_key, occurred_ms)',
};
/** Up to this many cached alerts (every profile's), rebuilding the sort indexes after a backfill costs less than keeping them. */
const ROWS_WORTH_SUSPENDING_INDEXES = 20_000;

const ROW_COLUMNS = `a.id, a.severity, a.occurred_ms, a.category, a.action, a.src_ip, a.src_port, a.dst_ip, a.dst_port,
  a.protocol, a.signature, a.message, a.device_id,
  EXISTS (SELECT 1 FROM firewall_blocklist b WHERE b.profile_id = @profileId AND b.ip = a.src_ip) AS source_blocked`;
/** The profile's key, found once per statement; its rows are read through the indexes that begin with it. */
const PROFILE_KEY = '(SELECT key FROM firewall_profile_keys WHERE profile_id = @profileId)';
const SELECT_ROW = `SELECT ${ROW_COLUMNS} FROM firewall_alerts a`;

const DAY_MS = 86_400_000;
const twoDigits = (value: number) => (value < 10 ? `0${value}` : `${value}`);
let formattedDay = { day: Number.NaN, date: '' };

/**
 * A time as `Date#toISOString` writes it, without a Date per row: a page's hundred rows mostly
 * share their day, whose date is kept. Formatting was a fifth of main's answer to a page.
 */
function isoTime(ms: number): string {
  const day = Math.floor(ms / DAY_MS);
  if (day !== formattedDay.day) formattedDay = { day, date: new Date(day * DAY_MS).toISOString().slice(0, 11) };
  const sinceMidnight = ms - day * DAY_MS;
  const millis = sinceMidnight % 1000;
  return `${formattedDay.date}${twoDigits(Math.floor(sinceMidnight / 3_600_000))}:${twoDigits(Math.floor(sinceMidnight / 60_000) % 60)}:${twoDigits(Math.floor(sinceMidnight / 1000) % 60)}.${millis < 100 ? '0' : ''}${twoDigits(millis)}Z`;
}

function toRow(row: AlertDbRow): AlertRow {
  return {
    id: row.id,
    severity: row.severity,
    occurredAt: row.occurred_ms === null ? null : isoTime(row.occurred_ms),
    category: row.category,
    action: row.action,
    srcIp: row.src_ip,
    srcPort: row.src_port,
    dstIp: row.dst_ip,
    dstPort: row.dst_port,
    protocol: row.protocol,
    signature: row.signature,
    message: row.message,
    deviceId: row.device_id,
    sourceBlocked: row.source_blocked === 1,
  };
}

/**
 * The user's words as an FTS5 query: each run of letters and digits quoted (so no word is an
 * operator, whatever the analyst types: quotes, stars, NEAR) and matched as a prefix. The index
 * keeps no positions, so "10.20" asks for a token starting with 10 and one starting with 20 rather
 * than the phrase. Rows the index has not taken in yet are matched by the same words through
 * word_prefixes_match. `wordsStarting` lists the index's words that begin with a longer prefix.
 */
function searchOf(text: string, wordsStarting: (prefix: string) => string[]): TextSearch | null {
  const words = text.match(/[\p{L}\p{N}\p{M}]+/gu) ?? [];
  if (words.length === 0) return null;
  const prefixes = words.map((word) => {
    const folded = foldText(word);
    // Up to three characters the index keeps the prefix itself, read as lazily as a word.
    if ([...folded].length <= PREFIX_INDEX_CHARACTERS) return `"${word}"*`;
    const listed = wordsStarting(folded);
    if (listed.length > WORDS_PER_PREFIX) return `"${word}"*`;
    // No word of the index begins so: a word it does not hold finds nothing, at once.
    return listed.length === 0 ? `"${folded}"` : `(${listed.map((term) => `"${term}"`).join(' OR ')})`;
  });
  return { match: prefixes.join(' AND '), words: words.join(' ') };
}

interface TextSearch {
  match: string;
  words: string;
}

/** The longest prefixes the full-text index keeps entries for (the `prefix` its migration gives it). */
const PREFIX_INDEX_CHARACTERS = 3;
/**
 * Beyond this many words starting with what was typed, FTS5 merges their lists itself: slower, but
 * a prefix that common (a number's first digits) is rarely all of a search.
 */
const WORDS_PER_PREFIX = 32;

/** The words of a row the index has not taken in yet, matched as the index would. */
const UNINDEXED_MATCH = `${WORD_PREFIXES_MATCH}(@words, a.signature, a.message, a.category, a.src_ip, a.dst_ip)`;

/**
 * An alert's place in the full-text index, where the index's order is the view's newest-first
 * order: its time in milliseconds, then the order the index took in alerts of that millisecond
 * (2^20 places each, in SQL: the key is past a double's integers). Alerts without a time come
 * before every other, as NULL sorts. `@` stands for the row.
 */
const SEARCH_KEY_BASE = 'CASE WHEN @occurred_ms IS NULL THEN -4611686018427387904 ELSE MAX(0, MIN(@occurred_ms, 8796093022206)) * 1048576 END';
const SEARCH_KEY_SPAN = 'CASE WHEN @occurred_ms IS NULL THEN 4611686018427387904 ELSE 1048576 END';

/**
 * Matches looked at beyond the page asked for: a text search counts no further (the count of a
 * common word is a third of the cache) and answers "at least" this many.
 */
const TEXT_COUNT_AHEAD = 1_000;
/**
 * Rows not yet in the index are checked one by one in JS (a few µs each): among them a search looks
 * only this far past the page, and counts "at least" from there.
 */
const UNINDEXED_COUNT_AHEAD = 100;
/** Up to this many rows not yet in the index, a search with few indexed matches reads them all rather than walking the time index. */
const UNINDEXED_READ_WHOLE = 20_000;

/** A matching alert, by its place in the view's order. */
interface Candidate {
  id: number;
  ms: number | null;
}

/** Ascending by time (no time first, as SQLite sorts NULL), then as stored. */
function byTime(x: Candidate, y: Candidate): number {
  if (x.ms !== y.ms) return x.ms === null ? -1 : y.ms === null ? 1 : x.ms - y.ms;
  return x.id - y.id;
}

type Params = Record<string, string | number>;

const TABLE_CONNECT_ATTEMPTS = 5;

/**
 * Reads that may touch the full-text index. SQLite prepares a statement again after another
 * connection changed the schema (the database worker drops and builds sort indexes around a
 * backfill), and FTS5 can fail to connect its table while that change is under way ("vtable
 * constructor failed"); the next attempt connects.
 */
function withTableConnectRetry<T>(read: () => T): T {
  for (let attempt = 1; ; attempt++) {
    try {
      return read();
    } catch (error) {
      if (attempt >= TABLE_CONNECT_ATTEMPTS || !(error instanceof Error && error.message.startsWith('vtable constructor failed'))) throw error;
    }
  }
}

/** The filter's conditions on the columns firewall_alert_counts keeps, as SQL over `table`. */
function pickerClauses(table: string, filter: AlertFilter, params: Params, severityColumn: 'severity' | 'severity_rank'): string[] {
  const clauses: string[] = [];
  const list = (column: string, name: string, values: readonly (string | number)[] | undefined) => {
    if (!values || values.length === 0) return;
    clauses.push(`${table}.${column} IN (${values.map((_, i) => `@${name}${i}`).join(', ')})`);
    values.forEach((value, i) => (params[`${name}${i}`] = value));
  };
  // The rank stands for the word exactly (the filter takes only known words) and has the index.
  list(severityColumn, 'severity', severityColumn === 'severity' ? filter.severity : filter.severity?.map(severityRank));
  list('category', 'category', filter.category);
  list('action', 'action', filter.action);
  return clauses;
}

/** Whether the filter uses only the pickers (severity, category, action): its count is a sum of kept counts. */
function onlyPickers(filter: AlertFilter): boolean {
  return Object.entries(filter).every(([name, value]) => ['severity', 'category', 'action'].includes(name) || value === undefined);
}

function whereOf(profileId: string, filter: AlertFilter, wordsStarting: (prefix: string) => string[]): { sql: string; params: Params } {
  const params: Params = { profileId };
  const clauses = [`a.profile_key = ${PROFILE_KEY}`, ...pickerClauses('a', filter, params, 'severity_rank')];
  // An address, or the start of one ("10.20."), matched through the column's index.
  const prefix = (column: string, name: string, value: string | undefined) => {
    const trimmed = value?.trim();
    if (!trimmed) return;
    clauses.push(`a.${column} >= @${name} AND a.${column} < @${name}End`);
    params[name] = trimmed;
    params[`${name}End`] = `${trimmed}\u{10FFFF}`;
  };
  prefix('src_ip', 'srcIp', filter.srcIp);
  prefix('dst_ip', 'dstIp', filter.dstIp);
  if (filter.since !== undefined) {
    clauses.push('a.occurred_ms >= @since');
    params.since = Date.parse(filter.since);
  }
  if (filter.until !== undefined) {
    clauses.push('a.occurred_ms < @until');
    params.until = Date.parse(filter.until);
  }
  const search = filter.text === undefined ? null : searchOf(filter.text, wordsStarting);
  if (search !== null) {
    // Any order but time's: the index's matches as one list the planner checks each row against.
    clauses.push(`(a.search_key IN (SELECT rowid FROM firewall_alerts_fts WHERE firewall_alerts_fts MATCH @match)
      OR (a.rowid > (SELECT indexed_through FROM firewall_alerts_fts_progress) AND ${UNINDEXED_MATCH}))`);
    params.match = search.match;
    params.words = search.words;
  }
  filter.cells?.forEach((cell, i) => {
    const column = `a.${COLUMN[cell.field]}`;
    const value = cell.field === 'occurredAt' ? Date.parse(cell.value) : NUMERIC.has(cell.field) ? Number(cell.value) : cell.value;
    params[`cell${i}`] = value;
    clauses.push(cell.mode === 'in' ? `${column} = @cell${i}` : `(${column} IS NULL OR ${column} <> @cell${i})`);
  });
  return { sql: clauses.join(' AND '), params };
}

function orderOf(sort: AlertSort): string {
  const direction = sort.direction === 'asc' ? 'ASC' : 'DESC';
  return [...SORT_KEYS[sort.field], 'rowid'].map((column) => `a.${column} ${direction}`).join(', ');
}

export class AlertRepository {
  readonly #db: Db;
  readonly #insert;
  readonly #indexedThrough;
  readonly #lastToIndex;
  readonly #giveSearchKeys;
  readonly #indexText;
  readonly #lastRowid;
  readonly #listWord;
  readonly #wordsFrom;
  readonly #wordsOfBatch;
  readonly #setIndexedThrough;
  readonly #addToCount;
  readonly #newCount;
  readonly #newKey;
  readonly #keyOf;
  /** The index's words beginning with `prefix` (folded as the index folds), up to one more than a search asks for by name. */
  readonly #wordsStarting = (prefix: string): string[] => this.#wordsFrom.all(prefix, `${prefix}\u{10FFFF}`);
  /** Per profile: counts of filters the kept counts cannot answer, by the filter's JSON. */
  readonly #counts = new Map<string, Map<string, number>>();
  /** The view's queries by their SQL: a filter or sort the user goes back to is not prepared again. */
  readonly #statements = new Map<string, Database.Statement>();

  constructor(db: Db) {
    this.#db = db;
    this.#insert = db.prepare(
      `INSERT INTO firewall_alerts (profile_key, id, walk, severity, severity_rank, occurred_ms, category, action, src_ip, src_port,
         dst_ip, dst_port, protocol, signature, message, device_id, other, src_ip_key, dst_ip_key)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (profile_key, id) DO NOTHING`,
    );
    this.#indexedThrough = db.prepare<[], number>('SELECT indexed_through FROM firewall_alerts_fts_progress').pluck();
    this.#lastToIndex = db.prepare<[number, number], number | null>(
      'SELECT MAX(rowid) FROM (SELECT rowid FROM firewall_alerts WHERE rowid > ? ORDER BY rowid LIMIT ?)',
    ).pluck();
    // Each alert of the batch takes the next free place of its millisecond, after the places the
    // index gave before and in the order stored.
    this.#giveSearchKeys = db.prepare<[number, number]>(
      `UPDATE firewall_alerts SET search_key = k.search_key FROM (
         SELECT b.id, b.base + row_number() OVER (PARTITION BY b.base ORDER BY b.id) - 1
           + IFNULL((SELECT MAX(x.search_key) + 1 - b.base FROM firewall_alerts x WHERE x.search_key >= b.base AND x.search_key < b.base + b.span), 0) AS search_key
         FROM (SELECT r.rowid AS id, ${SEARCH_KEY_BASE.replaceAll('@', 'r.')} AS base, ${SEARCH_KEY_SPAN.replaceAll('@', 'r.')} AS span
               FROM firewall_alerts r WHERE r.rowid > ? AND r.rowid <= ?) b
       ) k WHERE firewall_alerts.rowid = k.id`,
    );
    // In the order of the keys: FTS5 writes out what it holds whenever a key comes below the last one.
    this.#indexText = db.prepare<[number, number]>(
      `INSERT INTO firewall_alerts_fts (rowid, signature, message, category, src_ip, dst_ip)
       SELECT search_key, signature, message, category, src_ip, dst_ip FROM firewall_alerts WHERE rowid > ? AND rowid <= ? ORDER BY search_key`,
    );
    this.#lastRowid = db.prepare<[], number>('SELECT IFNULL(MAX(rowid), 0) FROM firewall_alerts').pluck();
    this.#listWord = db.prepare<[string]>('INSERT INTO firewall_alerts_terms (term) VALUES (?) ON CONFLICT DO NOTHING');
    this.#wordsFrom = db.prepare<[string, string], string>(`SELECT term FROM firewall_alerts_terms WHERE term >= ? AND term < ? ORDER BY term LIMIT ${WORDS_PER_PREFIX + 1}`).pluck();
    this.#wordsOfBatch = db.prepare<[number, number], (string | null)[]>(
      'SELECT signature, message, category, src_ip, dst_ip FROM firewall_alerts WHERE rowid > ? AND rowid <= ?',
    ).raw();
    this.#setIndexedThrough = db.prepare<[number]>('UPDATE firewall_alerts_fts_progress SET indexed_through = ?');
    this.#addToCount = db.prepare<[number, number, string | null, string | null, string | null]>(
      'UPDATE firewall_alert_counts SET alerts = alerts + ? WHERE profile_key = ? AND severity IS ? AND category IS ? AND action IS ?',
    );
    this.#newCount = db.prepare<[number, string | null, string | null, string | null, number]>(
      'INSERT INTO firewall_alert_counts (profile_key, severity, category, action, alerts) VALUES (?, ?, ?, ?, ?)',
    );
    this.#newKey = db.prepare<[string]>('INSERT INTO firewall_profile_keys (profile_id) VALUES (?) ON CONFLICT DO NOTHING');
    this.#keyOf = db.prepare<[string], number>('SELECT key FROM firewall_profile_keys WHERE profile_id = ?').pluck();
  }

  /**
   * Drops the sort indexes for a first backfill while the cache is small; queries stay correct,
   * only slower, until `restoreIndexes`. Returns whether it did.
   */
  suspendIndexesForBackfill(): boolean {
    const { cached } = this.#db.prepare(`SELECT COUNT(*) AS cached FROM (SELECT 1 FROM firewall_alerts LIMIT ${ROWS_WORTH_SUSPENDING_INDEXES + 1})`).get() as { cached: number };
    if (cached > ROWS_WORTH_SUSPENDING_INDEXES) return false;
    for (const name of Object.keys(DEFERRABLE_INDEXES)) this.#db.exec(`DROP INDEX IF EXISTS ${name}`);
    return true;
  }

  /** After a backfill, and on start (a process that stopped during one left them out); one index per transaction. */
  restoreIndexes(): void {
    for (const [name, columns] of Object.entries(DEFERRABLE_INDEXES)) this.#db.exec(`CREATE INDEX IF NOT EXISTS ${name} ON firewall_alerts ${columns}`);
  }

  /** Stores alerts not cached yet (a repeat of an id changes nothing); returns how many were new. */
  store(profileId: string, alerts: readonly PackedAlert[], walk: number): number {
    if (alerts.length === 0) return 0;
    const storing = () => {
      this.#newKey.run(profileId);
      const key = this.#keyOf.get(profileId)!;
      const added: PackedAlert[] = [];
      for (const alert of alerts) {
        const [id, severity, occurredMs, category, action, srcIp, srcPort, dstIp, dstPort, protocol, signature, message, deviceId, other] = alert;
        const { changes } = this.#insert.run(
          key, id, walk, severity, severityRank(severity), occurredMs, category, action, srcIp, srcPort, dstIp, dstPort, protocol, signature, message, deviceId, other,
          addressSortBlob(srcIp), addressSortBlob(dstIp),
        );
        if (changes > 0) added.push(alert);
      }
      if (added.length > 0) this.#count(key, added);
      return added.length;
    };
    const added = this.#db.transaction(storing)();
    if (added > 0) this.#counts.delete(profileId);
    return added;
  }

  /**
   * Takes up to `limit` stored alerts into the full-text index, the earliest stored first (one
   * statement: FTS5 does a fixed amount of work per statement); answers false once none were left.
   */
  indexText(limit: number): boolean {
    return this.#db.transaction(() => {
      const through = this.#indexedThrough.get()!;
      const last = this.#lastToIndex.get(through, limit);
      if (last === null || last === undefined) return false;
      this.#giveSearchKeys.run(through, last);
      this.#indexText.run(through, last);
      const words = new Set<string>();
      for (const texts of this.#wordsOfBatch.iterate(through, last)) {
        for (const text of texts) if (text !== null) for (const word of indexedWordsOf(text)) words.add(word);
      }
      for (const word of words) this.#listWord.run(word);
      this.#setIndexedThrough.run(last);
      return true;
    })();
  }

  /**
   * Adds stored alerts to the counts per severity, category and action, a statement per group
   * rather than a trigger per row (deleted rows leave through migration 18's trigger).
   */
  #count(key: number, added: readonly PackedAlert[]): void {
    const groups = new Map<string, { severity: string | null; category: string | null; action: string | null; alerts: number }>();
    for (const [, severity, , category, action] of added) {
      const name = JSON.stringify([severity, category, action]);
      const group = groups.get(name);
      if (group) group.alerts++;
      else groups.set(name, { severity, category, action, alerts: 1 });
    }
    for (const { severity, category, action, alerts } of groups.values()) {
      if (this.#addToCount.run(alerts, key, severity, category, action).changes === 0) this.#newCount.run(key, severity, category, action, alerts);
    }
  }

  /** The cache changed through another connection (the database worker's): counts taken before are stale. */
  forgetCounts(profileId: string): void {
    this.#counts.delete(profileId);
  }

  /**
   * Brings the query planner's statistics up to date when the cache changed a lot since they were
   * taken (cheap otherwise): without them a rare filter (an address prefix) may walk the time
   * index row by row instead of reading its own.
   */
  updatePlannerStatistics(): void {
    this.#db.pragma('analysis_limit = 400');
    this.#db.pragma('optimize = 0x10002');
  }

  settledIds(profileId: string, ids: readonly string[], settledWalk: number): Set<string> {
    if (ids.length === 0 || settledWalk === 0) return new Set();
    const rows = this.#db
      .prepare<Params, { id: string }>(`SELECT id FROM firewall_alerts WHERE profile_key = ${PROFILE_KEY} AND walk <= @settledWalk AND id IN (SELECT value FROM json_each(@ids))`)
      .all({ profileId, settledWalk, ids: JSON.stringify(ids) });
    return new Set(rows.map((row) => row.id));
  }

  count(profileId: string): number {
    return this.countMatching(profileId, {});
  }

  /**
   * A page of the view. A text search is answered from the index's matches in time order, without
   * counting every match (`totalAtLeast`: that many match, maybe more).
   */
  query(profileId: string, filter: AlertFilter, sort: AlertSort, offset: number, limit: number): { rows: AlertRow[]; total: number; totalAtLeast?: true } {
    const search = filter.text === undefined ? null : searchOf(filter.text, this.#wordsStarting);
    if (search === null) return { rows: this.#page(profileId, filter, sort, offset, limit), total: this.countMatching(profileId, filter) };
    const { text: _text, ...others } = filter;
    const direction = sort.field === 'occurredAt' ? sort.direction : 'desc';
    const { ids, complete } = withTableConnectRetry(() => this.#matchesInTimeOrder(profileId, others, search, direction, offset + limit));
    const rows = sort.field === 'occurredAt' ? this.#rowsOf(profileId, ids.slice(offset, offset + limit)) : this.#page(profileId, filter, sort, offset, limit);
    return complete ? { rows, total: ids.length } : { rows, total: ids.length, totalAtLeast: true };
  }

  #page(profileId: string, filter: AlertFilter, sort: AlertSort, offset: number, limit: number): AlertRow[] {
    const where = whereOf(profileId, filter, this.#wordsStarting);
    // The page size is written into the statement (the view asks for one or two sizes): SQLite
    // reads a page a quarter slower under a bound LIMIT.
    const statement = `${SELECT_ROW} WHERE ${where.sql} ORDER BY ${orderOf(sort)} LIMIT ${Math.max(0, Math.trunc(limit))} OFFSET @offset`;
    return withTableConnectRetry(() => this.#prepared<AlertDbRow>(statement).all({ ...where.params, offset })).map(toRow);
  }

  /**
   * The alerts matching the words and the other conditions in the view's time order, the first
   * `upTo` exact and a few more counted (`complete`: there are no more). The index gives its
   * matches in that order and stops; the rows it has not taken in yet (a backfill's, until the
   * worker catches up) are read through the profile's time index down to the time of the index's
   * last match, the words checked row by row, or read whole when they are few and the index has
   * few matches.
   */
  #matchesInTimeOrder(profileId: string, filter: AlertFilter, search: TextSearch, direction: 'asc' | 'desc', upTo: number): { ids: number[]; complete: boolean } {
    const where = whereOf(profileId, filter, this.#wordsStarting);
    const order = direction === 'asc' ? 'ASC' : 'DESC';
    const indexedWant = upTo + TEXT_COUNT_AHEAD;
    const unindexedWant = upTo + UNINDEXED_COUNT_AHEAD;
    const params = { ...where.params, match: search.match, want: indexedWant };
    const indexed = this.#prepared<Candidate>(
      `SELECT a.rowid AS id, a.occurred_ms AS ms FROM firewall_alerts_fts f CROSS JOIN firewall_alerts a
       WHERE f.firewall_alerts_fts MATCH @match AND a.search_key = f.rowid AND ${where.sql} ORDER BY f.rowid ${order} LIMIT @want`,
    ).all(params);
    const through = this.#indexedThrough.get()!;
    const unindexedRows = this.#lastRowid.get()! - through;
    let unindexed: Candidate[] = [];
    if (unindexedRows > 0) {
      const full = indexed.length === indexedWant;
      const boundary = full && direction === 'desc' ? indexed[indexedWant - 1]!.ms : null;
      const access = !full && unindexedRows <= UNINDEXED_READ_WHOLE ? 'NOT INDEXED' : 'INDEXED BY firewall_alerts_by_time';
      const bounded = boundary === null ? '' : 'AND a.occurred_ms >= @boundary';
      unindexed = this.#prepared<Candidate>(
        `SELECT a.rowid AS id, a.occurred_ms AS ms FROM firewall_alerts a ${access}
         WHERE a.rowid > @through ${bounded} AND ${where.sql} AND ${UNINDEXED_MATCH}
         ORDER BY a.occurred_ms ${order}, a.rowid ${order} LIMIT @want`,
      ).all({ ...where.params, words: search.words, through, want: unindexedWant, ...(boundary === null ? {} : { boundary }) });
    }
    const sign = direction === 'asc' ? 1 : -1;
    const merged = indexed.concat(unindexed).sort((x, y) => sign * byTime(x, y));
    return { ids: merged.map((candidate) => candidate.id), complete: indexed.length < indexedWant && unindexed.length < unindexedWant };
  }

  /** The view's rows of the alerts `ids` (rowids), in that order. */
  #rowsOf(profileId: string, ids: readonly number[]): AlertRow[] {
    if (ids.length === 0) return [];
    const rows = this.#prepared<AlertDbRow & { position: number }>(
      `SELECT ${ROW_COLUMNS}, a.rowid AS position FROM firewall_alerts a WHERE a.rowid IN (SELECT value FROM json_each(@ids))`,
    ).all({ profileId, ids: JSON.stringify(ids) });
    const byId = new Map(rows.map((row) => [row.position, row]));
    return ids.flatMap((id) => {
      const row = byId.get(id);
      return row ? [toRow(row)] : [];
    });
  }

  /** The distinct source addresses of the matching alerts (at most `limit`), for a bulk block of them. */
  sourcesOf(profileId: string, filter: AlertFilter, limit: number): string[] {
    const where = whereOf(profileId, filter, this.#wordsStarting);
    const statement = `SELECT DISTINCT a.src_ip FROM firewall_alerts a WHERE ${where.sql} AND a.src_ip IS NOT NULL LIMIT ${Math.max(0, Math.trunc(limit))}`;
    return withTableConnectRetry(() => this.#db.prepare<Params, string>(statement).pluck().all(where.params));
  }

  /** Every matching row, one at a time (the CSV export never holds the set in memory). */
  *iterate(profileId: string, filter: AlertFilter, sort: AlertSort): Generator<AlertRow> {
    const where = whereOf(profileId, filter, this.#wordsStarting);
    const statement = this.#db.prepare<Params, AlertDbRow>(`${SELECT_ROW} WHERE ${where.sql} ORDER BY ${orderOf(sort)}`);
    for (const row of statement.iterate(where.params)) yield toRow(row);
  }

  /** How many cached alerts match: a sum over the kept counts for the pickers, else counted once per change of the cache. */
  countMatching(profileId: string, filter: AlertFilter): number {
    if (onlyPickers(filter)) {
      const params: Params = { profileId };
      const clauses = [`c.profile_key = ${PROFILE_KEY}`, ...pickerClauses('c', filter, params, 'severity')];
      return this.#prepared<number>(`SELECT COALESCE(SUM(c.alerts), 0) FROM firewall_alert_counts c WHERE ${clauses.join(' AND ')}`, { pluck: true }).get(params)!;
    }
    const key = JSON.stringify(filter);
    const remembered = this.#counts.get(profileId) ?? new Map<string, number>();
    let count = remembered.get(key);
    if (count === undefined) {
      const where = whereOf(profileId, filter, this.#wordsStarting);
      count = withTableConnectRetry(() => this.#db.prepare<Params, number>(`SELECT COUNT(*) FROM firewall_alerts a WHERE ${where.sql}`).pluck().get(where.params)!);
      if (remembered.size >= REMEMBERED_COUNTS) remembered.delete(remembered.keys().next().value!);
      this.#counts.set(profileId, remembered.set(key, count));
    }
    return count;
  }

  #prepared<Row>(sql: string, options: { pluck?: boolean } = {}): Database.Statement<Params, Row> {
    const key = `${options.pluck ? 'pluck:' : ''}${sql}`;
    let statement = this.#statements.get(key);
    if (!statement) {
      statement = this.#db.prepare(sql);
      if (options.pluck) statement.pluck();
      if (this.#statements.size >= REMEMBERED_STATEMENTS) this.#statements.delete(this.#statements.keys().next().value!);
      this.#statements.set(key, statement);
    }
    return statement as Database.Statement<Params, Row>;
  }

  find(profileId: string, id: string): (AlertRow & { detail: CachedDetail | null; other: Record<string, unknown> | null }) | undefined {
    const row = this.#db
      .prepare<Params, AlertDbRow & { detail: string | null; other: string | null }>(
        `SELECT ${ROW_COLUMNS}, a.detail, a.other FROM firewall_alerts a WHERE a.profile_key = ${PROFILE_KEY} AND a.id = @id`,
      )
      .get({ profileId, id });
    if (!row) return undefined;
    return {
      ...toRow(row),
      detail: row.detail === null ? null : (JSON.parse(row.detail) as CachedDetail),
      other: row.other === null ? null : (JSON.parse(row.other) as Record<string, unknown>),
    };
  }

  /**
   * The address card's alerts of one profile: the rows naming it are found through the source and
   * destination indexes once, counted in one pass by severity, day and role; the newest are read
   * in time order from each index.
   */
  aboutAddress(profileId: string, address: AddressCondition, limit: number): AlertsAboutAddress {
    const params = { ...address.params, profileId };
    const naming = (column: string) => `SELECT rowid FROM firewall_alerts a WHERE a.profile_key = ${PROFILE_KEY} AND ${address.on(`a.${column}`)}`;
    const groups = this.#db
      .prepare<Params, { severity: string | null; rank: number; day: number | null; source: number; destination: number; alerts: number }>(
        `SELECT a.severity, MAX(a.severity_rank) AS rank, a.occurred_ms / ${DAY_MS} AS day,
           a.rowid IN (${naming('src_ip')}) AS source, a.rowid IN (${naming('dst_ip')}) AS destination, COUNT(*) AS alerts
         FROM firewall_alerts a WHERE a.rowid IN (${naming('src_ip')} UNION ${naming('dst_ip')}) GROUP BY a.severity, day, source, destination`,
      )
      .all(params);
    const severities = new Map<string | null, { severity: string | null; rank: number; alerts: number }>();
    const days = new Map<number, number>();
    const sum = (pick: (group: (typeof groups)[number]) => number) => groups.reduce((total, group) => total + pick(group), 0);
    for (const { severity, rank, day, alerts } of groups) {
      const kept = severities.get(severity) ?? { severity, rank, alerts: 0 };
      severities.set(severity, { severity, rank: Math.max(rank, kept.rank), alerts: kept.alerts + alerts });
      if (day !== null) days.set(day, (days.get(day) ?? 0) + alerts);
    }
    // Read through the address's own index: an address that is rarely a destination would
    // otherwise be looked for by walking the time index, the whole cache for one missing address.
    const newest = (role: 'source' | 'destination', column: string, index: string) =>
      this.#db
        .prepare<Params, AlertDbRow>(
          `SELECT ${ROW_COLUMNS} FROM firewall_alerts a INDEXED BY ${index} WHERE a.profile_key = ${PROFILE_KEY} AND ${address.on(`a.${column}`)} ORDER BY a.occurred_ms DESC, a.rowid DESC LIMIT ${Math.trunc(limit)}`,
        )
        .all(params)
        .map((row) => ({ ...toRow(row), role, occurredMs: row.occurred_ms }));
    return {
      asSource: sum((group) => (group.source ? group.alerts : 0)),
      asDestination: sum((group) => (group.destination ? group.alerts : 0)),
      total: sum((group) => group.alerts),
      bySeverity: [...severities.values()],
      byDay: [...days].map(([day, alerts]) => ({ day, alerts })),
      newest: [...newest('source', 'src_ip', 'firewall_alerts_by_source'), ...newest('destination', 'dst_ip', 'firewall_alerts_by_destination')],
    };
  }

  saveDetail(profileId: string, id: string, detail: CachedDetail): void {
    this.#db.prepare(`UPDATE firewall_alerts SET detail = @detail WHERE profile_key = ${PROFILE_KEY} AND id = @id`).run({ detail: JSON.stringify(detail), profileId, id });
  }

  facets(profileId: string): AlertFacets {
    const distinct = (column: string) =>
      this.#db.prepare<Params, string>(`SELECT DISTINCT ${column} FROM firewall_alert_counts WHERE profile_key = ${PROFILE_KEY} AND alerts > 0 AND ${column} IS NOT NULL ORDER BY 1`)
        .pluck()
        .all({ profileId });
    return { severities: distinct('severity'), categories: distinct('category'), actions: distinct('action') };
  }

  /** How many alerts of each severity a walk added, newest first per severity. */
  addedBy(profileId: string, walk: number): { severity: string | null; count: number; newestId: string }[] {
    return this.#db
      .prepare<Params, { severity: string | null; count: number; newestId: string }>(
        `SELECT severity, COUNT(*) AS count, (SELECT id FROM firewall_alerts n WHERE n.profile_key = a.profile_key AND n.walk = a.walk
           AND n.severity IS a.severity ORDER BY n.occurred_ms DESC LIMIT 1) AS newestId
         FROM firewall_alerts a WHERE profile_key = ${PROFILE_KEY} AND walk = @walk GROUP BY severity`,
      )
      .all({ profileId, walk });
  }

  /**
   * Keeps the cache bounded: alerts older than the cut-off go, then the oldest beyond `maxRows`.
   * An alert a case holds stays, and so does one a work item is still being made from (its write
   * waits in the outbox): each is what the analyst is working on.
   */
  prune(profileId: string, olderThanMs: number, maxRows: number): number {
    const kept = `id NOT IN (SELECT item_id FROM case_items WHERE kind = 'alert' AND profile_id = @profileId)
      AND id NOT IN (SELECT l.alert_id FROM alert_work_links l JOIN outbox_writes w ON w.id = l.outbox_write_id
        WHERE l.firewall_profile_id = @profileId AND w.state IN ('sending', 'queued', 'failed'))`;
    const removed = this.#db.transaction(() => {
      const byAge = this.#db.prepare(`DELETE FROM firewall_alerts WHERE profile_key = ${PROFILE_KEY} AND occurred_ms < @olderThanMs AND ${kept}`).run({ profileId, olderThanMs }).changes;
      const byRows = this.count(profileId) <= maxRows ? 0 : this.#db
        .prepare(
          `DELETE FROM firewall_alerts WHERE rowid IN (SELECT rowid FROM firewall_alerts WHERE profile_key = ${PROFILE_KEY} AND ${kept}
             ORDER BY occurred_ms DESC, rowid DESC LIMIT -1 OFFSET @maxRows)`,
        )
        .run({ profileId, maxRows }).changes;
      return byAge + byRows;
    })();
    if (removed > 0) this.#counts.delete(profileId);
    return removed;
  }
}
