import { expect, test } from 'vitest';
import { migration } from '../../../../src-main/core/db/migrations/0038-action-codes-named-by-calls.ts';
import { runMigration, schemaBefore } from '../../../support/migration-scene.ts';

test('migration 38 (action codes named by calls) renames old codes in the activity log, the outbox and kept case events, and leaves what is not JSON', () => {
  const db = schemaBefore(migration);
  const logRow = db.prepare("INSERT INTO activity_log (id, at, back_end, action, target_kind, outcome, updated_at) VALUES (?, 'now', 'support', ?, 'ticket', 'sent', 'now')");
  logRow.run('e1', 'replyTicket');
  logRow.run('e2', 'createBlockEntry');
  logRow.run('e3', 'closeTicket');
  const write = db.prepare("INSERT INTO outbox_writes (id, profile_id, service, object_key, action, idempotency_key, state, created_at, updated_at) VALUES (?, 'a', 'firewall', ?, ?, ?, 'sent', 'now', 'now')");
  write.run('w1', 'blockEntry:203.0.113.7', JSON.stringify({ code: 'deleteBlockEntry', params: { id: 'b1', address: '203.0.113.7' } }), 'k1');
  write.run('w2', 'policy:p1', JSON.stringify({ code: 'updatePolicy', params: { id: 'p1' } }), 'k2');
  write.run('w3', 'ticket:9', 'replyTicket', 'k3');
  db.prepare("INSERT INTO cases (id, number, title, status, severity, created_at, updated_at) VALUES ('c1', 1, 'Scan', 'open', 'high', 'now', 'now')").run();
  const kept = db.prepare("INSERT INTO case_kept_events (case_id, key, at, event) VALUES ('c1', ?, 'now', ?)");
  kept.run('write:w1', JSON.stringify({ id: 'write:w1', kind: 'write', write: { backEnd: 'support', action: { code: 'changeContactStatus', params: { name: 'Ada' } }, outcome: 'sent' } }));
  kept.run('alert:a:1', JSON.stringify({ id: 'alert:a:1', kind: 'alert', write: null }));

  runMigration(db, migration);

  expect(db.prepare('SELECT id, action FROM activity_log ORDER BY id').all()).toEqual([
    { id: 'e1', action: 'replyToTicket' },
    { id: 'e2', action: 'block' },
    { id: 'e3', action: 'closeTicket' },
  ]);
  const actions = db.prepare<[], { id: string; action: string }>('SELECT id, action FROM outbox_writes ORDER BY id').all();
  expect(actions.slice(0, 2).map(({ id, action }) => ({ id, action: JSON.parse(action) as unknown }))).toEqual([
    { id: 'w1', action: { code: 'unblock', params: { id: 'b1', address: '203.0.113.7' } } },
    { id: 'w2', action: { code: 'updatePolicy', params: { id: 'p1' } } },
  ]);
  expect(actions[2]).toEqual({ id: 'w3', action: 'replyTicket' });
  const events = db.prepare<[], string>('SELECT event FROM case_kept_events ORDER BY key').pluck().all().map((event) => JSON.parse(event) as unknown);
  expect(events).toEqual([
    { id: 'alert:a:1', kind: 'alert', write: null },
    { id: 'write:w1', kind: 'write', write: { backEnd: 'support', action: { code: 'setContactStatus', params: { name: 'Ada' } }, outcome: 'sent' } },
  ]);
});
