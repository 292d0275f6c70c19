import { expect, test } from 'vitest';
import { migration } from '../../../../src-main/core/db/migrations/0017-sync-full-rewalks.ts';
import { runMigration, schemaBefore } from '../../../support/migration-scene.ts';

test('migration 17 (full re-walks) keeps whether a walk goes through the whole window and when one last did', () => {
  const db = schemaBefore(migration);
  db.prepare("INSERT INTO sync_state (profile_id, resource, walk, next_page) VALUES ('a', 'alerts', 2, 7)").run();
  runMigration(db, migration);
  expect(db.prepare("SELECT walk, next_page, walk_full, last_full_walk_at FROM sync_state WHERE resource = 'alerts'").get()).toEqual({
    walk: 2,
    next_page: 7,
    walk_full: 0,
    last_full_walk_at: null,
  });
});
