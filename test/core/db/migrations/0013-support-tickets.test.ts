import { expect, test } from 'vitest';
import { migration } from '../../../../src-main/core/db/migrations/0013-support-tickets.ts';
import { queryPlan, rowCount, runMigration, schemaBefore } from '../../../support/migration-scene.ts';

test('migration 13 (support tickets): one row per profile and id, any status word, filtered by status through its index, gone with the profile', () => {
  const db = schemaBefore(migration, { id: 'p', service: 'support', name: 'Desk' });
  runMigration(db, migration);
  const insert = db.prepare("INSERT INTO support_tickets (profile_id, id, status, activity_at, synced_at) VALUES (?, ?, ?, 'now', 'now')");
  insert.run('p', 't1', 'queued');
  insert.run('p', 't2', 'escalated-by-vendor');
  expect(() => insert.run('p', 't1', 'closed')).toThrow(/UNIQUE/);
  expect(() => insert.run('gone', 't3', 'queued')).toThrow(/FOREIGN KEY/);
  expect(queryPlan(db, "SELECT id FROM support_tickets WHERE profile_id = 'p' AND status IN ('queued') ORDER BY activity_at DESC, id DESC LIMIT 10")).toMatch(/support_tickets_by_status/);
  db.prepare("DELETE FROM profiles WHERE id = 'p'").run();
  expect(rowCount(db, 'support_tickets')).toBe(0);
});
