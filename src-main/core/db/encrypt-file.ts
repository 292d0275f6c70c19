// The one-time conversion of a plain database (made before OpsDesk encrypted it) into an encrypted
// one. The plain file is never touched until an encrypted copy of it has been checked row for row:
// a kill at any point leaves either the plain file whole (the next start converts again) or the
// encrypted one in its place.
import { copyFileSync, existsSync, renameSync, rmSync, statSync } from 'node:fs';
import Database from 'better-sqlite3';
import { listBackups } from './backups.ts';
import { COMPANION_SUFFIXES, fileKind, openConnection, rekeyPlain, type DatabaseKey, type Db } from './database-file.ts';

export type ConversionPhase = 'copying' | 'encrypting' | 'checking';

/** The copy being encrypted; a start that finds one was stopped mid-way and begins again. */
export const encryptingCopyOf = (file: string) => `${file}.encrypting`;

function removeWithCompanions(file: string): void {
  for (const suffix of ['', ...COMPANION_SUFFIXES]) rmSync(file + suffix, { force: true });
}

/**
 * Encrypts `file` (a plain SQLite file nobody else has open) with `key`; `onPhase` hears of each
 * phase before it starts. Runs synchronously: at start, in the database worker, off main's thread.
 */
export function encryptPlainFile(file: string, key: DatabaseKey, onPhase: (phase: ConversionPhase) => void = () => {}): void {
  if (fileKind(file) !== 'plain') throw new Error(`${file} is not a plain SQLite file.`);
  const copy = encryptingCopyOf(file);
  // A copy a stopped conversion left is only ever a partial copy of the plain file still beside it.
  removeWithCompanions(copy);
  // The WAL folded into the file, so the file alone is the whole database.
  const plain = new Database(file);
  try {
    plain.pragma('busy_timeout = 5000');
    plain.pragma('journal_mode = DELETE');
  } finally {
    plain.close();
  }
  if (existsSync(`${file}-wal`) && statSync(`${file}-wal`).size > 0) {
    throw new Error(`${file}'s write-ahead log could not be folded into it; it stays plain for now.`);
  }
  const counts = rowCounts(file, null);
  onPhase('copying');
  copyFileSync(file, copy);
  onPhase('encrypting');
  const encrypting = new Database(copy);
  try {
    rekeyPlain(encrypting, key);
  } finally {
    encrypting.close();
  }
  onPhase('checking');
  const check = openConnection(copy, key);
  try {
    const result = check.pragma('quick_check', { simple: true });
    if (result !== 'ok') throw new Error(`the encrypted copy failed its check: ${String(result)}`);
  } finally {
    check.close();
  }
  const after = rowCounts(copy, key);
  for (const [table, count] of Object.entries(counts)) {
    if (after[table] !== count) throw new Error(`the encrypted copy's ${table} has ${after[table]} rows, the plain file ${count}`);
  }
  // Leftovers of the plain file's last connection (empty now) must not meet the encrypted file.
  for (const suffix of COMPANION_SUFFIXES) rmSync(file + suffix, { force: true });
  renameSync(copy, file);
  for (const suffix of COMPANION_SUFFIXES) rmSync(copy + suffix, { force: true });
  encryptPlainBackups(file, key);
}

/**
 * Backups taken while the file was plain (a start without a keychain) hold the same customers'
 * data: each is encrypted in place with the database's key (a rekey runs in a rollback journal,
 * so a kill leaves it plain and whole, and the next conversion tries again).
 */
function encryptPlainBackups(file: string, key: DatabaseKey): void {
  for (const backup of listBackups(file)) {
    if (fileKind(backup.file) !== 'plain') continue;
    const db = new Database(backup.file);
    try {
      rekeyPlain(db, key);
    } finally {
      db.close();
    }
  }
}

/** Rows of every ordinary table (full-text shadow tables included: they are copied as they are). */
export function rowCounts(file: string, key: DatabaseKey | null): Record<string, number> {
  const db: Db = openConnection(file, key, { readonly: true, fileMustExist: true });
  try {
    const tables = db.prepare("SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND sql NOT LIKE 'CREATE VIRTUAL%'").pluck().all() as string[];
    return Object.fromEntries(tables.map((table) => [table, db.prepare(`SELECT COUNT(*) FROM "${table}"`).pluck().get() as number]));
  } finally {
    db.close();
  }
}
