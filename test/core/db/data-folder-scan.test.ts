// Issue 45's scan: after a sync of the firewall and support back ends under the real keychain, no
// customer e-mail, phone number, ticket subject or alert text that the cache holds (read back
// through the key) is anywhere in the data folder as it is: not in the database, its WAL or its
// backups.
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
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
beforeAll(async () => {
  sims = await startSimulators({ alertCount: 400 });
  opened = await openTestServices({ keyStore: keychain });
});
afterAll(async () => {
  await keychain.delete(databaseKeyEntry(opened.dataDir)).catch(() => undefined);
  await opened.dispose();
  await sims.close();
});

async function folderBytes(dir: string): Promise<Buffer[]> {
  const files: Buffer[] = [];
  for (const name of await readdir(dir, { recursive: true })) {
    const file = path.join(dir, name);
    if ((await stat(file)).isFile()) files.push(await readFile(file));
  }
  return files;
}

test('what a sync cached is nowhere in the data folder in plain text', async () => {
  const { services, dataDir } = opened;
  const supportKey = sims.support.addKey({ site: 'site-main', scopes: [...SUPPORT_SCOPES], ratePerMinute: 100_000 });
  const firewallId = (await services.profiles.save(firewallProfile({ name: 'Firewall', baseUrl: sims.firewall.url, apiKey: sims.firewall.keys.operations, caPem: sims.ca.certPem, requestsPerSecond: 100 }))).id;
  const supportId = (await services.profiles.save(supportProfile({ name: 'Help desk', baseUrl: sims.support.url, apiKey: supportKey, caPem: sims.ca.certPem, ratePerMinute: 100_000 }))).id;
  await services.firewall.syncNow(firewallId);
  await services.support.syncNow(supportId);

  const db = services.db;
  const texts = (sql: string) => (db.prepare(sql).pluck().all() as (string | null)[]).filter((text): text is string => typeof text === 'string' && text.length >= 8);
  const seeded = [
    ...texts('SELECT visitor_email FROM support_tickets'),
    ...texts('SELECT subject FROM support_tickets'),
    ...texts('SELECT phone FROM support_contacts'),
    ...texts('SELECT email FROM support_contacts'),
    ...texts('SELECT message FROM firewall_alerts'),
  ];
  expect(texts('SELECT subject FROM support_tickets').length, 'tickets cached').toBeGreaterThan(10);
  expect(texts('SELECT email FROM support_contacts').length, 'contacts cached').toBeGreaterThan(10);
  expect(texts('SELECT message FROM firewall_alerts').length, 'alerts cached').toBeGreaterThan(10);
  const unique = [...new Set(seeded)];
  const files = await folderBytes(dataDir);
  expectEach(unique, (text) => files.every((bytes) => !bytes.includes(Buffer.from(text))), 'be nowhere on disk as it is');
});
