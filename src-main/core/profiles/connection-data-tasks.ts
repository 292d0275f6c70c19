// A connection's cache in the database worker (connection-data.ts is main's side): its rows counted
// by kind, deleted a step at a time (their full-text entries with them, by the tables' triggers),
// and the file's freed pages given back. Which tables are a cache is cache-tables.ts's word; how a
// table's rows name their connection is read from the schema (a profile_id column, or a key into
// a table that has one, as the alerts' profile_key).
import { statSync } from 'node:fs';
import { cacheKinds, type CacheKind } from '../../../src-shared/contract/profiles.ts';
import { CACHE_KIND_TABLES } from '../db/cache-kinds.ts';
import { CACHE_TABLES } from '../db/cache-tables.ts';
import type { Db } from '../db/database.ts';

/** A file at most this large is rewritten once (VACUUM, about a second) to give space back in steps from then on. */
const ONE_TIME_VACUUM_BYTES = 64 * 1024 * 1024;
/** Pages one step gives back: a short write. */
const VACUUM_STEP_PAGES = 2048;

interface ProfileRows {
  table: string;
  /** The condition on `@profileId` that picks the connection's rows. */
  where: string;
  /** Read through a table that names the connection: deleted before it. */
  throughParent: boolean;
  withoutRowid: boolean;
}

/** Every cache table holding rows of one connection, those keyed through another first. */
function profileRowsOf(db: Db): ProfileRows[] {
  const tables = db.prepare<[], { name: string; sql: string }>("SELECT name, sql FROM sqlite_schema WHERE type = 'table'").all();
  const hasProfileColumn = (table: string) => (db.pragma(`table_info("${table}")`) as { name: string }[]).some((column) => column.name === 'profile_id');
  const found = tables
    .filter(({ name }) => CACHE_TABLES.has(name))
    .flatMap(({ name, sql }): ProfileRows[] => {
      const withoutRowid = /WITHOUT\s+ROWID/i.test(sql);
      if (hasProfileColumn(name)) return [{ table: name, where: 'profile_id = @profileId', throughParent: false, withoutRowid }];
      const key = (db.pragma(`foreign_key_list("${name}")`) as { table: string; from: string; to: string }[]).find((fk) => CACHE_TABLES.has(fk.table) && hasProfileColumn(fk.table));
      return key ? [{ table: name, where: `"${key.from}" IN (SELECT "${key.to}" FROM "${key.table}" WHERE profile_id = @profileId)`, throughParent: true, withoutRowid }] : [];
    });
  return [...found.filter((rows) => rows.throughParent), ...found.filter((rows) => !rows.throughParent)];
}

export function connectionDataTasks(db: Db) {
  let tables: ProfileRows[] | undefined;
  const rowsOf = () => (tables ??= profileRowsOf(db));
  return {
    /** The connection's rows of each kind of cache. */
    countConnectionCache: ({ profileId }: { profileId: string }): { kind: CacheKind; rows: number }[] =>
      cacheKinds.flatMap((kind) => {
        const rows = rowsOf().find((candidate) => candidate.table === CACHE_KIND_TABLES[kind]);
        const count = rows ? (db.prepare(`SELECT COUNT(*) FROM "${rows.table}" WHERE ${rows.where}`).pluck().get({ profileId }) as number) : 0;
        return count > 0 ? [{ kind, rows: count }] : [];
      }),

    /** Deletes up to `limit` of the connection's cache rows, in one transaction; answers how many went (fewer than `limit`: none is left). */
    forgetConnectionCacheStep: ({ profileId, limit }: { profileId: string; limit: number }): number =>
      db.transaction(() => {
        let deleted = 0;
        for (const rows of rowsOf()) {
          if (deleted >= limit) break;
          const sql = rows.withoutRowid
            ? `DELETE FROM "${rows.table}" WHERE ${rows.where}`
            : `DELETE FROM "${rows.table}" WHERE rowid IN (SELECT rowid FROM "${rows.table}" WHERE ${rows.where} LIMIT @limit)`;
          deleted += db.prepare(sql).run({ profileId, limit: limit - deleted }).changes;
        }
        return deleted;
      })(),

    /**
     * Gives a step of the file's free pages back to the file system; answers whether more are left.
     * A file made before OpsDesk kept free pages apart (auto_vacuum off) is rewritten once if it is
     * small; a larger one keeps its free pages, which SQLite fills before it grows the file again.
     */
    giveBackSpaceStep: (): boolean => {
      const free = db.pragma('freelist_count', { simple: true }) as number;
      if (free === 0) return false;
      const mode = db.pragma('auto_vacuum', { simple: true }) as number;
      if (mode === 2) {
        db.pragma(`incremental_vacuum(${VACUUM_STEP_PAGES})`);
        return (db.pragma('freelist_count', { simple: true }) as number) > 0;
      }
      if (mode === 0 && db.name !== ':memory:' && statSync(db.name).size <= ONE_TIME_VACUUM_BYTES) {
        db.pragma('auto_vacuum = INCREMENTAL');
        db.exec('VACUUM');
      }
      return false;
    },
  };
}
