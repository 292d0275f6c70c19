import { expect, test } from 'vitest';
import { migration } from '../../../../src-main/core/db/migrations/0027-tickets-by-opening.ts';
import { runMigration, schemaBefore } from '../../../support/migration-scene.ts';

test('migration 27 (tickets by opening) keeps the tickets and reads both opening orders from its index, a ticket without its opening time by its activity', () => {
  const db = schemaBefore(migration, { id: 'desk', service: 'support', name: 'Desk' });
  const ticket = db.prepare(`INSERT INTO support_tickets (profile_id, id, status, created_at, activity_at, synced_at) VALUES ('desk', ?, 'queued', ?, ?, 'now')`);
  ticket.run('t1', '2026-01-01T00:00:00.000Z', '2026-03-01T00:00:00.000Z');
  ticket.run('t2', null, '2026-02-01T00:00:00.000Z');
  ticket.run('t3', '2026-01-15T00:00:00.000Z', '2026-01-20T00:00:00.000Z');
  runMigration(db, migration);

  const order = (direction: 'ASC' | 'DESC') => `SELECT id FROM support_tickets WHERE profile_id = 'desk' ORDER BY COALESCE(created_at, activity_at) ${direction}, id ${direction}`;
  expect(db.prepare(order('ASC')).pluck().all()).toEqual(['t1', 't3', 't2']);
  expect(db.prepare(order('DESC')).pluck().all()).toEqual(['t2', 't3', 't1']);
  for (const direction of ['ASC', 'DESC'] as const) {
    const plan = db.prepare(`EXPLAIN QUERY PLAN ${order(direction)} LIMIT 100`).all() as { detail: string }[];
    expect(plan.map((step) => step.detail).join('\n')).toContain('support_tickets_by_opening');
    expect(plan.map((step) => step.detail).join('\n')).not.toContain('TEMP B-TREE');
  }
});
