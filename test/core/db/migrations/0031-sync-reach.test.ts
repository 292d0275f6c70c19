import { expect, test } from 'vitest';
import { migration } from '../../../../src-main/core/db/migrations/0031-sync-reach.ts';
import { runMigration, schemaBefore } from '../../../support/migration-scene.ts';

test('migration 31 (sync reach) leaves how far a cache filled before it reaches unknown, with nothing asked of it', () => {
  const db = schemaBefore(migration);
  db.prepare("INSERT INTO sync_state (profile_id, resource, settled_walk, last_synced_at) VALUES ('a', 'alerts', 4, '2026-11-20T08:00:00.000Z')").run();
  runMigration(db, migration);
  expect(db.prepare("SELECT settled_walk, last_synced_at, reach_from, reach_whole, reach_wanted FROM sync_state WHERE resource = 'alerts'").get()).toEqual({
    settled_walk: 4,
    last_synced_at: '2026-11-20T08:00:00.000Z',
    reach_from: null,
    reach_whole: 0,
    reach_wanted: null,
  });
});
