import { expect, test } from 'vitest';
import { migration } from '../../../../src-main/core/db/migrations/0022-activity-log.ts';
import { queryPlan, runMigration, schemaBefore } from '../../../support/migration-scene.ts';

test('migration 22 (activity log) makes an append-only log that outlives its profile and finds an item by target', () => {
  const db = schemaBefore(migration);
  runMigration(db, migration);
  db.prepare(
    `INSERT INTO activity_log (id, at, profile_id, profile_name, back_end, action, target_kind, target_id, target_address, outcome, updated_at)
     VALUES ('e1', '2026-01-01T00:00:00.000Z', 'a', 'Lab', 'firewall', 'createBlockEntry', 'blockEntry', 'b1', '203.0.113.9', 'sent', '2026-01-01T00:00:00.000Z')`,
  ).run();
  db.prepare("DELETE FROM profiles WHERE id = 'a'").run();
  expect(db.prepare('SELECT id, profile_id, profile_name FROM activity_log').all()).toEqual([{ id: 'e1', profile_id: 'a', profile_name: 'Lab' }]);
  expect(() => db.prepare("INSERT INTO activity_log (id, at, back_end, action, target_kind, outcome, updated_at) VALUES ('e2', 'now', 'firewall', 'x', 'address', 'pending', 'now')").run()).toThrow(/CHECK/);
  expect(queryPlan(db, "SELECT * FROM activity_log WHERE target_address = '203.0.113.9'")).toMatch(/activity_log_by_address/);
  expect(queryPlan(db, "SELECT * FROM activity_log WHERE target_kind = 'ticket' AND target_id = '42'")).toMatch(/activity_log_by_target/);
});
