// The query every support cache answers the same way (tickets, contacts, work items): a page of
// one profile's rows, newest activity first, filtered by status, exact fields and words, with the
// total; and the retention that keeps each table bounded. The table and column names come from the
// repositories, never from a request.
import type { Db } from '../db/database.ts';

export interface CacheFilter {
  status?: string[] | undefined;
  /** Columns that must equal a value (`contact_id`, `priority`…). */
  equals?: Record<string, string | string[] | undefined>;
  /** Further conditions written by the repository. */
  conditions?: string[];
  text?: string | undefined;
  /** The columns the words are looked for in. */
  textColumns: string[];
}

type Params = Record<string, string | number>;

const LIKE_SPECIAL = /[\\%_]/g;

export function queryPage<DbRow>(db: Db, table: string, columns: string, profileId: string, filter: CacheFilter, offset: number, limit: number): { rows: DbRow[]; total: number } {
  const where = ['profile_id = @profileId', ...(filter.conditions ?? [])];
  const params: Params = { profileId, offset, limit };
  const anyOf = (column: string, values: string[]) => {
    const names = values.map((value, index) => {
      const name = `${column}${index}`;
      params[name] = value;
      return `@${name}`;
    });
    where.push(`${column} IN (${names.join(', ')})`);
  };
  if (filter.status && filter.status.length > 0) anyOf('status', filter.status);
  for (const [column, value] of Object.entries(filter.equals ?? {})) {
    if (value === undefined || (Array.isArray(value) && value.length === 0)) continue;
    anyOf(column, Array.isArray(value) ? value : [value]);
  }
  const text = filter.text?.trim();
  if (text) {
    params.text = `%${text.replace(LIKE_SPECIAL, (match) => `\\${match}`)}%`;
    params.exact = text;
    where.push(`(${[...filter.textColumns.map((column) => `${column} LIKE @text ESCAPE '\\'`), 'id = @exact'].join(' OR ')})`);
  }
  const clause = where.join(' AND ');
  const rows = db.prepare<Params, DbRow>(`SELECT ${columns} FROM ${table} WHERE ${clause} ORDER BY activity_at DESC, id DESC LIMIT @limit OFFSET @offset`).all(params);
  const { n } = db.prepare<Params, { n: number }>(`SELECT COUNT(*) AS n FROM ${table} WHERE ${clause}`).get(params)!;
  return { rows, total: n };
}

const DAY_MS = 86_400_000;
/** Whatever its age limit, a support cache keeps at most this many rows per connection, as it always did. */
export const CACHE_MAX_ROWS = 200_000;
/** Rows one step of pruning deletes, on main's thread: a few tens of milliseconds with their full-text entries. */
export const PRUNE_STEP_ROWS = 1000;

/** A step of pruning for rows of `kind` kept `keptDays` after their last activity (null: no age limit). */
export function pruneStep(kind: string, keptDays: number | null, nowMs: number): CachePrune {
  return { kind, cutoffIso: keptDays === null ? null : new Date(nowMs - keptDays * DAY_MS).toISOString(), maxRows: CACHE_MAX_ROWS, limit: PRUNE_STEP_ROWS };
}

/** The connections a cache holds rows of, a removed one's too (its rows were kept). */
export function cachedProfiles(db: Db, table: string): string[] {
  return db.prepare<[], string>(`SELECT DISTINCT profile_id FROM ${table}`).pluck().all();
}

/** What a support cache keeps: a step of its pruning. */
export interface CachePrune {
  /** The kind of these rows in an outbox write's object key and in a case (`ticket`): a row a case holds, or a write still waits on, stays. */
  kind: string;
  /** Rows quiet since before this go; null: no age limit. */
  cutoffIso: string | null;
  /** Beyond the newest this many, the oldest go. */
  maxRows: number;
  /** At most this many go in one call: the background pruning goes a step at a time. */
  limit: number;
}

/** Rows quiet since the cut-off go, then the oldest beyond the cap, up to `limit`; answers how many went. */
export function pruneCache(db: Db, table: string, profileId: string, prune: CachePrune): number {
  const params = { profileId, kind: prune.kind, cutoff: prune.cutoffIso, maxRows: prune.maxRows, limit: prune.limit };
  const kept = `id NOT IN (SELECT item_id FROM case_items WHERE kind = @kind AND profile_id = @profileId)
    AND NOT EXISTS (SELECT 1 FROM outbox_writes w WHERE w.profile_id = @profileId AND w.object_key = @kind || ':' || ${table}.id
      AND w.state IN ('sending', 'queued', 'failed'))`;
  const old = prune.cutoffIso === null ? 0 : db
    .prepare(`DELETE FROM ${table} WHERE rowid IN (
      SELECT rowid FROM ${table} WHERE profile_id = @profileId AND activity_at < @cutoff AND ${kept} ORDER BY activity_at LIMIT @limit)`)
    .run(params).changes;
  if (old >= prune.limit) return old;
  const over = db
    .prepare(`DELETE FROM ${table} WHERE rowid IN (
      SELECT rowid FROM ${table} WHERE profile_id = @profileId AND ${kept} ORDER BY activity_at DESC, id DESC LIMIT @limit OFFSET @maxRows)`)
    .run({ ...params, limit: prune.limit - old }).changes;
  return old + over;
}

export function countCache(db: Db, table: string, profileId: string): number {
  return db.prepare<[string], { n: number }>(`SELECT COUNT(*) AS n FROM ${table} WHERE profile_id = ?`).get(profileId)!.n;
}
