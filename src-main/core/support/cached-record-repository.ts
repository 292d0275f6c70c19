// The cache table of a support record with follow-ups (contacts, work items: tables
// support_contacts and support_work_items): what sync and writes store, what a list and a detail
// read. Each table says its own columns; the bookkeeping every such table has is here once.
import type { Db } from '../db/database.ts';
import { cachedProfiles, countCache, pruneCache, queryPage, type CacheFilter, type CachePrune } from './cache-query.ts';
import type { DetailParts, FollowedRecordParts } from './follow-up-wire.ts';

/** What the server sent of a record, as far as every such table keeps it. */
export type WireRecord = FollowedRecordParts & { id: string; status: string };

type ColumnValue = string | number | null;

export interface CachedRecordTable<Wire extends WireRecord, Row, DbRow, Filter, Extra extends object> {
  table: string;
  /** The record's own columns beside the ones every such table has (id, status, follow-ups, when), with their values from what was sent. */
  columns: Record<string, (record: Wire) => ColumnValue>;
  /** Own columns a list answer leaves out: null keeps what is stored (the detail's answer sent it). */
  keptWhenNull: readonly (keyof Extra & string)[];
  /** The columns a list row is made of, and how. */
  rowColumns: string;
  toRow(row: DbRow): Row;
  /** Columns only the detail shows, read as stored. */
  detailColumns: readonly (keyof Extra & string)[];
  cacheFilter(filter: Filter): Omit<CacheFilter, 'status'>;
}

export type CachedRecord<Row, Extra> = Row & Extra & DetailParts;

export class CachedRecordRepository<Wire extends WireRecord, Row, DbRow, Filter extends { status?: string[] | undefined }, Extra extends object> {
  readonly #db: Db;
  readonly #table: CachedRecordTable<Wire, Row, DbRow, Filter, Extra>;
  readonly #activity;
  readonly #upsert;
  readonly #find;

  constructor(db: Db, table: CachedRecordTable<Wire, Row, DbRow, Filter, Extra>) {
    this.#db = db;
    this.#table = table;
    const own = Object.keys(table.columns);
    const columns = ['profile_id', 'id', ...own, 'status', 'follow_count', 'created_at', 'updated_at', 'follows', 'other', 'activity_at', 'synced_at'];
    const kept = new Set<string>([...table.keptWhenNull, 'follows']);
    const updates = columns
      .filter((column) => column !== 'profile_id' && column !== 'id')
      .map((column) => (kept.has(column) ? `${column} = COALESCE(excluded.${column}, ${column})` : `${column} = excluded.${column}`));
    this.#activity = db.prepare<[string, string], { activity_at: string; status: string; follow_count: number | null }>(
      `SELECT activity_at, status, follow_count FROM ${table.table} WHERE profile_id = ? AND id = ?`,
    );
    this.#upsert = db.prepare<Record<string, ColumnValue>>(
      `INSERT INTO ${table.table} (${columns.join(', ')}) VALUES (${columns.map((column) => `@${column}`).join(', ')})
       ON CONFLICT (profile_id, id) DO UPDATE SET ${updates.join(', ')}`,
    );
    this.#find = db.prepare<[string, string], DbRow & Extra & { follows: string | null; other: string }>(
      `SELECT ${[table.rowColumns, ...table.detailColumns, 'follows', 'other'].join(', ')} FROM ${table.table} WHERE profile_id = ? AND id = ?`,
    );
  }

  /** Stores what the server said of these records; answers how many were new or changed. */
  store(profileId: string, records: Wire[], syncedAt: string): number {
    let changed = 0;
    this.#db.transaction(() => {
      for (const record of records) {
        const before = this.#activity.get(profileId, record.id);
        const activityAt = record.updatedAt ?? record.createdAt ?? before?.activity_at ?? syncedAt;
        if (!before || before.activity_at !== activityAt || before.status !== record.status || before.follow_count !== record.followCount) changed++;
        const own = Object.fromEntries(Object.entries(this.#table.columns).map(([column, valueOf]) => [column, valueOf(record)]));
        this.#upsert.run({
          profile_id: profileId,
          id: record.id,
          ...own,
          status: record.status,
          follow_count: record.followCount ?? record.follows?.length ?? null,
          created_at: record.createdAt,
          updated_at: record.updatedAt,
          follows: record.follows === null ? null : JSON.stringify(record.follows),
          other: JSON.stringify(record.other),
          activity_at: activityAt,
          synced_at: syncedAt,
        });
      }
    })();
    return changed;
  }

  query(profileId: string, filter: Filter, offset: number, limit: number): { rows: Row[]; total: number } {
    const { table, rowColumns, toRow, cacheFilter } = this.#table;
    const { rows, total } = queryPage<DbRow>(this.#db, table, rowColumns, profileId, { status: filter.status, ...cacheFilter(filter) }, offset, limit);
    return { rows: rows.map(toRow), total };
  }

  find(profileId: string, id: string): CachedRecord<Row, Extra> | undefined {
    const row = this.#find.get(profileId, id);
    if (!row) return undefined;
    const detail = {} as Extra;
    for (const column of this.#table.detailColumns) detail[column] = row[column];
    return {
      ...this.#table.toRow(row),
      ...detail,
      follows: row.follows === null ? null : (JSON.parse(row.follows) as DetailParts['follows']),
      other: JSON.parse(row.other) as DetailParts['other'],
    };
  }

  count(profileId: string): number {
    return countCache(this.#db, this.#table.table, profileId);
  }

  prune(profileId: string, prune: CachePrune): number {
    return pruneCache(this.#db, this.#table.table, profileId, prune);
  }

  cachedProfiles(): string[] {
    return cachedProfiles(this.#db, this.#table.table);
  }
}
