// The cached alerts of every firewall profile (table firewall_alerts, with FTS5 and one index per
// sortable column): what sync stores, what the alerts view and the CSV export read.
import type { AlertFacets, AlertField, AlertFilter, AlertRow, AlertSort, AlertSortField } from '../../../../src-preload/contract/firewall.ts';
import type { Db } from '../../db/database.ts';
import { severityRank, type WireAlert, type WireAlertDetail } from './alert-wire.ts';

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
const SORT_COLUMN: Record<AlertSortField, string> = { ...COLUMN, severity: 'severity_rank' };
const NUMERIC: ReadonlySet<AlertField> = new Set(['srcPort', 'dstPort', 'occurredAt']);

// The sort indexes as migration 6 made them. Maintained row by row they cost several times the
// rows themselves (random keys in seven trees); built once after a backfill they cost a fraction.
const SORT_INDEXES: Record<string, string> = {
  firewall_alerts_by_time: '(profile_id, occurred_ms)',
  firewall_alerts_by_severity: '(profile_id, severity_rank, occurred_ms)',
  firewall_alerts_by_category: '(profile_id, category, occurred_ms)',
  firewall_alerts_by_action: '(profile_id, action, occurred_ms)',
  firewall_alerts_by_source: '(profile_id, src_ip)',
  firewall_alerts_by_destination: '(profile_id, dst_ip)',
  firewall_alerts_by_signature: '(profile_id, signature)',
};
/** Up to this many cached alerts (every profile's), rebuilding the sort indexes after a backfill costs less than keeping them. */
const ROWS_WORTH_SUSPENDING_INDEXES = 20_000;

const ROW_COLUMNS = `a.id, a.severity, a.occurred_ms, a.category, a.action, a.src_ip, a.src_port, a.dst_ip, a.dst_port,
  a.protocol, a.signature, a.message, a.device_id,
  EXISTS (SELECT 1 FROM firewall_blocklist b WHERE b.profile_id = a.profile_id AND b.ip = a.src_ip) AS source_blocked`;
const SELECT_ROW = `SELECT ${ROW_COLUMNS} FROM firewall_alerts a`;

function toRow(row: AlertDbRow): AlertRow {
  return {
    id: row.id,
    severity: row.severity,
    occurredAt: row.occurred_ms === null ? null : new Date(row.occurred_ms).toISOString(),
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

/** The user's words as an FTS5 query: each word quoted (so no word is an operator) and matched as a prefix. */
export function ftsQuery(text: string): string | null {
  const words = text.split(/\s+/).map((word) => word.replace(/"/g, '')).filter((word) => /[\p{L}\p{N}]/u.test(word));
  return words.length === 0 ? null : words.map((word) => `"${word}"*`).join(' AND ');
}

type Params = Record<string, string | number>;

function whereOf(profileId: string, filter: AlertFilter): { sql: string; params: Params } {
  const clauses = ['a.profile_id = @profileId'];
  const params: Params = { profileId };
  const list = (column: string, name: string, values: readonly string[] | undefined) => {
    if (!values || values.length === 0) return;
    clauses.push(`a.${column} IN (${values.map((_, i) => `@${name}${i}`).join(', ')})`);
    values.forEach((value, i) => (params[`${name}${i}`] = value));
  };
  list('severity', 'severity', filter.severity);
  list('category', 'category', filter.category);
  list('action', 'action', filter.action);
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
  const match = filter.text === undefined ? null : ftsQuery(filter.text);
  if (match !== null) {
    clauses.push('a.rowid IN (SELECT rowid FROM firewall_alerts_fts WHERE firewall_alerts_fts MATCH @match)');
    params.match = match;
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
  return `a.${SORT_COLUMN[sort.field]} ${direction}, a.rowid ${direction}`;
}

export class AlertRepository {
  readonly #db: Db;
  readonly #insert;
  readonly #counts = new Map<string, number>();

  constructor(db: Db) {
    this.#db = db;
    // One statement per page: the rows cross into SQLite as one JSON text instead of one call each.
    this.#insert = db.prepare(
      `INSERT INTO firewall_alerts (profile_id, id, walk, severity, severity_rank, occurred_ms, category, action, src_ip, src_port,
         dst_ip, dst_port, protocol, signature, message, device_id, other)
       SELECT @profileId, a.value ->> 0, @walk, a.value ->> 1, a.value ->> 2, a.value ->> 3, a.value ->> 4, a.value ->> 5, a.value ->> 6,
         a.value ->> 7, a.value ->> 8, a.value ->> 9, a.value ->> 10, a.value ->> 11, a.value ->> 12, a.value ->> 13, a.value ->> 14
       FROM json_each(@alerts) a WHERE true
       ON CONFLICT (profile_id, id) DO NOTHING`,
    );
    // A process that stopped during a backfill left them out.
    this.restoreSortIndexes();
  }

  /**
   * Drops the sort indexes for a first backfill while the cache is small; queries stay correct,
   * only slower, until `restoreSortIndexes`. Returns whether it did.
   */
  suspendSortIndexesForBackfill(): boolean {
    const { cached } = this.#db.prepare(`SELECT COUNT(*) AS cached FROM (SELECT 1 FROM firewall_alerts LIMIT ${ROWS_WORTH_SUSPENDING_INDEXES + 1})`).get() as { cached: number };
    if (cached > ROWS_WORTH_SUSPENDING_INDEXES) return false;
    for (const name of Object.keys(SORT_INDEXES)) this.#db.exec(`DROP INDEX IF EXISTS ${name}`);
    return true;
  }

  restoreSortIndexes(): void {
    for (const [name, columns] of Object.entries(SORT_INDEXES)) this.#db.exec(`CREATE INDEX IF NOT EXISTS ${name} ON firewall_alerts ${columns}`);
  }

  /** Stores alerts not cached yet (a repeat of an id changes nothing); returns how many were new. */
  store(profileId: string, alerts: readonly WireAlert[], walk: number): number {
    if (alerts.length === 0) return 0;
    const rows = alerts.map((alert) => [
      alert.id, alert.severity, severityRank(alert.severity), alert.occurredMs, alert.category, alert.action, alert.srcIp, alert.srcPort,
      alert.dstIp, alert.dstPort, alert.protocol, alert.signature, alert.message, alert.deviceId, alert.other === null ? null : JSON.stringify(alert.other),
    ]);
    const added = this.#insert.run({ profileId, walk, alerts: JSON.stringify(rows) }).changes;
    if (this.#counts.has(profileId)) this.#counts.set(profileId, this.#counts.get(profileId)! + added);
    return added;
  }

  settledIds(profileId: string, ids: readonly string[], settledWalk: number): Set<string> {
    if (ids.length === 0 || settledWalk === 0) return new Set();
    const rows = this.#db
      .prepare<[string, number, string], { id: string }>('SELECT id FROM firewall_alerts WHERE profile_id = ? AND walk <= ? AND id IN (SELECT value FROM json_each(?))')
      .all(profileId, settledWalk, JSON.stringify(ids));
    return new Set(rows.map((row) => row.id));
  }

  count(profileId: string): number {
    let count = this.#counts.get(profileId);
    if (count === undefined) {
      count = (this.#db.prepare('SELECT COUNT(*) AS n FROM firewall_alerts WHERE profile_id = ?').get(profileId) as { n: number }).n;
      this.#counts.set(profileId, count);
    }
    return count;
  }

  query(profileId: string, filter: AlertFilter, sort: AlertSort, offset: number, limit: number): { rows: AlertRow[]; total: number } {
    const where = whereOf(profileId, filter);
    const unfiltered = where.sql === 'a.profile_id = @profileId';
    const rows = this.#db
      .prepare<Params, AlertDbRow>(`${SELECT_ROW} WHERE ${where.sql} ORDER BY ${orderOf(sort)} LIMIT @limit OFFSET @offset`)
      .all({ ...where.params, limit, offset });
    const total = unfiltered
      ? this.count(profileId)
      : (this.#db.prepare<Params, { n: number }>(`SELECT COUNT(*) AS n FROM firewall_alerts a WHERE ${where.sql}`).get(where.params)!).n;
    return { rows: rows.map(toRow), total };
  }

  /** Every matching row, one at a time (the CSV export never holds the set in memory). */
  *iterate(profileId: string, filter: AlertFilter, sort: AlertSort): Generator<AlertRow> {
    const where = whereOf(profileId, filter);
    const statement = this.#db.prepare<Params, AlertDbRow>(`${SELECT_ROW} WHERE ${where.sql} ORDER BY ${orderOf(sort)}`);
    for (const row of statement.iterate(where.params)) yield toRow(row);
  }

  countMatching(profileId: string, filter: AlertFilter): number {
    const where = whereOf(profileId, filter);
    return (this.#db.prepare<Params, { n: number }>(`SELECT COUNT(*) AS n FROM firewall_alerts a WHERE ${where.sql}`).get(where.params)!).n;
  }

  find(profileId: string, id: string): (AlertRow & { detail: CachedDetail | null; other: Record<string, unknown> | null }) | undefined {
    const row = this.#db
      .prepare<[string, string], AlertDbRow & { detail: string | null; other: string | null }>(`SELECT ${ROW_COLUMNS}, a.detail, a.other FROM firewall_alerts a WHERE a.profile_id = ? AND a.id = ?`)
      .get(profileId, id);
    if (!row) return undefined;
    return {
      ...toRow(row),
      detail: row.detail === null ? null : (JSON.parse(row.detail) as CachedDetail),
      other: row.other === null ? null : (JSON.parse(row.other) as Record<string, unknown>),
    };
  }

  saveDetail(profileId: string, id: string, detail: CachedDetail): void {
    this.#db.prepare('UPDATE firewall_alerts SET detail = ? WHERE profile_id = ? AND id = ?').run(JSON.stringify(detail), profileId, id);
  }

  facets(profileId: string): AlertFacets {
    const distinct = (column: string) =>
      (this.#db.prepare(`SELECT DISTINCT ${column} AS value FROM firewall_alerts WHERE profile_id = ? AND ${column} IS NOT NULL ORDER BY 1`).all(profileId) as { value: string }[])
        .map((row) => row.value);
    return { severities: distinct('severity'), categories: distinct('category'), actions: distinct('action') };
  }

  /** How many alerts of each severity a walk added, newest first per severity. */
  addedBy(profileId: string, walk: number): { severity: string | null; count: number; newestId: string }[] {
    return this.#db
      .prepare<[string, number], { severity: string | null; count: number; newestId: string }>(
        `SELECT severity, COUNT(*) AS count, (SELECT id FROM firewall_alerts n WHERE n.profile_id = a.profile_id AND n.walk = a.walk
           AND n.severity IS a.severity ORDER BY n.occurred_ms DESC LIMIT 1) AS newestId
         FROM firewall_alerts a WHERE profile_id = ? AND walk = ? GROUP BY severity`,
      )
      .all(profileId, walk);
  }

  /** Keeps the cache bounded: alerts older than the cut-off go, then the oldest beyond `maxRows`. */
  prune(profileId: string, olderThanMs: number, maxRows: number): number {
    const removed = this.#db.transaction(() => {
      const byAge = this.#db.prepare('DELETE FROM firewall_alerts WHERE profile_id = ? AND occurred_ms < ?').run(profileId, olderThanMs).changes;
      const byRows = this.#db
        .prepare(
          `DELETE FROM firewall_alerts WHERE rowid IN (SELECT rowid FROM firewall_alerts WHERE profile_id = ?
             ORDER BY occurred_ms DESC, rowid DESC LIMIT -1 OFFSET ?)`,
        )
        .run(profileId, maxRows).changes;
      return byAge + byRows;
    })();
    if (removed > 0) this.#counts.delete(profileId);
    return removed;
  }
}
