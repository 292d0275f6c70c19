import Database from 'better-sqlite3';
import { migrations } from './migrations.ts';

export type Db = Database.Database;

/** Opens (or creates) the app's SQLite file in WAL mode and brings its schema up to date. */
export function openDatabase(file: string): Db {
  const db = new Database(file);
  // First: the database worker opens its own connection while main may be writing.
  db.pragma('busy_timeout = 5000');
  // Only a file with nothing in it yet takes a page size; the alerts cache stores and indexes
  // faster in larger pages (docs/architecture.md, "Data").
  db.pragma('page_size = 16384');
  db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  beginTransactionsImmediate(db);
  migrate(db);
  return db;
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

export function migrate(db: Db, upTo = migrations.length): void {
  const current = db.pragma('user_version', { simple: true }) as number;
  for (const migration of migrations.slice(current, upTo)) {
    db.transaction(() => {
      db.exec(migration.sql);
      db.pragma(`user_version = ${migrations.indexOf(migration) + 1}`);
    })();
  }
}
