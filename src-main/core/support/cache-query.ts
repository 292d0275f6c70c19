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

/** Rows quiet since the cut-off go, then the oldest beyond the cap; answers how many went. */
export function pruneCache(db: Db, table: string, profileId: string, cutoffIso: string, maxRows: number): number {
  const old = db.prepare(`DELETE FROM ${table} WHERE profile_id = ? AND activity_at < ?`).run(profileId, cutoffIso).changes;
  const over = db
    .prepare(`DELETE FROM ${table} WHERE profile_id = @profileId AND id IN (
      SELECT id FROM ${table} WHERE profile_id = @profileId ORDER BY activity_at DESC, id DESC LIMIT -1 OFFSET @maxRows)`)
    .run({ profileId, maxRows }).changes;
  return old + over;
}

export function countCache(db: Db, table: string, profileId: string): number {
  return db.prepare<[string], { n: number }>(`SELECT COUNT(*) AS n FROM ${table} WHERE profile_id = ?`).get(profileId)!.n;
}
