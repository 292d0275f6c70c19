import { expect, test } from 'vitest';
import { migration } from '../../../../src-main/core/db/migrations/0034-outbox-may-have-arrived.ts';
import { runMigration, schemaBefore } from '../../../support/migration-scene.ts';

test('migration 34 (outbox may have arrived) marks only a write a crash left being sent as one that may have reached its server', () => {
  const db = schemaBefore(migration);
  db.prepare("INSERT INTO profiles (id, service, name, base_url, trust, timeouts, proxy, settings, created_at, updated_at) VALUES ('p', 'firewall', 'FW', 'https://x', '{}', '{}', '{}', '{}', 'now', 'now')").run();
  const insert = db.prepare("INSERT INTO outbox_writes (id, profile_id, service, object_key, action, idempotency_key, state, created_at, updated_at) VALUES (?, 'p', 'firewall', 'blockEntry:10.0.0.1', '{}', ?, ?, '2026-11-20T08:00:00.000Z', '2026-11-20T08:00:00.000Z')");
  insert.run('w-sending', 'k1', 'sending');
  insert.run('w-queued', 'k2', 'queued');
  insert.run('w-sent', 'k3', 'sent');
  runMigration(db, migration);
  expect(db.prepare('SELECT id, may_have_arrived FROM outbox_writes ORDER BY id').all()).toEqual([
    { id: 'w-queued', may_have_arrived: 0 },
    { id: 'w-sending', may_have_arrived: 1 },
    { id: 'w-sent', may_have_arrived: 0 },
  ]);
});
