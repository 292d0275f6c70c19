// The app's SQLite file on disk: whether it is plain or encrypted, opening a connection with its
// key, and moving a file aside (never deleting it) with the files SQLite keeps beside it.
//
// `better-sqlite3` in package.json is the npm alias of `better-sqlite3-multiple-ciphers` (the same
// API and prebuilt N-API binaries, built with SQLite3 Multiple Ciphers): one SQLite in the process,
// so every import of `better-sqlite3`, the tests' too, reads and writes files the same way.
import Database from 'better-sqlite3';
import { closeSync, existsSync, openSync, readSync, renameSync, statSync } from 'node:fs';

export type Db = Database.Database;

/** 32 random bytes as 64 hex digits: a raw SQLCipher key, so no key derivation runs at each open. */
export type DatabaseKey = string;

const PLAIN_HEADER = Buffer.from('SQLite format 3\0', 'latin1');

/** The files SQLite keeps beside a database; they belong to it wherever it goes. */
export const COMPANION_SUFFIXES = ['-wal', '-shm', '-journal'] as const;

/**
 * `missing`: no file or an empty one; `plain`: an unencrypted SQLite file; `encrypted`: anything
 * else (an SQLCipher file's first page is encrypted whole, header included).
 */
export function fileKind(file: string): 'missing' | 'plain' | 'encrypted' {
  if (!existsSync(file) || statSync(file).size === 0) return 'missing';
  const header = Buffer.alloc(PLAIN_HEADER.length);
  const fd = openSync(file, 'r');
  try {
    readSync(fd, header, 0, header.length, 0);
  } finally {
    closeSync(fd);
  }
  return header.equals(PLAIN_HEADER) ? 'plain' : 'encrypted';
}

/** An encrypted file the key given does not open (a lost or replaced key, or a damaged first page). */
export class KeyDoesNotOpenError extends Error {
  constructor(file: string) {
    super(`The database key does not open ${file}.`);
    this.name = 'KeyDoesNotOpenError';
  }
}

/**
 * SQLCipher 4's format (AES-256), the one Signal Desktop and SQLCipher's own tools read, without its
 * per-page HMAC (SQLCipher's `cipher_use_hmac = OFF`): the HMAC guards against a page altered by
 * someone who can already write to the user's files, costs a sync's store about 35% more time, and
 * a damaged page is still found by the quick_check at start (docs/architecture.md, "At rest").
 * Its page size is part of the cipher (the header is encrypted too), so it is set before the key.
 */
function applyCipher(db: Db, pageSize: number): void {
  db.pragma(`cipher = 'sqlcipher'`);
  db.pragma('legacy = 4');
  db.pragma(`legacy_page_size = ${pageSize}`);
  db.pragma('hmac_use = 0');
}

/** The key as SQLCipher's raw-key literal; only 64 hex digits are ever put into the statement. */
function keyLiteral(key: DatabaseKey): string {
  if (!/^[0-9a-f]{64}$/i.test(key)) throw new Error('A database key is 64 hex digits.');
  return `"x'${key}'"`;
}

/**
 * A new file takes 16 KB pages (docs/architecture.md, "Data"); a file encrypted from an older plain
 * one keeps that one's pages (often 4 KB): each is tried, which costs a page read, no derivation.
 */
const PAGE_SIZES = [16384, 4096, 8192, 32768, 65536, 1024, 2048];

/**
 * A connection to `file`, keyed when `key` is given: an existing encrypted file is opened at the
 * page size it was made with; a missing one is created encrypted with 16 KB pages.
 */
export function openConnection(file: string, key: DatabaseKey | null, options: Database.Options = {}): Db {
  if (key === null || file === ':memory:') return new Database(file, options);
  const kind = fileKind(file);
  if (kind === 'plain') throw new Error(`${file} is not encrypted: encrypt it first (encryptPlainFile).`);
  const sizes = kind === 'missing' ? [PAGE_SIZES[0]!] : PAGE_SIZES;
  for (const pageSize of sizes) {
    const db = new Database(file, options);
    try {
      applyCipher(db, pageSize);
      db.pragma(`key = ${keyLiteral(key)}`);
      db.prepare('SELECT COUNT(*) FROM sqlite_schema').get();
      return db;
    } catch (error) {
      db.close();
      if ((error as { code?: string }).code !== 'SQLITE_NOTADB') throw error;
    }
  }
  throw new KeyDoesNotOpenError(file);
}

/** Encrypts a plain connection's file in place with `key` (SQLite3 Multiple Ciphers' rekey, in a rollback journal). */
export function rekeyPlain(db: Db, key: DatabaseKey): void {
  applyCipher(db, db.pragma('page_size', { simple: true }) as number);
  db.pragma(`rekey = ${keyLiteral(key)}`);
}

/** A file name's time stamp, sortable and valid on every OS. */
export function fileStamp(at: Date = new Date()): string {
  return at.toISOString().replace(/[:.]/g, '-');
}

/**
 * Moves a database and the files beside it to `to` (same folder), never deleting: what could not
 * be read today may be read tomorrow (a key found again, a tool that repairs it).
 */
export function moveDatabase(file: string, to: string): void {
  renameSync(file, to);
  for (const suffix of COMPANION_SUFFIXES) {
    if (existsSync(file + suffix)) renameSync(file + suffix, to + suffix);
  }
}
