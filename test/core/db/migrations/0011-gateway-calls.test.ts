import { expect, test } from 'vitest';
import { migration } from '../../../../src-main/core/db/migrations/0011-gateway-calls.ts';
import { rowCount, runMigration, schemaBefore } from '../../../support/migration-scene.ts';

test('migration 11 (gateway call log) keeps calls of a profile, newest first by index, and forgets them with the profile', () => {
  const db = schemaBefore(migration, { id: 'p', service: 'gateway', name: 'Lab' });
  runMigration(db, migration);
  const insert = db.prepare("INSERT INTO gateway_calls (profile_id, at, endpoint, outcome, latency_ms) VALUES (?, 'now', '/models', 'ok', 5)");
  insert.run('p');
  expect(() => insert.run('gone')).toThrow(/FOREIGN KEY/);
  db.prepare("DELETE FROM profiles WHERE id = 'p'").run();
  expect(rowCount(db, 'gateway_calls')).toBe(0);
});
