// How long the caches keep their rows (issue 45, item 6), on a fake clock: a year until the analyst
// chooses (as before); a shorter limit prunes at once, in the background, and again as rows age;
// never a row a case holds or a write still waits on. The alerts keep each appliance's own limit,
// with the same exceptions. Real SQLite file, the database worker.
import { afterEach, beforeEach, expect, test } from 'vitest';
import type { Db } from '../../../src-main/core/db/database.ts';
import { fillAlertCache } from '../../support/alert-cache-fill.ts';
import { FakeClock } from '../../support/fake-clock.ts';
import { insertProfileRow } from '../../support/profile-row.ts';
import { openTestServices, type TestServices } from '../../support/test-services.ts';

const DAY_MS = 86_400_000;
const NOW = Date.parse('2026-11-25T12:00:00.000Z');
const daysAgo = (days: number) => new Date(NOW - days * DAY_MS).toISOString();

let clock: FakeClock;
let app: TestServices;
beforeEach(async () => {
  clock = new FakeClock(NOW);
  app = await openTestServices({ clock });
});
afterEach(() => app.dispose());

function ticket(db: Db, id: string, activityAt: string): void {
  db.prepare("INSERT INTO support_tickets (profile_id, id, status, subject, activity_at, synced_at) VALUES ('desk', ?, 'open', ?, ?, ?)").run(id, `Ticket ${id}`, activityAt, activityAt);
}

function contact(db: Db, id: string, activityAt: string): void {
  db.prepare("INSERT INTO support_contacts (profile_id, id, name, status, activity_at, synced_at) VALUES ('desk', ?, ?, 'active', ?, ?)").run(id, `Contact ${id}`, activityAt, activityAt);
}

const ids = (db: Db, table: string) => db.prepare<[], string>(`SELECT id FROM ${table} ORDER BY id`).pluck().all();

test('a shorter limit prunes the old rows at once and then as rows age, but never one a case holds or a write waits on; until chosen, a year', async () => {
  const { db, cachePruning, cases } = app.services;
  insertProfileRow(db, 'desk', 'support', 'Help desk');
  ticket(db, 'recent', daysAgo(5));
  ticket(db, 'old', daysAgo(100));
  ticket(db, 'in-a-case', daysAgo(100));
  ticket(db, 'reply-waiting', daysAgo(100));
  ticket(db, 'ancient', daysAgo(400));
  contact(db, 'c-recent', daysAgo(10));
  contact(db, 'c-old', daysAgo(200));
  cases.create({ title: 'Refund dispute', severity: 'low', tags: [], items: [{ kind: 'ticket', profileId: 'desk', itemId: 'in-a-case' }] });
  db.prepare(
    `INSERT INTO outbox_writes (id, profile_id, service, object_key, action, idempotency_key, state, created_at, updated_at)
     VALUES ('w1', 'desk', 'support', 'ticket:reply-waiting', 'ticket.reply', 'idem-1', 'queued', 'now', 'now')`,
  ).run();

  // Until the analyst chooses: a year, as the caches always kept.
  expect(cachePruning.settings()).toEqual({ tickets: 365, contacts: 365, work: 365 });
  cachePruning.start();
  await clock.advance(60_000);
  await cachePruning.idle();
  expect(ids(db, 'support_tickets')).toEqual(['in-a-case', 'old', 'recent', 'reply-waiting']);

  // Thirty days for tickets, forever for contacts: at once.
  cachePruning.saveSettings({ tickets: 30, contacts: null, work: 365 });
  await clock.advance(0);
  await cachePruning.idle();
  expect(ids(db, 'support_tickets')).toEqual(['in-a-case', 'recent', 'reply-waiting']);
  expect(ids(db, 'support_contacts')).toEqual(['c-old', 'c-recent']);

  // A month on, the hourly pruning takes the ticket that has aged past it.
  await clock.advance(26 * DAY_MS);
  await cachePruning.idle();
  expect(ids(db, 'support_tickets')).toEqual(['in-a-case', 'reply-waiting']);
  // Its full-text entry went with it.
  expect(db.prepare("SELECT COUNT(*) FROM support_tickets_fts WHERE support_tickets_fts MATCH 'recent'").pluck().get()).toBe(0);

  // Once its reply is sent, nothing holds the old ticket any more.
  db.prepare("UPDATE outbox_writes SET state = 'sent' WHERE id = 'w1'").run();
  await clock.advance(3_600_000);
  await cachePruning.idle();
  expect(ids(db, 'support_tickets')).toEqual(['in-a-case']);
});

test('an alert a case holds, or that a work item is still being made from, outlives the appliance’s limit', async () => {
  const { db, worker, cases } = app.services;
  // 200 alerts, two seconds apart, the newest now.
  fillAlertCache(db, 'fw', 200, NOW);
  insertProfileRow(db, 'desk', 'support', 'Help desk');
  cases.create({ title: 'First probe', severity: 'low', tags: [], items: [{ kind: 'alert', profileId: 'fw', itemId: 'alt_00000001' }] });
  db.prepare(
    `INSERT INTO outbox_writes (id, profile_id, service, object_key, action, idempotency_key, state, created_at, updated_at)
     VALUES ('w2', 'desk', 'support', 'work:new', 'createWorkItem', 'idem-2', 'queued', 'now', 'now')`,
  ).run();
  db.prepare("INSERT INTO alert_work_links (outbox_write_id, firewall_profile_id, alert_id, support_profile_id, created_at) VALUES ('w2', 'fw', 'alt_00000002', 'desk', 'now')").run();

  const pruned = await worker.run('pruneAlerts', { profileId: 'fw', olderThanMs: NOW - 100 * 2000, maxRows: 50, stored: 0 });
  const left = ids(db, 'firewall_alerts');
  expect(left).toContain('alt_00000001');
  expect(left).toContain('alt_00000002');
  expect(left).toHaveLength(52);
  expect(pruned).toBe(148);
});
