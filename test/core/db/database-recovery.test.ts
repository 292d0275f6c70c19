// A backup before every migration (the last three kept, encrypted like the database), the check at
// start, and what a damaged file or a failed migration leads to: a question, never a wipe. Real
// files, the real keychain.
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { openSync, writeSync, closeSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { migrate, openDatabase, registerSqlFunctions, type Db } from '../../../src-main/core/db/database.ts';
import { openConnection } from '../../../src-main/core/db/database-file.ts';
import { BACKUPS_KEPT, backUp, backupsFolderOf, listBackups } from '../../../src-main/core/db/backups.ts';
import { DatabaseTroubleError } from '../../../src-main/core/db/database-trouble.ts';
import { migrations } from '../../../src-main/core/db/migrations/index.ts';
import type { DatabaseTrouble } from '../../../src-main/core/db/open-app-database.ts';
import { OsKeychainStore } from '../../../src-main/core/secrets/os-keychain-store.ts';
import { databaseKeyEntry, newDatabaseKey } from '../../../src-main/core/secrets/database-key.ts';
import { insertProfileRow } from '../../support/profile-row.ts';
import { openTestServices } from '../../support/test-services.ts';

const TICKETS = 3000;
let dataDir: string;
let file: string;
const keychain = new OsKeychainStore();
beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'opsdesk-recovery-'));
  file = path.join(dataDir, 'opsdesk.sqlite');
});
afterEach(async () => {
  await keychain.delete(databaseKeyEntry(dataDir)).catch(() => undefined);
  await rm(dataDir, { recursive: true, force: true });
});

/** A file an earlier version made under the keychain's key: a conversation (local only) first, then a cache of tickets. */
async function earlierFile(version: number): Promise<string> {
  const key = newDatabaseKey();
  await keychain.set(databaseKeyEntry(dataDir), key);
  const db = openConnection(file, key);
  db.pragma('foreign_keys = ON');
  registerSqlFunctions(db);
  migrate(db, version);
  insertProfileRow(db, 'sp', 'support', 'Helpdesk');
  db.prepare("INSERT INTO conversations (id, title, created_at, updated_at) VALUES ('c1', 'kept through everything', 'now', 'now')").run();
  db.prepare("INSERT INTO settings (key, value) VALUES ('preferences', '{\"language\":\"zh-CN\"}')").run();
  db.prepare(
    `WITH RECURSIVE n (i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
     INSERT INTO support_tickets (profile_id, id, status, subject, activity_at, synced_at) SELECT 'sp', printf('t%05d', i), 'open', printf('subject %05d with some words to fill pages', i), 'now', 'now' FROM n`,
  ).run(TICKETS);
  db.close();
  return key;
}

/** Overwrites a stretch of pages two thirds into the file (the tickets' pages, written after the conversation's). */
function damage(at: string): void {
  const size = statSync(at).size;
  const fd = openSync(at, 'r+');
  writeSync(fd, Buffer.alloc(3 * 16384, 0x5a), 0, 3 * 16384, Math.floor((size * 2) / 3 / 16384) * 16384);
  closeSync(fd);
}

const count = (db: Db, table: string) => db.prepare(`SELECT COUNT(*) FROM ${table}`).pluck().get() as number;

test('a start that migrates first copies the file to backups/, encrypted like it; the newest three are kept and a copy a kill cut short is cleared', async () => {
  const key = await earlierFile(20);
  const opened = await openTestServices({ dataDir, keyStore: keychain });
  await opened.dispose();
  const [backup] = listBackups(file);
  expect(backup).toMatchObject({ version: 20 });
  expect((await readFile(backup!.file)).includes(Buffer.from('kept through everything'))).toBe(false);
  const copy = openConnection(backup!.file, key, { readonly: true });
  expect(count(copy, 'support_tickets')).toBe(TICKETS);
  copy.close();

  await writeFile(path.join(backupsFolderOf(file), 'opsdesk-cut-short.sqlite.partial'), 'half');
  const db = openDatabase(file, undefined, { key });
  for (const day of [1, 2, 3, 4]) backUp(db, file, new Date(Date.UTC(2030, 0, day)));
  db.close();
  const kept = listBackups(file);
  expect(kept).toHaveLength(BACKUPS_KEPT);
  expect(kept.map((one) => one.takenAt.toISOString())).toEqual(['2030-01-04T00:00:00.000Z', '2030-01-03T00:00:00.000Z', '2030-01-02T00:00:00.000Z']);
  expect((await readdir(backupsFolderOf(file))).filter((name) => name.endsWith('.partial'))).toEqual([]);
});

test('a damaged file is found at start and nothing is changed unless the user chooses: without a choice the start fails and the file stays as it was', async () => {
  await earlierFile(migrations.length);
  damage(file);
  const bytes = await readFile(file);
  const error = await openTestServices({ dataDir, keyStore: keychain }).catch((failure: unknown) => failure);
  expect(error).toBeInstanceOf(Error);
  expect((error as Error).message).toMatch(/damaged/);
  expect((await readFile(file)).equals(bytes)).toBe(true);
});

test('rebuild the cache: the damaged file is kept aside, every local-only row comes through, the cache is empty for the next sync', async () => {
  await earlierFile(migrations.length);
  damage(file);
  const asked: DatabaseTrouble[] = [];
  const opened = await openTestServices({ dataDir, keyStore: keychain, onDatabaseTrouble: async (trouble) => (asked.push(trouble), 'rebuild') });
  try {
    expect(asked.map((trouble) => trouble.detail.kind)).toEqual(['corrupt']);
    const [event] = opened.services.databaseStatus.events;
    expect(event).toMatchObject({ kind: 'recovered', choice: 'rebuild' });
    expect(statSync((event as { setAside: string }).setAside).size).toBeGreaterThan(0);
    const { db } = opened.services;
    expect(db.prepare('SELECT title FROM conversations').pluck().all()).toEqual(['kept through everything']);
    expect(db.prepare("SELECT value FROM settings WHERE key = 'preferences'").pluck().get()).toBe('{"language":"zh-CN"}');
    expect(db.prepare('SELECT name FROM profiles').pluck().all()).toEqual(['Helpdesk']);
    expect(count(db, 'support_tickets')).toBe(0);
    expect(db.pragma('quick_check', { simple: true })).toBe('ok');
  } finally {
    await opened.dispose();
  }
});

test('restore the last backup: the backup comes back with its cache, and local rows made since it was taken are carried over from the damaged file', async () => {
  await earlierFile(20);
  const first = await openTestServices({ dataDir, keyStore: keychain });
  first.services.db.prepare("INSERT INTO conversations (id, title, created_at, updated_at) VALUES ('c2', 'asked after the backup', 'now', 'now')").run();
  await first.dispose();
  damage(file);
  const opened = await openTestServices({ dataDir, keyStore: keychain, onDatabaseTrouble: async ({ backup }) => (expect(backup?.version).toBe(20), 'restore') });
  try {
    expect(opened.services.databaseStatus.events[0]).toMatchObject({ kind: 'recovered', choice: 'restore' });
    const { db } = opened.services;
    expect(db.prepare('SELECT title FROM conversations ORDER BY id').pluck().all()).toEqual(['kept through everything', 'asked after the backup']);
    expect(count(db, 'support_tickets')).toBe(TICKETS);
    expect(db.pragma('user_version', { simple: true })).toBe(migrations.length);
  } finally {
    await opened.dispose();
  }
});

test('a failed migration names itself and leaves the file at the version before it; rebuilding lets it run over an empty cache, local rows kept', async () => {
  // The last migration that creates a table fails when a table of that name is already there.
  const failing = [...migrations].reverse().find((migration) => /CREATE TABLE (\w+)/.test(migration.sql))!;
  const table = /CREATE TABLE (\w+)/.exec(failing.sql)![1]!;
  const key = await earlierFile(failing.version - 1);
  const db = openConnection(file, key);
  db.exec(`CREATE TABLE ${table} (x)`);
  db.close();
  const quit = await openTestServices({ dataDir, keyStore: keychain, onDatabaseTrouble: async () => 'quit' }).catch((error: unknown) => error);
  expect(quit).toBeInstanceOf(DatabaseTroubleError);
  expect((quit as DatabaseTroubleError).detail).toMatchObject({ kind: 'migration-failed', version: failing.version - 1, migration: { version: failing.version, name: failing.name } });
  const still = openConnection(file, key, { readonly: true });
  expect(still.pragma('user_version', { simple: true })).toBe(failing.version - 1);
  expect(count(still, 'support_tickets')).toBe(TICKETS);
  still.close();

  const opened = await openTestServices({ dataDir, keyStore: keychain, onDatabaseTrouble: async () => 'rebuild' });
  try {
    expect(opened.services.db.pragma('user_version', { simple: true })).toBe(migrations.length);
    expect(opened.services.db.prepare('SELECT title FROM conversations').pluck().all()).toEqual(['kept through everything']);
  } finally {
    await opened.dispose();
  }
});
