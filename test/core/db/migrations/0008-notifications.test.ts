import { expect, test } from 'vitest';
import { migration } from '../../../../src-main/core/db/migrations/0008-notifications.ts';
import { rowCount, runMigration, schemaBefore } from '../../../support/migration-scene.ts';

test('migration 8 (notifications) records entries, unread by default, with or without a profile', () => {
  const db = schemaBefore(migration);
  runMigration(db, migration);
  const insert = db.prepare("INSERT INTO notifications (id, kind, title, body, created_at, profile_id) VALUES (?, 'alerts', 't', 'b', 'now', ?)");
  insert.run('n1', 'a');
  insert.run('n2', null);
  expect(db.prepare("SELECT read, count FROM notifications WHERE id = 'n1'").get()).toEqual({ read: 0, count: 1 });
  db.prepare("DELETE FROM profiles WHERE id = 'a'").run();
  expect(rowCount(db, 'notifications')).toBe(1);
});
