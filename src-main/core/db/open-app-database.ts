// The start's way to the database (docs/architecture.md, "Data"): the key from the keychain, the
// file checked, a plain file encrypted, an update's migrations run after a backup, all in the
// database worker while main's thread stays free; then main's own connection. What went wrong is
// said and asked about, never decided alone: a lost key sets the file aside and starts a fresh
// cache; a damaged file or a failed migration asks to restore a backup or rebuild the cache.
import type { Logger } from '../log/logger.ts';
import type { KeyStore } from '../secrets/key-store.ts';
import path from 'node:path';
import { databaseKeyEntry, newDatabaseKey, readDatabaseKey, saveDatabaseKey, setAsideKeyEntry } from '../secrets/database-key.ts';
import type { DatabaseWorker } from '../worker/database-worker.ts';
import { listBackups, type Backup } from './backups.ts';
import { fileKind, KeyDoesNotOpenError, openConnection, type DatabaseKey, type Db } from './database-file.ts';
import { DatabaseTroubleError, isCorruption, type DatabaseTroubleDetail } from './database-trouble.ts';
import { hasPendingMigrations, openDatabase, type MigrationStep } from './database.ts';
import type { ConversionPhase } from './encrypt-file.ts';
import { recover, setAside, type Recovery, type RecoveryChoice } from './recovery.ts';

/** What this start did to the database that the user is told of. */
export type DatabaseEvent =
  | { kind: 'encrypted' }
  | { kind: 'key-lost'; setAside: string; keyKept: boolean }
  | ({ kind: 'recovered' } & Recovery);

export interface DatabaseStatus {
  encrypted: boolean;
  /** Why the file is plain: what the keychain said. */
  plainBecause?: string;
  events: DatabaseEvent[];
}

export interface DatabaseTrouble {
  detail: DatabaseTroubleDetail;
  /** The newest backup, if there is one to restore. */
  backup: Backup | null;
}

/** An encrypted file with no keychain to give its key: nothing is changed, the next start tries again. */
export class DatabaseLockedError extends Error {
  constructor(reason: string) {
    super(`OpsDesk's data is encrypted with a key kept in the OS keychain, which is not available (${reason}). Nothing was changed; start OpsDesk again once the keychain is back.`);
    this.name = 'DatabaseLockedError';
  }
}

export interface OpenAppDatabaseOptions {
  file: string;
  keyStore: KeyStore;
  /** The database worker for this key (its thread opens the file first). */
  makeWorker: (key: DatabaseKey | null) => DatabaseWorker;
  logger: Logger;
  /** Before each migration an update brought (not a new file's). */
  onMigration?: (step: MigrationStep) => void;
  /** Before each phase of a plain file's encryption. */
  onConversion?: (phase: ConversionPhase) => void;
  /** Asked when the file is damaged or a migration failed; absent or 'quit': the start fails, the file as it was. */
  onTrouble?: (trouble: DatabaseTrouble) => Promise<RecoveryChoice | 'quit'>;
}

export interface AppDatabase {
  db: Db;
  worker: DatabaseWorker;
  status: DatabaseStatus;
}

export async function openAppDatabase(options: OpenAppDatabaseOptions): Promise<AppDatabase> {
  const { file, logger } = options;
  const events: DatabaseEvent[] = [];
  const { key, plainBecause } = await databaseKeyFor(options, events);
  for (;;) {
    const worker = options.makeWorker(key);
    try {
      const db = await openWithWorker(options, worker, key, events);
      const status: DatabaseStatus = { encrypted: key !== null, ...(plainBecause !== undefined && { plainBecause }), events };
      for (const event of events) logger.warn('database', { event: event.kind, ...('setAside' in event && { setAside: event.setAside }) });
      if (plainBecause !== undefined) logger.warn('the database is not encrypted: there is no keychain to keep its key', { reason: plainBecause });
      return { db, worker, status };
    } catch (error) {
      await worker.dispose().catch(() => undefined);
      if (!(error instanceof DatabaseTroubleError)) throw error;
      logger.error('the database could not be opened as it is', { kind: error.detail.kind, reason: error.detail.reason, version: error.detail.version });
      const backup = listBackups(file)[0] ?? null;
      const choice = options.onTrouble ? await options.onTrouble({ detail: error.detail, backup }) : 'quit';
      if (choice === 'quit' || (choice === 'restore' && !backup)) throw error;
      const recovery = recover(choice, file, key);
      logger.warn('the database was recovered', { choice, setAside: recovery.setAside, carried: recovery.carried, unreadable: recovery.unreadable.map((table) => table.table) });
      events.push({ kind: 'recovered', ...recovery });
    }
  }
}

async function openWithWorker(options: OpenAppDatabaseOptions, worker: DatabaseWorker, key: DatabaseKey | null, events: DatabaseEvent[]): Promise<Db> {
  const { file, logger } = options;
  const kind = fileKind(file);
  if (kind === 'missing') {
    // Nothing to check, convert or announce: main makes the file at once, and the worker's thread
    // starts beside it rather than ahead of it (a new install's, and every test's, start).
    const db = openDatabase(file, undefined, { key });
    worker.start().catch((error: unknown) => logger.warn('the database worker did not start; the next task tries again', { error }));
    return db;
  }
  const wasPlain = key !== null && kind === 'plain';
  let updating: boolean;
  try {
    updating = hasPendingMigrations(file, key);
  } catch (error) {
    if (isCorruption(error)) throw new DatabaseTroubleError({ kind: 'corrupt', reason: (error as Error).message, version: 0 });
    throw error;
  }
  // An update's migrations are announced; a new file's run over empty tables, unannounced.
  const onMigration = updating ? options.onMigration : undefined;
  const conversion = options.onConversion ? { onConversion: options.onConversion } : {};
  let checked = true;
  await worker.start(onMigration, conversion).catch((error: unknown) => {
    if (error instanceof DatabaseTroubleError) throw error;
    checked = false;
    logger.warn('the database worker did not start; main brings the database up to date', { error });
  });
  const db = openDatabase(file, onMigration, { key, check: !checked, ...conversion });
  if (wasPlain) events.push({ kind: 'encrypted' });
  if (!checked) worker.start().catch((error: unknown) => logger.warn('the database worker did not start; the next task tries again', { error }));
  return db;
}

/**
 * The key to open the file with, or null for a plain file (no keychain: a key kept for the session
 * only would make the file unreadable at the next start). An encrypted file the keychain has no
 * key for, or one its key does not open, is set aside for a fresh one under a new key.
 */
async function databaseKeyFor({ file, keyStore }: OpenAppDatabaseOptions, events: DatabaseEvent[]): Promise<{ key: DatabaseKey | null; plainBecause?: string }> {
  const kind = fileKind(file);
  const unavailable = (reason: string) => {
    if (kind === 'encrypted') throw new DatabaseLockedError(reason);
    return { key: null, plainBecause: reason };
  };
  if (keyStore.kind !== 'os-keychain') return unavailable(keyStore.reason ?? keyStore.kind);
  let key: DatabaseKey | null;
  let entry: string;
  try {
    entry = databaseKeyEntry(path.dirname(file));
    key = await readDatabaseKey(keyStore, entry);
  } catch (error) {
    return unavailable((error as Error).message);
  }
  if (kind === 'encrypted' && !(key !== null && opens(file, key))) {
    const aside = setAside(file, 'unreadable');
    // The key that did not open it stays beside it in the keychain: the file may be repaired one day.
    if (key !== null) await keyStore.set(setAsideKeyEntry(entry, aside), key).catch(() => undefined);
    events.push({ kind: 'key-lost', setAside: aside, keyKept: key !== null });
    key = null;
  }
  if (key === null) {
    key = newDatabaseKey();
    try {
      await saveDatabaseKey(keyStore, entry, key);
    } catch (error) {
      return { key: null, plainBecause: (error as Error).message };
    }
  }
  return { key };
}

function opens(file: string, key: DatabaseKey): boolean {
  try {
    openConnection(file, key, { readonly: true, fileMustExist: true }).close();
    return true;
  } catch (error) {
    if (error instanceof KeyDoesNotOpenError) return false;
    throw error;
  }
}
