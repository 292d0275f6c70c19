import { expect, test } from 'vitest';
import { migration } from '../../../../src-main/core/db/migrations/0012-outbox.ts';
import { rowCount, runMigration, schemaBefore } from '../../../support/migration-scene.ts';

test('migration 12 (outbox) keeps one row per write with a unique Idempotency-Key, known states only, gone with its profile', () => {
  const db = schemaBefore(migration, { id: 'p', service: 'support', name: 'Desk' });
  runMigration(db, migration);
  const insert = db.prepare(
    "INSERT INTO outbox_writes (id, profile_id, service, object_key, action, request, idempotency_key, state, created_at, updated_at) VALUES (?, ?, 'support', 'ticket:new', '{}', '{}', ?, ?, 'now', 'now')",
  );
  insert.run('w1', 'p', 'key-1', 'queued');
  expect(() => insert.run('w2', 'p', 'key-1', 'queued')).toThrow(/UNIQUE/);
  expect(() => insert.run('w3', 'p', 'key-3', 'lost')).toThrow(/CHECK/);
  expect(() => insert.run('w4', 'gone', 'key-4', 'queued')).toThrow(/FOREIGN KEY/);
  db.prepare("DELETE FROM profiles WHERE id = 'p'").run();
  expect(rowCount(db, 'outbox_writes')).toBe(0);
});
