// The first start after an update: the migrations it brought run in the database worker, each
// announced, while main's thread stays free (the app shows a window meanwhile); if the worker
// cannot start, main runs them itself. Either way the cache comes through whole.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { hasPendingMigrations, migrate, openDatabase, type MigrationStep } from '../../../src-main/core/db/database.ts';
import { migrations } from '../../../src-main/core/db/migrations/index.ts';
import { DatabaseWorker } from '../../../src-main/core/worker/database-worker.ts';
import Database from 'better-sqlite3';
import { insertProfileRow } from '../../support/profile-row.ts';
import { openTestServices } from '../../support/test-services.ts';

/** The schema before migration 18 rewrote the alerts cache. */
const OLD_VERSION = 17;
/** Enough that the rewrite takes a while (about 0.4 s) on a loaded machine too. */
const ALERTS = 50_000;
const pending: MigrationStep[] = migrations.slice(OLD_VERSION).map((migration, index) => ({ number: index + 1, of: migrations.length - OLD_VERSION, name: migration.name }));

let dataDir: string;
let file: string;

/** A file as the version before the update left it: a firewall profile with a cache of alerts. */
beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'opsdesk-update-'));
  file = path.join(dataDir, 'opsdesk.sqlite');
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  migrate(db, OLD_VERSION);
  insertProfileRow(db, 'fw', 'firewall', 'Perimeter');
  db.prepare(
    `WITH RECURSIVE n (i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
     INSERT INTO firewall_alerts (profile_id, id, walk, severity, severity_rank, occurred_ms, category, action, src_ip, signature, message)
       SELECT 'fw', printf('alt_%08d', i), 1, 'high', 3, 1795000000000 + i * 1000, 'port_scan', 'blocked', '203.0.113.' || (i % 250), 'ET SCAN Nmap probe', 'probe ' || i FROM n`,
  ).run(ALERTS);
  db.exec('INSERT INTO firewall_alerts_fts (rowid, signature, message, category, src_ip, dst_ip) SELECT rowid, signature, message, category, src_ip, dst_ip FROM firewall_alerts');
  db.close();
});
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

const versionOf = (at: string) => {
  const db = new Database(at, { readonly: true });
  try {
    return db.pragma('user_version', { simple: true }) as number;
  } finally {
    db.close();
  }
};

test('a file an earlier version made waits for migrations; a new file or an up-to-date one does not', () => {
  expect(hasPendingMigrations(path.join(dataDir, 'none-yet.sqlite'))).toBe(false);
  expect(hasPendingMigrations(file)).toBe(true);
  openDatabase(file).close();
  expect(hasPendingMigrations(file)).toBe(false);
});

test.each([
  ['its source', '../../../src-main/core/worker/worker-entry.ts'],
  ['the bundle the app ships, built by npm test', '../../../out/main/database-worker.js'],
])('the database worker (%s) runs the migrations as it starts, announcing each; main then opens the file with nothing left to do', async (_, entry) => {
  const worker = new DatabaseWorker(new URL(entry, import.meta.url), file);
  const steps: MigrationStep[] = [];
  try {
    await worker.start((step) => steps.push(step));
  } finally {
    await worker.dispose();
  }
  expect(steps).toEqual(pending);
  expect(versionOf(file)).toBe(migrations.length);
  const onMain: MigrationStep[] = [];
  const db = openDatabase(file, (step) => onMain.push(step));
  try {
    expect(onMain).toEqual([]);
    expect(db.prepare('SELECT COUNT(*) FROM firewall_alerts').pluck().get()).toBe(ALERTS);
  } finally {
    db.close();
  }
});

test('the app starts on the updated cache, and main keeps turning while the worker migrates it', async () => {
  const steps: MigrationStep[] = [];
  const logged: string[] = [];
  let versionWhenMainTurned: number | null = null;
  const { services, dispose } = await openTestServices({
    dataDir,
    logSink: (record) => logged.push(record.line),
    onMigration: (step) => {
      steps.push(step);
      // Main's event loop answers while the rewrite of the cache is still under way.
      if (step.number === 1) setImmediate(() => (versionWhenMainTurned = versionOf(file)));
    },
  });
  try {
    expect(steps).toEqual(pending);
    expect(versionWhenMainTurned).toBe(OLD_VERSION);
    const page = services.firewall.alerts.query({ profileId: 'fw', filter: { text: 'nmap' }, sort: { field: 'occurredAt', direction: 'desc' }, offset: 0, limit: 2 });
    // Every alert matches: the search counts a little past the page and says there are more.
    expect(page.totalAtLeast).toBe(true);
    expect(page.total).toBeGreaterThan(100);
    expect(page.rows.map((row) => row.id)).toEqual(['alt_00050000', 'alt_00049999']);
    expect(logged.join('\n')).not.toMatch(/did not start/);
    expect(logged.join('\n')).toContain(`bringing the database up to date {"migration":"1 of ${pending.length}: ${pending[0]!.name}"}`);
  } finally {
    await dispose();
  }
});

test('a worker that cannot start leaves the migrations to main, which says so in the log and starts all the same', async () => {
  const steps: MigrationStep[] = [];
  const logged: string[] = [];
  const { services, dispose } = await openTestServices({
    dataDir,
    logSink: (record) => logged.push(record.line),
    databaseWorkerEntry: new URL('./no-such-worker.js', import.meta.url),
    onMigration: (step) => steps.push(step),
  });
  try {
    expect(steps).toEqual(pending);
    expect(logged.join('\n')).toMatch(/the database worker did not start; main brings the database up to date/);
    expect(services.firewall.alerts.query({ profileId: 'fw', filter: {}, sort: { field: 'occurredAt', direction: 'desc' }, offset: 0, limit: 1 }).total).toBe(ALERTS);
  } finally {
    await dispose();
  }
});

test('a new install migrates at once and announces no update', async () => {
  const steps: MigrationStep[] = [];
  const { services, dispose } = await openTestServices({ onMigration: (step) => steps.push(step) });
  try {
    expect(steps).toEqual([]);
    expect(services.firewall.alerts.query({ profileId: 'none', filter: {}, sort: { field: 'occurredAt', direction: 'desc' }, offset: 0, limit: 1 }).total).toBe(0);
  } finally {
    await dispose();
  }
});
