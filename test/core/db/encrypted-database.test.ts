// The database at rest: encrypted with a random key the OS keychain keeps (the real gnome-keyring
// of scripts/with-test-keyring.sh), a plain file from an earlier version converted once, a lost key
// said and the unreadable file kept aside, no keychain: a plain file and the reason.
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { migrate, type Db } from '../../../src-main/core/db/database.ts';
import { fileKind, openConnection } from '../../../src-main/core/db/database-file.ts';
import type { ConversionPhase } from '../../../src-main/core/db/encrypt-file.ts';
import { OsKeychainStore } from '../../../src-main/core/secrets/os-keychain-store.ts';
import { databaseKeyEntry } from '../../../src-main/core/secrets/database-key.ts';
import { insertProfileRow } from '../../support/profile-row.ts';
import { openTestServices } from '../../support/test-services.ts';

const SUBJECT = 'Refund for order 7741, Margaret Oyelaran';
const EMAIL = 'margaret.oyelaran@example.org';
const TITLE = 'Why does 198.51.100.23 scan us every night';

let dataDir: string;
const keychain = new OsKeychainStore();
beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'opsdesk-at-rest-'));
});
afterEach(async () => {
  await keychain.delete(databaseKeyEntry(dataDir)).catch(() => undefined);
  await rm(dataDir, { recursive: true, force: true });
});

function writeTicketAndConversation(db: Db): void {
  insertProfileRow(db, 'sp', 'support', 'Helpdesk');
  db.prepare("INSERT INTO support_tickets (profile_id, id, status, subject, visitor_email, activity_at, synced_at) VALUES ('sp', 't1', 'open', ?, ?, 'now', 'now')").run(SUBJECT, EMAIL);
  db.prepare("INSERT INTO conversations (id, title, created_at, updated_at) VALUES ('c1', ?, 'now', 'now')").run(TITLE);
}

/** Every file under the data folder (database, WAL, backups, the set-aside ones) that holds `text` as it is. */
async function filesHolding(text: string): Promise<string[]> {
  const found: string[] = [];
  for (const name of await readdir(dataDir, { recursive: true })) {
    const file = path.join(dataDir, name);
    if (!(await stat(file)).isFile()) continue;
    const bytes = await readFile(file);
    if (bytes.includes(Buffer.from(text)) || bytes.includes(Buffer.from(text, 'utf16le'))) found.push(name);
  }
  return found;
}

test('with the keychain, a new database is encrypted with a key kept there: no ticket subject, e-mail or conversation title on disk, the key known to the redactor', async () => {
  const opened = await openTestServices({ dataDir, keyStore: keychain });
  try {
    expect(opened.services.databaseStatus).toEqual({ encrypted: true, events: [] });
    writeTicketAndConversation(opened.services.db);
    const key = await keychain.get(databaseKeyEntry(dataDir));
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(opened.services.logger.redact(`key ${key}`)).not.toContain(key!);
    for (const text of [SUBJECT, EMAIL, TITLE, key!]) expect(await filesHolding(text), text).toEqual([]);
  } finally {
    await opened.dispose();
  }
  expect(fileKind(path.join(dataDir, 'opsdesk.sqlite'))).toBe('encrypted');
  for (const text of [SUBJECT, EMAIL, TITLE]) expect(await filesHolding(text), text).toEqual([]);
  // Without the key the file is no database at all.
  const plain = new Database(path.join(dataDir, 'opsdesk.sqlite'));
  expect(() => plain.prepare('SELECT COUNT(*) FROM sqlite_schema').get()).toThrow(/not a database/);
  plain.close();
  const again = await openTestServices({ dataDir, keyStore: keychain });
  try {
    expect(again.services.db.prepare('SELECT subject FROM support_tickets').pluck().get()).toBe(SUBJECT);
  } finally {
    await again.dispose();
  }
});

test('a plain database an earlier version made is encrypted once, after it was copied whole, each phase announced, every row kept', async () => {
  const file = path.join(dataDir, 'opsdesk.sqlite');
  const old = new Database(file);
  old.pragma('journal_mode = WAL');
  migrate(old, 20);
  writeTicketAndConversation(old);
  old.close();
  expect(await filesHolding(SUBJECT)).toContain('opsdesk.sqlite');
  const phases: ConversionPhase[] = [];
  const opened = await openTestServices({ dataDir, keyStore: keychain, onDatabaseConversion: (phase) => phases.push(phase) });
  try {
    expect(phases).toEqual(['copying', 'encrypting', 'checking']);
    expect(opened.services.databaseStatus.events).toEqual([{ kind: 'encrypted' }]);
    expect(opened.services.db.prepare('SELECT subject FROM support_tickets').pluck().get()).toBe(SUBJECT);
    expect(opened.services.db.prepare('SELECT title FROM conversations').pluck().get()).toBe(TITLE);
  } finally {
    await opened.dispose();
  }
  expect(fileKind(file)).toBe('encrypted');
  for (const text of [SUBJECT, EMAIL, TITLE]) expect(await filesHolding(text), text).toEqual([]);
  const again = await openTestServices({ dataDir, keyStore: keychain, onDatabaseConversion: (phase) => phases.push(phase) });
  await again.dispose();
  expect(phases).toHaveLength(3);
});

test('backups taken while the file was plain are encrypted with it: none of its text stays readable in backups/', async () => {
  const file = path.join(dataDir, 'opsdesk.sqlite');
  const old = new Database(file);
  migrate(old, 20);
  writeTicketAndConversation(old);
  old.close();
  // No keychain at this start: the update's backup is as plain as the file.
  await (await openTestServices({ dataDir })).dispose();
  expect(await filesHolding(SUBJECT)).toEqual(expect.arrayContaining([expect.stringMatching(/^backups[/\\]/)]));

  const opened = await openTestServices({ dataDir, keyStore: keychain });
  await opened.dispose();
  const key = (await keychain.get(databaseKeyEntry(dataDir)))!;
  for (const text of [SUBJECT, EMAIL, TITLE]) expect(await filesHolding(text), text).toEqual([]);
  const backups = (await readdir(path.join(dataDir, 'backups'))).filter((name) => name.endsWith('.sqlite'));
  expect(backups.length).toBeGreaterThan(0);
  for (const name of backups) {
    const backup = openConnection(path.join(dataDir, 'backups', name), key, { readonly: true });
    try {
      expect(backup.prepare('SELECT subject FROM support_tickets').pluck().get(), name).toBe(SUBJECT);
    } finally {
      backup.close();
    }
  }
});

test('a keychain that lost the key: the start says so, keeps the unreadable file aside untouched, and starts a fresh cache under a new key', async () => {
  const first = await openTestServices({ dataDir, keyStore: keychain });
  writeTicketAndConversation(first.services.db);
  await first.dispose();
  const file = path.join(dataDir, 'opsdesk.sqlite');
  const bytes = await readFile(file);
  await keychain.delete(databaseKeyEntry(dataDir));

  const opened = await openTestServices({ dataDir, keyStore: keychain });
  try {
    const [event] = opened.services.databaseStatus.events;
    expect(event).toMatchObject({ kind: 'key-lost', keyKept: false });
    const aside = (event as { setAside: string }).setAside;
    expect(path.dirname(aside)).toBe(dataDir);
    expect((await readFile(aside)).equals(bytes)).toBe(true);
    expect(opened.services.db.prepare('SELECT COUNT(*) FROM support_tickets').pluck().get()).toBe(0);
    expect(opened.services.databaseStatus.encrypted).toBe(true);
  } finally {
    await opened.dispose();
  }
  expect(await keychain.get(databaseKeyEntry(dataDir))).toMatch(/^[0-9a-f]{64}$/);
});

test('a key that does not open the file (another one in the keychain) is kept beside the file it could not open', async () => {
  const first = await openTestServices({ dataDir, keyStore: keychain });
  await first.dispose();
  const entry = databaseKeyEntry(dataDir);
  await keychain.set(entry, 'cd'.repeat(32));
  const opened = await openTestServices({ dataDir, keyStore: keychain });
  try {
    const [event] = opened.services.databaseStatus.events;
    expect(event).toMatchObject({ kind: 'key-lost', keyKept: true });
    const aside = path.basename((event as { setAside: string }).setAside);
    expect(await keychain.get(`${entry}:${aside}`)).toBe('cd'.repeat(32));
    await keychain.delete(`${entry}:${aside}`);
  } finally {
    await opened.dispose();
  }
});

test('with no keychain the database stays plain (a key kept for the session would lose it at the next start) and the status says why', async () => {
  const opened = await openTestServices({ dataDir });
  try {
    expect(opened.services.databaseStatus).toEqual({ encrypted: false, plainBecause: 'test', events: [] });
  } finally {
    await opened.dispose();
  }
  expect(fileKind(path.join(dataDir, 'opsdesk.sqlite'))).toBe('plain');
});

test('an encrypted file with no keychain to open it is left as it was and the start says why', async () => {
  const first = await openTestServices({ dataDir, keyStore: keychain });
  await first.dispose();
  const bytes = await readFile(path.join(dataDir, 'opsdesk.sqlite'));
  await expect(openTestServices({ dataDir })).rejects.toThrow(/encrypted with a key kept in the OS keychain, which is not available/);
  expect((await readFile(path.join(dataDir, 'opsdesk.sqlite'))).equals(bytes)).toBe(true);
  // The key still opens it.
  openConnection(path.join(dataDir, 'opsdesk.sqlite'), (await keychain.get(databaseKeyEntry(dataDir)))!).close();
});
