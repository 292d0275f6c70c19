import { expect, test } from 'vitest';
import { migration } from '../../../../src-main/core/db/migrations/0021-webhook-event-ages.ts';
import { runMigration, schemaBefore } from '../../../support/migration-scene.ts';

test('migration 21 (webhook event ages) keeps the ids already seen, with no time of their own', () => {
  const db = schemaBefore(migration);
  db.prepare("INSERT INTO webhook_events (profile_id, event_id, received_at) VALUES ('a', 'evt_1', '2026-01-01T00:00:00.000Z')").run();
  runMigration(db, migration);
  expect(db.prepare('SELECT event_id, received_at, occurred_at FROM webhook_events').all()).toEqual([
    { event_id: 'evt_1', received_at: '2026-01-01T00:00:00.000Z', occurred_at: null },
  ]);
});
