// A copy of the database before every start that migrates it, the last three kept, in `backups/`
// beside the file. A copy is SQLite's `VACUUM INTO`, a consistent snapshot written by the same
// connection: SQLite3 Multiple Ciphers writes it encrypted with the database's own key and cipher.
// (better-sqlite3's online-backup call opens its destination without a key, so it could only ever
// write a plain copy of an encrypted database: the very leak the encryption is there to stop.)
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileStamp, type Db } from './database-file.ts';

export const BACKUPS_KEPT = 3;

export interface Backup {
  file: string;
  /** The schema version the database had when it was copied. */
  version: number;
  takenAt: Date;
  bytes: number;
}

const NAME = /^opsdesk-(.+)-v(\d+)\.sqlite$/;

export const backupsFolderOf = (databaseFile: string) => path.join(path.dirname(databaseFile), 'backups');

/** Copies the open database `db` (file `databaseFile`) into the backups folder, then keeps the newest three. */
export function backUp(db: Db, databaseFile: string, at: Date = new Date()): Backup {
  const folder = backupsFolderOf(databaseFile);
  mkdirSync(folder, { recursive: true });
  const version = db.pragma('user_version', { simple: true }) as number;
  const file = path.join(folder, `opsdesk-${fileStamp(at)}-v${version}.sqlite`);
  const partial = `${file}.partial`;
  // A copy stopped half way (a kill during a backup) is only ever an unfinished copy of a database still whole.
  for (const name of existsSync(folder) ? readdirSync(folder) : []) {
    if (name.endsWith('.partial')) rmSync(path.join(folder, name), { force: true });
  }
  db.prepare('VACUUM INTO ?').run(partial);
  renameSync(partial, file);
  for (const old of listBackups(databaseFile).slice(BACKUPS_KEPT)) rmSync(old.file, { force: true });
  return { file, version, takenAt: at, bytes: statSync(file).size };
}

/** The backups there are, newest first. */
export function listBackups(databaseFile: string): Backup[] {
  const folder = backupsFolderOf(databaseFile);
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .flatMap((name) => {
      const match = NAME.exec(name);
      if (!match) return [];
      const file = path.join(folder, name);
      const stamp = match[1]!.replace(/^(\d{4}-\d{2}-\d{2}T\d{2})-(\d{2})-(\d{2})-(\d{3})Z$/, '$1:$2:$3.$4Z');
      return [{ file, version: Number(match[2]), takenAt: new Date(stamp), bytes: statSync(file).size, name }];
    })
    .sort((a, b) => (a.name < b.name ? 1 : a.name > b.name ? -1 : 0))
    .map(({ name: _name, ...backup }) => backup);
}
