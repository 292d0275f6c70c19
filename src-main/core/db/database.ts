import { migrations } from './migrations/index.ts';
import { registerAddressMatch } from './address-match.ts';
import { registerWordPrefixMatch } from './word-prefix-match.ts';
import { registerAddressOrder } from './address-order.ts';
import { loadVectorExtension } from './vector-extension.ts';
import { backUp } from './backups.ts';
import { fileKind, openConnection, type DatabaseKey, type Db } from './database-file.ts';
import { DatabaseTroubleError, isCorruption } from './database-trouble.ts';
import { encryptPlainFile, type ConversionPhase } from './encrypt-file.ts';

export type { Db, DatabaseKey } from './database-file.ts';

/** Which migration is about to run, of how many this start runs. */
export interface MigrationStep {
  number: number;
  of: number;
  name: string;
}

export interface OpenDatabaseOptions {
  /**
   * The database key (core/secrets/database-key.ts): the file is opened with it, and a plain file
   * is encrypted with it first. null or absent: a plain file (no keychain, or a test's file).
   */
  key?: DatabaseKey | null;
  /** Run SQLite's quick_check before anything else: the first connection of a start does. */
  check?: boolean;
  /** Hears of each phase of a plain file's encryption before it starts. */
  onConversion?: (phase: ConversionPhase) => void;
}

/** SQLite's page cache per encrypted connection, in KiB. */
const ENCRYPTED_CACHE_KIB = 65_536;

/** Each connection's key, for the read-only connections a task opens beside it (`openReader`). */
const keys = new WeakMap<Db, DatabaseKey | null>();

/**
 * Opens (or creates) the app's SQLite file in WAL mode and brings its schema up to date;
 * `onMigration` hears of each migration before it runs. Before the first migration of a start an
 * encrypted copy goes to `backups/` (backups.ts). A damaged file or a failed migration throws a
 * `DatabaseTroubleError` and leaves the file as it was.
 */
export function openDatabase(file: string, onMigration?: (step: MigrationStep) => void, options: OpenDatabaseOptions = {}): Db {
  const key = options.key ?? null;
  if (key !== null && fileKind(file) === 'plain') encryptPlainFile(file, key, options.onConversion);
  let db: Db;
  try {
    db = openConnection(file, key);
  } catch (error) {
    throw isCorruption(error) ? corrupt(error, 0) : error;
  }
  try {
    // First: the database worker opens its own connection while main may be writing.
    db.pragma('busy_timeout = 5000');
    // Before anything writes to it (even the switch to WAL rewrites the header).
    if (options.check) quickCheck(db);
    // Only a file with nothing in it yet takes a page size; the alerts cache stores and indexes
    // faster in larger pages (docs/architecture.md, "Data").
    db.pragma('page_size = 16384');
    db.pragma('journal_mode = WAL');
    db.pragma('foreign_keys = ON');
    // An encrypted page is decrypted (AES and HMAC) each time it comes into SQLite's own cache,
    // where a plain one is a copy from the OS's: with SQLite's default 2 MB, a list over a large
    // cache read four times slower encrypted; 64 MB (native memory, not main's heap) brings it
    // near the plain file's time (docs/architecture.md, "At rest").
    if (key !== null) db.pragma(`cache_size = -${ENCRYPTED_CACHE_KIB}`);
    beginTransactionsImmediate(db);
    registerSqlFunctions(db);
    const current = db.pragma('user_version', { simple: true }) as number;
    // A new file has nothing to lose; an in-memory one nowhere to copy to.
    const backup = current > 0 && file !== ':memory:' ? () => backUp(db, file) : undefined;
    migrate(db, migrations.length, onMigration, backup);
  } catch (error) {
    db.close();
    throw isCorruption(error) ? corrupt(error, 0) : error;
  }
  keys.set(db, key);
  return db;
}

/** A read-only connection to `db`'s file with its key: one read transaction beside a writer's commits. */
export function openReader(db: Db): Db {
  const reader = openConnection(db.name, keys.get(db) ?? null, { readonly: true, fileMustExist: true });
  reader.pragma('busy_timeout = 5000');
  return reader;
}

function corrupt(error: unknown, version: number): DatabaseTroubleError {
  return new DatabaseTroubleError({ kind: 'corrupt', reason: error instanceof Error ? error.message : String(error), version });
}

/** SQLite's quick_check (structure and pages, not every index entry: seconds, not minutes, on a large cache). */
function quickCheck(db: Db): void {
  const findings = db.pragma('quick_check(5)', { simple: false }) as { quick_check: string }[];
  const said = findings.map((row) => row.quick_check);
  if (said.length === 1 && said[0] === 'ok') return;
  throw new DatabaseTroubleError({ kind: 'corrupt', reason: said.join('; '), version: db.pragma('user_version', { simple: true }) as number });
}

/** The functions of ours that the schema's statements and migrations call; every connection has them. */
export function registerSqlFunctions(db: Db): void {
  loadVectorExtension(db);
  registerWordPrefixMatch(db);
  registerAddressMatch(db);
  registerAddressOrder(db);
}

/**
 * Whether a file an earlier version made waits for migrations or for its encryption. They may
 * rewrite a large cache (migration 18: about 9 s per million alerts), so the app runs them off
 * main's thread and says so; a new file's run at once, over empty tables.
 */
export function hasPendingMigrations(file: string, key: DatabaseKey | null = null): boolean {
  const kind = fileKind(file);
  if (kind === 'missing') return false;
  if (kind === 'plain' && key !== null) return true;
  const db = openConnection(file, kind === 'plain' ? null : key, { fileMustExist: true });
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

/**
 * Runs the migrations from the file's version up to `upTo`, each in its own transaction (a kill
 * mid-way leaves the file at the last one that committed). `beforeFirst` runs once, after the first
 * is announced and before it runs (the backup). A migration that fails throws a
 * `DatabaseTroubleError` naming it; the file stays at the version before it.
 */
export function migrate(db: Db, upTo = migrations.length, onMigration?: (step: MigrationStep) => void, beforeFirst?: () => void): void {
  const current = db.pragma('user_version', { simple: true }) as number;
  const pending = migrations.slice(current, upTo);
  for (const [index, migration] of pending.entries()) {
    onMigration?.({ number: index + 1, of: pending.length, name: migration.name });
    if (index === 0) beforeFirst?.();
    try {
      db.transaction(() => {
        db.exec(migration.sql);
        db.pragma(`user_version = ${migration.version}`);
      })();
    } catch (error) {
      if (isCorruption(error)) throw error;
      throw new DatabaseTroubleError(
        {
          kind: 'migration-failed',
          reason: error instanceof Error ? error.message : String(error),
          version: migration.version - 1,
          migration: { version: migration.version, name: migration.name },
        },
      );
    }
  }
}
