// What the user can choose when the database is damaged or a migration failed (database-trouble.ts):
// restore the newest backup, or rebuild the cache. Either way the file in trouble is moved aside,
// never deleted, and every row of the local-only tables it still gives up is carried over: onto the
// backup (a row changed since is taken as it is now), or into a fresh file whose cache tables are
// empty, so every connection syncs again.
import { copyFileSync } from 'node:fs';
import path from 'node:path';
import { migrations } from './migrations/index.ts';
import { listBackups } from './backups.ts';
import { CACHE_TABLES, isDerivedTable } from './cache-tables.ts';
import { fileStamp, moveDatabase, openConnection, type DatabaseKey, type Db } from './database-file.ts';
import { migrate, registerSqlFunctions } from './database.ts';

export type RecoveryChoice = 'restore' | 'rebuild';

export interface Recovery {
  choice: RecoveryChoice;
  /** Where the file in trouble went. */
  setAside: string;
  /** For a restore: the backup the file now starts from. */
  backup?: string;
  /** Local-only rows carried over from the file in trouble. */
  carried: number;
  /** Tables whose rows could not all be read from it (a damaged page), with why. */
  unreadable: { table: string; reason: string }[];
}

/** Moves `file` aside as `opsdesk-<why>-<stamp>.sqlite` beside it and answers the new path. */
export function setAside(file: string, why: 'damaged' | 'unreadable', at: Date = new Date()): string {
  const to = path.join(path.dirname(file), `opsdesk-${why}-${fileStamp(at)}.sqlite`);
  moveDatabase(file, to);
  return to;
}

export function recover(choice: RecoveryChoice, file: string, key: DatabaseKey | null): Recovery {
  const backup = choice === 'restore' ? listBackups(file)[0] : undefined;
  if (choice === 'restore' && !backup) throw new Error('There is no backup to restore.');
  const damaged = setAside(file, 'damaged');
  if (backup) copyFileSync(backup.file, file);
  const carried = carryLocalRows(damaged, file, key, choice === 'rebuild');
  return { choice, setAside: damaged, ...(backup && { backup: backup.file }), ...carried };
}

/**
 * Copies every local-only row `from` gives up into `into` (created when missing), at `from`'s
 * schema version: `into` is migrated up to it first, and later migrations run on the next open.
 */
export function carryLocalRows(from: string, into: string, key: DatabaseKey | null, fresh: boolean): Pick<Recovery, 'carried' | 'unreadable'> {
  const unreadable: Recovery['unreadable'] = [];
  let source: Db;
  let version: number;
  try {
    source = openConnection(from, key, { readonly: true, fileMustExist: true });
    version = source.pragma('user_version', { simple: true }) as number;
  } catch (error) {
    // Nothing can be read from it: the target still opens (from its backup, or empty).
    const target = openConnection(into, key);
    target.close();
    return { carried: 0, unreadable: [{ table: '*', reason: String((error as Error).message ?? error) }] };
  }
  const target = openConnection(into, key);
  let carried = 0;
  try {
    if (fresh) target.pragma('page_size = 16384');
    target.pragma('journal_mode = WAL');
    registerSqlFunctions(target);
    // Up to the source's version (and no further: a migration that failed on it runs again on the
    // next open, over the carried rows and an empty cache).
    migrate(target, Math.min(version, migrations.length));
    // A row whose parent row was lost with a damaged page is kept all the same.
    target.pragma('foreign_keys = OFF');
    for (const table of localTables(target)) {
      try {
        carried += copyTable(source, target, table);
      } catch (error) {
        unreadable.push({ table, reason: (error as Error).message });
      }
    }
  } finally {
    source.close();
    target.close();
  }
  return { carried, unreadable };
}

/** The local-only tables of `db`, parents before the tables that point at them. */
export function localTables(db: Db): string[] {
  const rows = db.prepare("SELECT name, sql FROM sqlite_schema WHERE type = 'table'").all() as { name: string; sql: string }[];
  const virtual = new Set(rows.filter((row) => /^CREATE VIRTUAL/i.test(row.sql)).map((row) => row.name));
  const kept = rows.map((row) => row.name).filter((name) => !CACHE_TABLES.has(name) && !isDerivedTable(name, virtual));
  const parents = new Map(kept.map((name) => [name, (db.pragma(`foreign_key_list("${name}")`) as { table: string }[]).map((fk) => fk.table).filter((parent) => parent !== name)]));
  const ordered: string[] = [];
  const visit = (name: string, seen: Set<string>) => {
    if (ordered.includes(name) || seen.has(name) || !parents.has(name)) return;
    seen.add(name);
    for (const parent of parents.get(name)!) visit(parent, seen);
    ordered.push(name);
  };
  for (const name of kept) visit(name, new Set());
  return ordered;
}

/** Upserts every row of `table` from `source` into `target` on the columns both have; answers how many. */
function copyTable(source: Db, target: Db, table: string): number {
  const columnsOf = (db: Db) => (db.pragma(`table_xinfo("${table}")`) as { name: string; hidden: number }[]).filter((column) => column.hidden === 0).map((column) => column.name);
  const sourceColumns = new Set(columnsOf(source));
  if (sourceColumns.size === 0) return 0;
  const columns = columnsOf(target).filter((column) => sourceColumns.has(column));
  const list = columns.map((column) => `"${column}"`).join(', ');
  const select = source.prepare(`SELECT ${list} FROM "${table}"`).raw(true);
  const insert = target.prepare(
    `INSERT INTO "${table}" (${list}) VALUES (${columns.map(() => '?').join(', ')}) ON CONFLICT DO UPDATE SET ${columns.map((column) => `"${column}" = excluded."${column}"`).join(', ')}`,
  );
  let copied = 0;
  target.transaction(() => {
    for (const row of select.iterate() as Iterable<unknown[]>) {
      insert.run(...row);
      copied++;
    }
  })();
  return copied;
}
