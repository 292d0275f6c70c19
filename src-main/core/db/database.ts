import Database from 'better-sqlite3';
import { existsSync } from 'node:fs';
import { migrations } from './migrations/index.ts';
import { registerAddressMatch } from './address-match.ts';
import { registerWordPrefixMatch } from './word-prefix-match.ts';
import { registerAddressOrder } from './address-order.ts';

export type Db = Database.Database;

/** Which migration is about to run, of how many this start runs. */
export interface MigrationStep {
  number: number;
  of: number;
  name: string;
}

/**
 * Opens (or creates) the app's SQLite file in WAL mode and brings its schema up to date;
 * `onMigration` hears of each migration before it runs.
 */
export function openDatabase(file: string, onMigration?: (step: MigrationStep) => void): Db {
  const db = new Database(file);
  // First: the database worker opens its own connection while main may be writing.
  db.pragma('busy_timeout = 5000');
  // Only a file with nothing in it yet takes a page size; the alerts cache stores and indexes
  // faster in larger pages (docs/architecture.md, "Data").
  db.pragma('page_size = 16384');
  db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  beginTransactionsImmediate(db);
  registerSqlFunctions(db);
  migrate(db, migrations.length, onMigration);
  return db;
}

/** The functions of ours that the schema's statements and migrations call; every connection has them. */
export function registerSqlFunctions(db: Db): void {
  registerWordPrefixMatch(db);
  registerAddressMatch(db);
  registerAddressOrder(db);
}

/**
 * Whether a file an earlier version made waits for migrations. They may rewrite a large cache
 * (migration 18: about 9 s per million alerts), so the app runs them off main's thread and says
 * so; a new file's run at once, over empty tables.
 */
export function hasPendingMigrations(file: string): boolean {
  if (!existsSync(file)) return false;
  const db = new Database(file, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    return (db.pragma('user_version', { simple: true }) as number) < migrations.length;
  } finally {
    db.close();
  }
}

/**
 * Two connections write to the file (main's and the database worker's). A deferred transaction
 * that reads before it writes fails at once with SQLITE_BUSY when the other wrote in between, the
 * busy timeout notwithstanding; one that takes the write lock when it begins waits its turn.
 */
function beginTransactionsImmediate(db: Db): void {
  const transaction = db.transaction.bind(db);
  db.transaction = (work) => {
    const variants = transaction(work);
    // Each variant carries the others (better-sqlite3): the immediate one is a whole Transaction.
    return variants.immediate as typeof variants;
  };
}

export function migrate(db: Db, upTo = migrations.length, onMigration?: (step: MigrationStep) => void): void {
  const current = db.pragma('user_version', { simple: true }) as number;
  const pending = migrations.slice(current, upTo);
  for (const [index, migration] of pending.entries()) {
    onMigration?.({ number: index + 1, of: pending.length, name: migration.name });
    db.transaction(() => {
      db.exec(migration.sql);
      db.pragma(`user_version = ${migration.version}`);
    })();
  }
}
