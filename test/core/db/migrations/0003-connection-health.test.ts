import { expect, test } from 'vitest';
import { migration } from '../../../../src-main/core/db/migrations/0003-connection-health.ts';
import { rowCount, runMigration, schemaBefore } from '../../../support/migration-scene.ts';

test('migration 3 (connection health) keeps when a profile was last reached, and forgets it with the profile', () => {
  const db = schemaBefore(migration);
  runMigration(db, migration);
  const insert = db.prepare('INSERT INTO connection_health (profile_id, last_reached_at) VALUES (?, ?)');
  insert.run('a', '2026-01-01T00:00:00.000Z');
  expect(() => insert.run('gone', '2026-01-01T00:00:00.000Z')).toThrow(/FOREIGN KEY/);
  db.prepare("DELETE FROM profiles WHERE id = 'a'").run();
  expect(rowCount(db, 'connection_health')).toBe(0);
});
