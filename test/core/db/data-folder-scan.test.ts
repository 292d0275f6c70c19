// Issue 45's scan: after a sync of the firewall and support back ends under the real keychain, no
// customer e-mail, phone number, ticket subject or message, or alert text or payload that the
// cache holds (read back through the key) is anywhere in the data folder as it is: not in the
// database, its WAL, a journal, its backups, the log files the app's own log writer wrote, or the
// local-data export saved there. The case and CSV exports are plain by design (another
// workstation or a spreadsheet reads them): they go where the user picks, outside the folder, and
// leave nothing of themselves in it.
import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { backUp, listBackups } from '../../../src-main/core/db/backups.ts';
import { openLogFile } from '../../../src-main/core/log/log-file.ts';
import { OsKeychainStore } from '../../../src-main/core/secrets/os-keychain-store.ts';
import { databaseKeyEntry } from '../../../src-main/core/secrets/database-key.ts';
import { startSimulators, SUPPORT_SCOPES, type Simulators } from '../../sim/index.ts';
import { expectEach } from '../../support/expect-each.ts';
import { firewallProfile } from '../../support/firewall-profile.ts';
import { supportProfile } from '../../support/support-profile.ts';
import { openTestServices, type TestServices } from '../../support/test-services.ts';

const keychain = new OsKeychainStore();
let sims: Simulators;
let opened: TestServices;
let dataDir: string;
/** Where the user saves the exports meant to be read elsewhere: not the data folder. */
let downloads: string;
beforeAll(async () => {
  sims = await startSimulators({ alertCount: 400 });
  dataDir = await mkdtemp(path.join(tmpdir(), 'opsdesk-scan-'));
  downloads = await mkdtemp(path.join(tmpdir(), 'opsdesk-scan-downloads-'));
  // The app's own log writer, in the folder the app gives it (the user-data folder's logs/).
  const log = openLogFile({ dir: path.join(dataDir, 'logs') });
  opened = await openTestServices({ dataDir, keyStore: keychain, logSink: log.sink });
});
afterAll(async () => {
  await keychain.delete(databaseKeyEntry(dataDir)).catch(() => undefined);
  await opened.dispose();
  await sims.close();
  await rm(dataDir, { recursive: true, force: true });
  await rm(downloads, { recursive: true, force: true });
});

async function filesIn(dir: string): Promise<Map<string, Buffer>> {
  const files = new Map<string, Buffer>();
  for (const name of await readdir(dir, { recursive: true })) {
    const file = path.join(dir, name);
    if ((await stat(file)).isFile()) files.set(name, await readFile(file));
  }
  return files;
}

test('what a sync cached is nowhere in the data folder in plain text', async () => {
  const { services, platform } = opened;
  const supportKey = sims.support.addKey({ site: 'site-main', scopes: [...SUPPORT_SCOPES], ratePerMinute: 100_000 });
  const firewallId = (await services.profiles.save(firewallProfile({ name: 'Firewall', baseUrl: sims.firewall.url, apiKey: sims.firewall.keys.operations, caPem: sims.ca.certPem, requestsPerSecond: 100 }))).id;
  const supportId = (await services.profiles.save(supportProfile({ name: 'Help desk', baseUrl: sims.support.url, apiKey: supportKey, caPem: sims.ca.certPem, ratePerMinute: 100_000 }))).id;
  await services.firewall.syncNow(firewallId);
  await services.support.syncNow(supportId);

  const db = services.db;
  // Opening an alert caches the appliance's detail: its payload excerpt.
  const alertIds = db.prepare('SELECT a.id FROM firewall_alerts a JOIN firewall_profile_keys k ON k.key = a.profile_key WHERE k.profile_id = ? LIMIT 20').pluck().all(firewallId) as string[];
  for (const alertId of alertIds) await services.firewall.alerts.detail(firewallId, alertId);
  const texts = (sql: string) => (db.prepare(sql).pluck().all() as (string | null)[]).filter((text): text is string => typeof text === 'string' && text.length >= 8);
  const subjects = texts('SELECT subject FROM support_tickets');
  const ticketTexts = texts("SELECT json_extract(last_message, '$.text') FROM support_tickets");
  const emails = texts('SELECT email FROM support_contacts');
  const alertTexts = texts('SELECT message FROM firewall_alerts');
  const payloads = texts("SELECT json_extract(detail, '$.payloadExcerpt') FROM firewall_alerts WHERE detail IS NOT NULL");
  expect(subjects.length, 'tickets cached').toBeGreaterThan(10);
  expect(ticketTexts.length, 'ticket messages cached').toBeGreaterThan(10);
  expect(emails.length, 'contacts cached').toBeGreaterThan(10);
  expect(alertTexts.length, 'alerts cached').toBeGreaterThan(10);
  expect(payloads.length, 'alert payloads cached').toBe(alertIds.length);
  const seeded = [...new Set([...subjects, ...ticketTexts, ...emails, ...alertTexts, ...payloads, ...texts('SELECT visitor_email FROM support_tickets'), ...texts('SELECT phone FROM support_contacts')])];

  // A case of alerts and a ticket, with a note: its timeline is kept in the database too.
  const ticketId = db.prepare('SELECT id FROM support_tickets LIMIT 1').pluck().get() as string;
  const made = services.cases.create({ title: 'Scan from one source', severity: 'high', tags: [], items: [{ kind: 'ticket', profileId: supportId, itemId: ticketId }], alerts: { profileId: firewallId, alertIds } });
  services.cases.addNote(made.id, `Customer wrote: ${ticketTexts[0]}`);

  // Everything the data folder holds in use: a backup as before a migration, the local-data export saved there.
  backUp(db, path.join(dataDir, 'opsdesk.sqlite'));
  expect(listBackups(path.join(dataDir, 'opsdesk.sqlite')).length, 'a backup taken').toBeGreaterThan(0);
  platform.savePath = path.join(dataDir, 'local-data.opsdesk-export');
  expect((await services.localData.exportFile({ taskId: randomUUID(), passphrase: 'correct horse battery staple' })).rows).toBeGreaterThan(0);
  platform.savePath = path.join(downloads, 'case.json');
  expect((await services.caseHandover.exportFile(made.id)).path).toBe(platform.savePath);
  platform.savePath = path.join(downloads, 'alerts.csv');
  await services.firewall.export.export({ profileId: firewallId, taskId: randomUUID(), filter: {}, sort: { field: 'occurredAt', direction: 'desc' } });
  // The exports meant to be read elsewhere hold the data, as the scan below would see it if it were in the folder.
  const exported = await filesIn(downloads);
  expect([...exported.keys()].sort()).toEqual(['alerts.csv', 'case.json']);
  expect(exported.get('alerts.csv')!.includes(Buffer.from(alertTexts[0]!)), 'the CSV holds the alerts').toBe(true);
  expect(exported.get('case.json')!.includes(Buffer.from(ticketTexts[0]!)), 'the case file holds its note').toBe(true);

  const files = await filesIn(dataDir);
  const names = [...files.keys()];
  expect(names).toEqual(expect.arrayContaining(['opsdesk.sqlite', 'opsdesk.sqlite-wal', 'local-data.opsdesk-export', path.join('logs', 'opsdesk.log')]));
  expect(files.get('opsdesk.sqlite-wal')!.length, 'the WAL holds the newest pages').toBeGreaterThan(0);
  expect(files.get(path.join('logs', 'opsdesk.log'))!.toString('utf8'), 'the log writer wrote the syncs\' requests').toMatch(/INFO response .*"service":"support"/);
  // A journal is there only while a rollback-journal transaction runs; any left would be scanned with the rest.
  expect(names.filter((name) => /\.(json|csv)$/.test(name)), 'no copy of an export').toEqual([]);
  expectEach(seeded, (text) => [...files.values()].every((bytes) => !bytes.includes(Buffer.from(text))), 'be nowhere in the data folder as it is');
});
