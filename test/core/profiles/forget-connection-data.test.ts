// Forgetting a connection's data (issue 45, item 6), as Settings' removal asks for it: the
// confirmation's counts, then removed with its data (every cache row of that connection, their
// full-text entries, the file's space given back, in the database worker) or without (its rows
// stay). Either way the other connection's cache and what exists only here are kept. Real SQLite
// file, the real keychain, the database worker.
import { afterEach, beforeEach, expect, test } from 'vitest';
import { CACHE_TABLES } from '../../../src-main/core/db/cache-tables.ts';
import type { Db } from '../../../src-main/core/db/database.ts';
import { databaseKeyEntry } from '../../../src-main/core/secrets/database-key.ts';
import { OsKeychainStore } from '../../../src-main/core/secrets/os-keychain-store.ts';
import { fillAlertCache } from '../../support/alert-cache-fill.ts';
import { insertProfileRow } from '../../support/profile-row.ts';
import { openTestServices, type TestServices } from '../../support/test-services.ts';

const NOW = Date.parse('2026-11-25T12:00:00.000Z');
const keychain = new OsKeychainStore();
let app: TestServices;

beforeEach(async () => {
  app = await openTestServices({ keyStore: keychain });
});
afterEach(async () => {
  for (const id of ['fw-branch', 'fw-lab', 'desk']) await keychain.delete(id).catch(() => undefined);
  await keychain.delete(databaseKeyEntry(app.dataDir)).catch(() => undefined);
  await app.dispose();
});

/** Two appliances' alerts, a help desk's tickets and contacts, and what the analyst made of them. */
function seed(db: Db): { caseId: string } {
  fillAlertCache(db, 'fw-branch', 3000, NOW);
  fillAlertCache(db, 'fw-lab', 500, NOW);
  insertProfileRow(db, 'desk', 'support', 'Help desk');
  const ticket = db.prepare("INSERT INTO support_tickets (profile_id, id, status, subject, visitor_email, activity_at, synced_at) VALUES (?, ?, 'open', ?, ?, ?, ?)");
  for (let i = 0; i < 40; i++) ticket.run('desk', `t${i}`, `Refund for order ${i}`, `visitor${i}@example.org`, '2026-11-20T00:00:00.000Z', '2026-11-25T00:00:00.000Z');
  db.prepare("INSERT INTO support_contacts (profile_id, id, name, email, status, activity_at, synced_at) VALUES ('desk', 'c1', 'Lin', 'lin@example.org', 'active', 'now', 'now')").run();
  db.prepare("INSERT INTO firewall_blocklist (profile_id, id, ip) VALUES ('fw-branch', 'b1', '203.0.113.7')").run();
  db.prepare("INSERT INTO sync_state (profile_id, resource) VALUES ('fw-branch', 'alerts')").run();
  db.prepare("INSERT INTO reply_drafts (profile_id, ticket_id, text, updated_at) VALUES ('desk', 't1', 'Your refund is on its way', 'now')").run();
  const made = app.services.cases.create({
    title: 'Scans and a refund',
    severity: 'medium',
    tags: [],
    items: [
      { kind: 'alert', profileId: 'fw-branch', itemId: 'alt_00000001' },
      { kind: 'ticket', profileId: 'desk', itemId: 't1' },
    ],
  });
  return { caseId: made.id };
}

/** The cache's rows of a connection, table by table (the alerts' tables through the connection's key). */
function cacheRowsOf(db: Db, profileId: string): Record<string, number> {
  const key = db.prepare('SELECT key FROM firewall_profile_keys WHERE profile_id = ?').pluck().get(profileId) ?? -1;
  return Object.fromEntries(
    [...CACHE_TABLES].flatMap((table) => {
      const columns = (db.pragma(`table_info("${table}")`) as { name: string }[]).map((column) => column.name);
      if (columns.includes('profile_id')) return [[table, db.prepare(`SELECT COUNT(*) FROM "${table}" WHERE profile_id = ?`).pluck().get(profileId) as number]];
      if (columns.includes('profile_key')) return [[table, db.prepare(`SELECT COUNT(*) FROM "${table}" WHERE profile_key = ?`).pluck().get(key) as number]];
      return [];
    }),
  );
}

const nothing = (rows: Record<string, number>) => Object.fromEntries(Object.keys(rows).map((table) => [table, 0]));

test('removed with its data: every cache row of that connection goes, its full-text entries too, and the file shrinks; the other connection and the local records stay', async () => {
  const { db, connectionData, cases } = app.services;
  const { caseId } = seed(db);
  expect(await connectionData.cached('fw-branch')).toEqual({ profileId: 'fw-branch', counts: [{ kind: 'alerts', rows: 3000 }, { kind: 'blocklist', rows: 1 }] });
  expect((await connectionData.cached('desk')).counts).toEqual([{ kind: 'tickets', rows: 40 }, { kind: 'contacts', rows: 1 }]);
  const lab = cacheRowsOf(db, 'fw-lab');
  const pagesBefore = db.pragma('page_count', { simple: true }) as number;

  await connectionData.remove('fw-branch', { forgetCache: true });
  await connectionData.remove('desk', { forgetCache: true });
  expect(app.services.profiles.find('fw-branch')).toBeUndefined();
  await connectionData.whenForgotten();

  const branch = cacheRowsOf(db, 'fw-branch');
  expect(branch).toEqual(nothing(branch));
  const desk = cacheRowsOf(db, 'desk');
  expect(desk).toEqual(nothing(desk));
  expect(cacheRowsOf(db, 'fw-lab')).toEqual(lab);
  // The full-text indexes hold only what is left: the lab's alerts, no ticket of the desk.
  // (The alerts' index is keyed by each alert's search key.)
  const searchKeys = new Set(db.prepare('SELECT search_key FROM firewall_alerts').pluck().all());
  const matched = db.prepare("SELECT rowid FROM firewall_alerts_fts WHERE firewall_alerts_fts MATCH 'suspicious'").pluck().all();
  expect(matched.length).toBe(lab.firewall_alerts);
  expect(matched.filter((key) => !searchKeys.has(key))).toEqual([]);
  expect(db.prepare("SELECT COUNT(*) FROM support_tickets_fts WHERE support_tickets_fts MATCH 'refund'").pluck().get()).toBe(0);
  // Its space is given back (the freed pages leave the file).
  expect(db.pragma('freelist_count', { simple: true })).toBe(0);
  expect(db.pragma('page_count', { simple: true }) as number).toBeLessThan(pagesBefore);
  // What exists only here stays, and says which connection it was about.
  expect(cases.allItems(caseId).map((item) => [item.kind, item.profileId, item.itemId])).toEqual([
    ['alert', 'fw-branch', 'alt_00000001'],
    ['ticket', 'desk', 't1'],
  ]);
  expect(app.services.activity.list({}, 0, 10).total).toBeGreaterThan(0);
  // The desk's unsent reply was the desk's: it went with it, as before.
  expect(db.prepare('SELECT COUNT(*) FROM reply_drafts').pluck().get()).toBe(0);
  // Nothing is left to do at the next start.
  expect(db.prepare("SELECT value FROM settings WHERE key = 'cache.forgetting'").pluck().get()).toBe('[]');
});

test('removed without its data: the connection and its key go, its cached rows stay', async () => {
  const { db, connectionData } = app.services;
  seed(db);
  await keychain.set('fw-branch', 'fw-key-for-the-branch-appliance');
  const before = cacheRowsOf(db, 'fw-branch');
  await connectionData.remove('fw-branch', { forgetCache: false });
  await connectionData.whenForgotten();
  expect(app.services.profiles.find('fw-branch')).toBeUndefined();
  expect(await keychain.get('fw-branch')).toBeNull();
  expect(cacheRowsOf(db, 'fw-branch')).toEqual(before);
  expect(before.firewall_alerts).toBe(3000);
});
