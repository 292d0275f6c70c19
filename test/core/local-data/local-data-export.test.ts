// The analyst's own records as one file under a passphrase (issue 45, item 4), through the services
// as Settings drives them, against real SQLite files, the real keychain (scripts/with-test-keyring.sh)
// and the database worker: exported and imported into a fresh data folder row for row; imported
// twice, nothing more; a wrong passphrase refused with nothing changed; no key the keychain holds
// and none of the analyst's words in the file as they are.
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest';
import type { ParsedProfileInput } from '../../../src-shared/contract/profiles.ts';
import type { Db } from '../../../src-main/core/db/database.ts';
import { localTables } from '../../../src-main/core/db/recovery.ts';
import { openLocalData, sealLocalData } from '../../../src-main/core/local-data/local-data-file.ts';
import { OsKeychainStore } from '../../../src-main/core/secrets/os-keychain-store.ts';
import { databaseKeyEntry } from '../../../src-main/core/secrets/database-key.ts';
import { fillEveryTable, rowsOf } from '../../support/every-table.ts';
import { insertProfileRow } from '../../support/profile-row.ts';
import { openTestServices, type TestServices } from '../../support/test-services.ts';

const PASSPHRASE = 'tidal-marmot-quietly-47';
const NOTE = 'Margaret Oyelaran called back: 198.51.100.23 is her NAS, not a scanner';
const TITLE = 'Why does 198.51.100.23 scan us every night';
const GATEWAY_KEY = `sk-live-${randomUUID().replaceAll('-', '')}`;
const SUPPORT_KEY = `svc_live_0123456789ab.${randomUUID().replaceAll('-', '')}`;

const keychain = new OsKeychainStore();
let scratch: string;
const opened: TestServices[] = [];

beforeAll(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), 'opsdesk-local-data-'));
});
afterEach(async () => {
  for (const app of opened.splice(0)) {
    for (const id of app.services.profiles.ids()) await keychain.delete(id).catch(() => undefined);
    await keychain.delete(databaseKeyEntry(app.dataDir)).catch(() => undefined);
    await app.dispose();
  }
});
afterAll(() => rm(scratch, { recursive: true, force: true }));

async function open(): Promise<TestServices> {
  const app = await openTestServices({ keyStore: keychain });
  opened.push(app);
  return app;
}

const gateway = (name: string): ParsedProfileInput => ({ service: 'gateway', name, baseUrl: 'https://gateway.example:9443', apiKey: GATEWAY_KEY, trust: { mode: 'system' }, settings: { rateTier: 600 } });
const support = (name: string): ParsedProfileInput => ({ service: 'support', name, baseUrl: 'https://support.example:9443', apiKey: SUPPORT_KEY, trust: { mode: 'system' }, settings: { site: 'site-main', ratePerMinute: 60 } });

/**
 * A workstation's own records: a row in every table, then two connections with keys in the
 * keychain, a conversation with a draft, a case with a note.
 */
async function seed(app: TestServices): Promise<void> {
  const { services } = app;
  insertProfileRow(services.db, 'profile-branch-firewall-0001', 'firewall', 'Branch firewall');
  expect(fillEveryTable(services.db)).toEqual([]);
  const desk = await services.profiles.save(support('Help desk'));
  const models = await services.profiles.save(gateway('Models'));
  const conversation = services.chat.createConversation(models.id);
  services.chat.updateConversation(conversation.id, { title: TITLE });
  services.chat.saveDraft(conversation.id, 'Ask about the NAS firmware');
  const made = services.cases.create({ title: 'Night scans from 198.51.100.23', severity: 'medium', tags: ['scan'], items: [{ kind: 'ticket', profileId: desk.id, itemId: 't-7741' }] });
  services.cases.addNote(made.id, NOTE);
}

/** Every local-only row, as the comparison reads it: SQLite's own numbering left out, the import's own entry too. */
function localRows(db: Db): Record<string, string[]> {
  const tables = new Set(localTables(db));
  const numbered = (table: string) => {
    const keys = (db.pragma(`table_info("${table}")`) as { name: string; type: string; pk: number }[]).filter((column) => column.pk > 0);
    return keys.length === 1 && keys[0]!.type === 'INTEGER' ? keys[0]!.name : null;
  };
  const columns = (table: string) => (db.pragma(`table_info("${table}")`) as { name: string }[]).map((column) => column.name).filter((name) => name !== numbered(table));
  const rows = rowsOf(db, columns);
  return Object.fromEntries(
    Object.entries(rows)
      .filter(([table]) => tables.has(table))
      .map(([table, values]) => [table, table === 'activity_log' ? values.filter((row) => !row.includes('"importLocalData"')) : values]),
  );
}

async function exportFrom(app: TestServices, name: string): Promise<string> {
  const file = path.join(scratch, name);
  app.platform.savePath = file;
  const exported = await app.services.localData.exportFile({ taskId: randomUUID(), passphrase: PASSPHRASE });
  expect(exported.path).toBe(file);
  expect(exported.groups).toEqual(expect.arrayContaining([{ group: 'connections', rows: 3 }, { group: 'conversations', rows: 2 }, { group: 'cases', rows: 2 }]));
  return file;
}

async function importInto(app: TestServices, file: string, passphrase = PASSPHRASE) {
  app.platform.openPath = file;
  const picked = (await app.services.localData.chooseImport())!;
  const preview = await app.services.localData.previewImport({ importId: picked.importId, passphrase });
  const imported = await app.services.localData.applyImport({ importId: picked.importId, taskId: randomUUID() });
  return { preview, imported };
}

test('exported and imported into a fresh data folder, every local-only row is there as it was; imported again, nothing is added', async () => {
  const source = await open();
  await seed(source);
  const before = localRows(source.services.db);
  const file = await exportFrom(source, 'workstation.opsdesk');

  const fresh = await open();
  const { preview, imported } = await importInto(fresh, file);
  expect(preview.groups).toEqual(imported.groups);
  expect(imported.groups.find((count) => count.group === 'conversations')).toEqual({ group: 'conversations', inFile: 2, added: 2, alreadyHere: 0, conflicting: 0 });
  expect(imported.groups.filter((count) => count.added !== count.inFile)).toEqual([]);
  expect(localRows(fresh.services.db)).toEqual(before);
  // What the services read back is the analyst's: the conversation and its draft, the case's notes.
  const [conversation] = fresh.services.chat.conversations(TITLE);
  expect(fresh.services.chat.conversation(conversation!.id)).toMatchObject({ title: TITLE, draft: 'Ask about the NAS firmware' });
  const [made] = fresh.services.cases.search('Night scans', 1).rows;
  expect(fresh.services.cases.notes(made!.id).map((note) => note.body)).toContain(NOTE);

  const again = await importInto(fresh, file);
  expect(again.imported.groups.map(({ group, added, alreadyHere, inFile }) => ({ group, added, alreadyHere: alreadyHere === inFile }))).toEqual(
    again.imported.groups.map(({ group }) => ({ group, added: 0, alreadyHere: true })),
  );
  expect(localRows(fresh.services.db)).toEqual(before);
  // Each import is an entry of the activity log, and no more than that.
  expect(fresh.services.activity.list({ actions: ['importLocalData'] }, 0, 10).rows.map((entry) => entry.outcome)).toEqual(['sent', 'sent']);
});

test('a file from before the action codes took their calls\' names is read in today\'s names', async () => {
  const source = await open();
  await seed(source);
  const file = await exportFrom(source, 'before-38.opsdesk');
  // The same file as a workstation on migration 37 wrote it: an unblock logged under its old code.
  const payload = JSON.parse(openLocalData(await readFile(file), PASSPHRASE).toString('utf8')) as { schemaVersion: number; tables: Record<string, { columns: string[]; rows: unknown[][] }> };
  const log = payload.tables['activity_log']!;
  const row = log.rows[0]!;
  const id = row[log.columns.indexOf('id')];
  row[log.columns.indexOf('action')] = 'deleteBlockEntry';
  payload.schemaVersion = 37;
  await writeFile(file, sealLocalData(Buffer.from(JSON.stringify(payload), 'utf8'), PASSPHRASE, { N: 2 ** 10, r: 8, p: 1 }));

  const fresh = await open();
  await importInto(fresh, file);
  expect(fresh.services.db.prepare('SELECT action FROM activity_log WHERE id = ?').pluck().get(id)).toBe('unblock');
});

test('a wrong passphrase is refused on the passphrase field, and nothing changes', async () => {
  const source = await open();
  await seed(source);
  const file = await exportFrom(source, 'wrong-passphrase.opsdesk');
  const target = await open();
  await target.services.profiles.save(gateway('Models'));
  const before = localRows(target.services.db);
  target.platform.openPath = file;
  const picked = (await target.services.localData.chooseImport())!;
  await expect(target.services.localData.previewImport({ importId: picked.importId, passphrase: 'tidal-marmot-quietly-48' })).rejects.toMatchObject({
    detail: { code: 'bad_request', params: { context: 'wrong_passphrase' }, fieldErrors: [{ path: 'passphrase', code: 'wrong_passphrase' }] },
  });
  // No import without a preview that opened the file.
  await expect(target.services.localData.applyImport({ importId: picked.importId, taskId: randomUUID() })).rejects.toMatchObject({ detail: { params: { context: 'local_data_file_gone' } } });
  expect(localRows(target.services.db)).toEqual(before);
});

test('a connection here under the same name is the file’s connection: its rows follow it, not a second one', async () => {
  const source = await open();
  await seed(source);
  const file = await exportFrom(source, 'same-connection.opsdesk');
  const target = await open();
  const here = await target.services.profiles.save(gateway('Models'));
  const { imported } = await importInto(target, file);
  expect(imported.groups.find((count) => count.group === 'connections')).toMatchObject({ inFile: 3, added: 2, alreadyHere: 1 });
  expect(target.services.profiles.ids().length).toBe(3);
  // The conversation made on the source's "Models" is on this one.
  expect(target.services.chat.conversations(TITLE)[0]!.profileId).toBe(here.id);
});

test('the file holds no key the keychain holds and none of the analyst’s words as they are, nor does what it decrypts to hold a key', async () => {
  const source = await open();
  await seed(source);
  const [made] = source.services.cases.search('Night scans', 1).rows;
  source.services.cases.addNote(made!.id, `pasted by mistake: ${GATEWAY_KEY} and ${SUPPORT_KEY}`);
  const file = await exportFrom(source, 'no-secrets.opsdesk');
  const databaseKey = (await keychain.get(databaseKeyEntry(source.dataDir)))!;
  const secrets = [GATEWAY_KEY, SUPPORT_KEY, databaseKey, PASSPHRASE];
  const bytes = await readFile(file);
  for (const text of [...secrets, NOTE, TITLE, 'Help desk', 'Night scans']) {
    expect(bytes.includes(Buffer.from(text)), text).toBe(false);
    expect(bytes.includes(Buffer.from(text, 'utf16le')), text).toBe(false);
  }
  // The header says what the file is and how its key is made; nothing more.
  const header = JSON.parse(bytes.subarray(0, bytes.indexOf(0x0a)).toString('utf8'));
  expect(Object.keys(header).sort()).toEqual(['cipher', 'compression', 'format', 'kdf', 'version']);
  expect(header).toMatchObject({ format: 'opsdesk-local-data', version: 1, kdf: { name: 'scrypt', N: 131072, r: 8, p: 1 }, cipher: { name: 'aes-256-gcm' } });
  // Even before encryption: the note that quoted the keys carries none of them.
  const payload = openLocalData(bytes, PASSPHRASE).toString('utf8');
  expect(payload).toContain(NOTE);
  for (const secret of secrets) expect(payload.includes(secret), 'a secret in the payload').toBe(false);
  // (Redacted as the note was stored, by the key's shape where the key was not yet read.)
  expect(payload).toMatch(/pasted by mistake: (sk-)?\[redacted\] and /);
});
