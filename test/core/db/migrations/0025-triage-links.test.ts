import { expect, test } from 'vitest';
import { migration } from '../../../../src-main/core/db/migrations/0025-triage-links.ts';
import { runMigration, schemaBefore } from '../../../support/migration-scene.ts';

test('migration 25 (triage links) keeps the conversations, links a triage to its alerts, and forgets both with the conversation', () => {
  const db = schemaBefore(migration, { id: 'gw', service: 'gateway', name: 'Gateway' });
  const conversation = db.prepare("INSERT INTO conversations (id, profile_id, title, created_at, updated_at) VALUES (?, 'gw', ?, 'now', 'now')");
  conversation.run('c1', 'Triage: ET SCAN');
  conversation.run('c2', 'Plain chat');
  runMigration(db, migration);

  db.prepare("INSERT INTO triage_conversations (conversation_id, firewall_profile_id, verdict_marker) VALUES ('c1', 'fw', 'opsdesk-verdict-1a2b3c4d')").run();
  const link = db.prepare("INSERT INTO triage_alerts (conversation_id, firewall_profile_id, alert_id) VALUES ('c1', 'fw', ?)");
  link.run('a-1');
  link.run('a-2');
  expect(db.prepare("SELECT conversation_id FROM triage_alerts WHERE firewall_profile_id = 'fw' AND alert_id = 'a-2'").all()).toEqual([{ conversation_id: 'c1' }]);
  expect(() => db.prepare("UPDATE triage_conversations SET decision = 'executed'").run()).toThrow(/CHECK/);
  expect(() => db.prepare("INSERT INTO triage_conversations (conversation_id, firewall_profile_id, verdict_marker) VALUES ('gone', 'fw', 'm')").run()).toThrow(/FOREIGN KEY/);

  db.prepare("DELETE FROM conversations WHERE id = 'c1'").run();
  expect(db.prepare('SELECT COUNT(*) AS n FROM triage_conversations').get()).toEqual({ n: 0 });
  expect(db.prepare('SELECT COUNT(*) AS n FROM triage_alerts').get()).toEqual({ n: 0 });
  expect(db.prepare('SELECT id FROM conversations').all()).toEqual([{ id: 'c2' }]);
});
