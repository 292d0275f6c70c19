import { expect, test } from 'vitest';
import { migration } from '../../../../src-main/core/db/migrations/0015-support-work-items.ts';
import { queryPlan, rowCount, runMigration, schemaBefore } from '../../../support/migration-scene.ts';

test('migration 15 (support work items): one row per profile and id, filtered by status through its index, gone with the profile', () => {
  const db = schemaBefore(migration, { id: 'p', service: 'support', name: 'Desk' });
  runMigration(db, migration);
  const insert = db.prepare("INSERT INTO support_work_items (profile_id, id, status, activity_at, synced_at) VALUES ('p', ?, 'open', 'now', 'now')");
  insert.run('w1');
  expect(() => insert.run('w1')).toThrow(/UNIQUE/);
  expect(queryPlan(db, "SELECT id FROM support_work_items WHERE profile_id = 'p' AND status IN ('open') ORDER BY activity_at DESC, id DESC LIMIT 10")).toMatch(/support_work_items_by_status/);
  db.prepare("DELETE FROM profiles WHERE id = 'p'").run();
  expect(rowCount(db, 'support_work_items')).toBe(0);
});
