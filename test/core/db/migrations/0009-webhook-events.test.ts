import { expect, test } from 'vitest';
import { migration } from '../../../../src-main/core/db/migrations/0009-webhook-events.ts';
import { runMigration, schemaBefore } from '../../../support/migration-scene.ts';

test('migration 9 (webhook events) remembers an event id once per profile', () => {
  const db = schemaBefore(migration);
  runMigration(db, migration);
  const insert = db.prepare("INSERT INTO webhook_events (profile_id, event_id, received_at) VALUES ('a', ?, 'now')");
  insert.run('evt_1');
  expect(() => insert.run('evt_1')).toThrow(/UNIQUE|PRIMARY/);
});
