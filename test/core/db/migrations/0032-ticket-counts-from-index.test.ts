import { expect, test } from 'vitest';
import { migration } from '../../../../src-main/core/db/migrations/0032-ticket-counts-from-index.ts';
import { runMigration, schemaBefore } from '../../../support/migration-scene.ts';

test('migration 32 (ticket counts from an index) keeps the tickets and counts each status with its unread and offline tickets from the index alone, under words and a time window', () => {
  const db = schemaBefore(migration, { id: 'desk', service: 'support', name: 'Desk' });
  const ticket = db.prepare(`INSERT INTO support_tickets (profile_id, id, status, offline, unread, activity_at, synced_at) VALUES ('desk', ?, ?, ?, ?, ?, 'now')`);
  ticket.run('t1', 'queued', 0, 1, '2026-03-01T00:00:00.000Z');
  ticket.run('t2', 'offline', 1, 1, '2026-02-01T00:00:00.000Z');
  ticket.run('t3', 'queued', 0, 0, '2026-01-01T00:00:00.000Z');
  runMigration(db, migration);

  const counts = (where: string) => `SELECT status, COUNT(*) AS count, SUM(unread) AS unread, SUM(offline) AS offline FROM support_tickets t
    WHERE t.profile_id = 'desk' ${where} GROUP BY status ORDER BY count DESC, status`;
  const words = "AND t.rowid IN (SELECT rowid FROM support_tickets WHERE id IN ('t1', 't2'))";
  const since = "AND t.activity_at >= '2026-01-15T00:00:00.000Z'";
  expect(db.prepare(counts('')).all()).toEqual([{ status: 'queued', count: 2, unread: 1, offline: 0 }, { status: 'offline', count: 1, unread: 1, offline: 1 }]);
  expect(db.prepare(counts(`${words} ${since}`)).all()).toEqual([{ status: 'offline', count: 1, unread: 1, offline: 1 }, { status: 'queued', count: 1, unread: 1, offline: 0 }]);
  for (const where of ['', words, since, `${words} ${since}`]) {
    const plan = (db.prepare(`EXPLAIN QUERY PLAN ${counts(where)}`).all() as { detail: string }[]).map((step) => step.detail).join('\n');
    expect(plan).toContain('COVERING INDEX support_tickets_by_status_marks');
  }
});
