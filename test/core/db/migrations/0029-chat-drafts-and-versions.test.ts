import { expect, test } from 'vitest';
import { migration } from '../../../../src-main/core/db/migrations/0029-chat-drafts-and-versions.ts';
import { runMigration, schemaBefore } from '../../../support/migration-scene.ts';

test('migration 29 (chat drafts and versions) gives every conversation an empty draft and keeps set-aside paths until the conversation goes', () => {
  const db = schemaBefore(migration, { id: 'gw', service: 'gateway', name: 'Gateway' });
  db.prepare("INSERT INTO conversations (id, profile_id, title, created_at, updated_at) VALUES ('c1', 'gw', 'Old chat', 'now', 'now')").run();
  db.prepare("INSERT INTO chat_messages (id, conversation_id, position, role, content, created_at) VALUES ('m1', 'c1', 0, 'user', 'Hello', 'now')").run();
  runMigration(db, migration);

  expect(db.prepare("SELECT draft FROM conversations WHERE id = 'c1'").get()).toEqual({ draft: '' });
  db.prepare("INSERT INTO chat_branches (id, conversation_id, fork_after, started_at) VALUES ('b1', 'c1', 'm1', 'then')").run();
  db.prepare("INSERT INTO chat_branch_messages (id, branch_id, position, role, content, usage, created_at) VALUES ('a1', 'b1', 0, 'assistant', 'First answer', '{}', 'then')").run();
  expect(() => db.prepare("INSERT INTO chat_branch_messages (id, branch_id, position, role, content, created_at) VALUES ('a2', 'b1', 0, 'assistant', 'Same place', 'then')").run()).toThrow(/UNIQUE/);
  expect(() => db.prepare("INSERT INTO chat_branches (id, conversation_id, started_at) VALUES ('b2', 'gone', 'then')").run()).toThrow(/FOREIGN KEY/);

  db.prepare("DELETE FROM conversations WHERE id = 'c1'").run();
  expect(db.prepare('SELECT COUNT(*) AS n FROM chat_branches').get()).toEqual({ n: 0 });
  expect(db.prepare('SELECT COUNT(*) AS n FROM chat_branch_messages').get()).toEqual({ n: 0 });
});
