import Database from 'better-sqlite3';
import { migrations } from './migrations.ts';

export type Db = Database.Database;

/** Opens (or creates) the app's SQLite file in WAL mode and brings its schema up to date. */
export function openDatabase(file: string): Db {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  migrate(db);
  return db;
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
