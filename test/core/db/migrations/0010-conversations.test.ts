import { expect, test } from 'vitest';
import { migration } from '../../../../src-main/core/db/migrations/0010-conversations.ts';
import { rowCount, runMigration, schemaBefore } from '../../../support/migration-scene.ts';

test('migration 10 (conversations) keeps conversations past their profile and their messages in order, gone with the conversation', () => {
  const db = schemaBefore(migration, { id: 'p', service: 'gateway', name: 'Lab' });
  runMigration(db, migration);
  db.prepare("INSERT INTO conversations (id, profile_id, title, created_at, updated_at) VALUES ('c', 'p', 'Hello', 'now', 'now')").run();
  const message = db.prepare("INSERT INTO chat_messages (id, conversation_id, position, role, content, created_at) VALUES (?, 'c', ?, ?, 'text', 'now')");
  message.run('m1', 0, 'user');
  expect(() => message.run('m2', 0, 'assistant')).toThrow(/UNIQUE/);
  expect(() => message.run('m3', 1, 'system')).toThrow(/CHECK/);
  expect(() => db.prepare("UPDATE conversations SET endpoint = 'other' WHERE id = 'c'").run()).toThrow(/CHECK/);
  db.prepare("DELETE FROM profiles WHERE id = 'p'").run();
  expect(db.prepare("SELECT profile_id, endpoint, stream FROM conversations WHERE id = 'c'").get()).toEqual({ profile_id: null, endpoint: 'chat', stream: 1 });
  db.prepare("DELETE FROM conversations WHERE id = 'c'").run();
  expect(rowCount(db, 'chat_messages')).toBe(0);
});
