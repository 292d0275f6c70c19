import { expect, test } from 'vitest';
import { migration } from '../../../../src-main/core/db/migrations/0005-sync-state.ts';
import { rowCount, runMigration, schemaBefore } from '../../../support/migration-scene.ts';

test('migration 5 (sync state) keeps one walk position per profile and resource, gone with the profile', () => {
  const db = schemaBefore(migration);
  runMigration(db, migration);
  const insert = db.prepare("INSERT INTO sync_state (profile_id, resource, walk, next_page) VALUES ('a', ?, 2, 7)");
  insert.run('alerts');
  insert.run('blocklist');
  expect(() => insert.run('alerts')).toThrow(/UNIQUE|PRIMARY/);
  expect(db.prepare("SELECT settled_walk, head_ids FROM sync_state WHERE resource = 'alerts'").get()).toEqual({ settled_walk: 0, head_ids: '[]' });
  db.prepare("DELETE FROM profiles WHERE id = 'a'").run();
  expect(rowCount(db, 'sync_state')).toBe(0);
});
