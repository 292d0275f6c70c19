import { expect, test } from 'vitest';
import { migration } from '../../../../src-main/core/db/migrations/0004-firewall-log-queries.ts';
import { rowCount, runMigration, schemaBefore } from '../../../support/migration-scene.ts';

test('migration 4 (firewall log queries) keeps each query once per profile, and forgets them with the profile', () => {
  const db = schemaBefore(migration);
  runMigration(db, migration);
  const insert = db.prepare('INSERT INTO firewall_log_queries (profile_id, query, used_at) VALUES (?, ?, ?)');
  insert.run('a', '{"text":"x"}', '2026-01-01T00:00:00.000Z');
  expect(() => insert.run('a', '{"text":"x"}', '2026-01-02T00:00:00.000Z')).toThrow(/UNIQUE/);
  expect(() => insert.run('gone', '{}', '2026-01-01T00:00:00.000Z')).toThrow(/FOREIGN KEY/);
  db.prepare("DELETE FROM profiles WHERE id = 'a'").run();
  expect(rowCount(db, 'firewall_log_queries')).toBe(0);
});
