import { expect, test } from 'vitest';
import { migration } from '../../../../src-main/core/db/migrations/0023-search-index.ts';
import { rowCount, runMigration, schemaBefore } from '../../../support/migration-scene.ts';

const matches = (db: ReturnType<typeof schemaBefore>, table: string, query: string) =>
  (db.prepare(`SELECT rowid FROM ${table}_fts WHERE ${table}_fts MATCH ? ORDER BY rowid`).all(query) as { rowid: number }[]).map((row) => row.rowid);

test('migration 23 (search index) indexes the tickets already cached, and follows each later insert, change and delete', () => {
  const db = schemaBefore(migration, { id: 'p', service: 'support', name: 'Desk' });
  const insert = db.prepare(
    "INSERT INTO support_tickets (profile_id, id, status, subject, visitor_name, messages, last_message, activity_at, synced_at) VALUES ('p', ?, 'open', ?, ?, ?, ?, 'now', 'now')",
  );
  insert.run('t1', 'Printer on fire', 'Ada', JSON.stringify([{ id: 'm1', text: 'our office 203.0.113.220 is blocked' }]), null);
  insert.run('t2', 'Refund', null, null, JSON.stringify({ id: 'm9', text: 'where is my parcel' }));
  runMigration(db, migration);
  expect(matches(db, 'support_tickets', '"printer"*')).toEqual([1]);
  expect(matches(db, 'support_tickets', 'messages : "203.0.113.220"')).toEqual([1]);
  expect(matches(db, 'support_tickets', '"parcel"*'), 'a list without messages is searched by its last message').toEqual([2]);
  expect(matches(db, 'support_tickets', 'visitor : "ada"')).toEqual([1]);

  insert.run('t3', 'Fresh ticket', null, null, null);
  expect(matches(db, 'support_tickets', '"fresh"*')).toEqual([3]);
  db.prepare("UPDATE support_tickets SET subject = 'Printer fixed' WHERE id = 't3'").run();
  expect(matches(db, 'support_tickets', '"fresh"*')).toEqual([]);
  expect(matches(db, 'support_tickets', '"printer"*')).toEqual([1, 3]);
  db.prepare("DELETE FROM support_tickets WHERE id = 't1'").run();
  expect(matches(db, 'support_tickets', '"printer"*')).toEqual([3]);
});

test('migration 23 leaves the index alone when a sync rewrites a row with the same words', () => {
  const db = schemaBefore(migration, { id: 'p', service: 'support', name: 'Desk' });
  runMigration(db, migration);
  db.prepare("INSERT INTO support_contacts (profile_id, id, name, company, email, phone, status, activity_at, synced_at) VALUES ('p', 'c1', 'Grace', 'Navy', 'g@navy.mil', '+1 555 0100', 'active', 'now', 'now')").run();
  const changes = () => (db.prepare('SELECT total_changes() AS n').get() as { n: number }).n;
  const before = changes();
  db.prepare("UPDATE support_contacts SET synced_at = 'later', status = 'active' WHERE id = 'c1'").run();
  expect(changes() - before, 'the row alone changed, no trigger wrote the index').toBe(1);
  expect(matches(db, 'support_contacts', '"navy"*')).toEqual([1]);
  expect(matches(db, 'support_contacts', '"555"*'), 'a phone is never indexed').toEqual([]);
});

test('migration 23 indexes conversations by title and their messages by text, and keeps the seen answers per profile', () => {
  const db = schemaBefore(migration, { id: 'p', service: 'support', name: 'Desk' });
  db.prepare("INSERT INTO conversations (id, title, created_at, updated_at) VALUES ('c1', 'Scanning from 198.51.100.7', 'now', 'now')").run();
  db.prepare("INSERT INTO chat_messages (id, conversation_id, position, role, content, created_at) VALUES ('m1', 'c1', 0, 'user', 'Is this a botnet?', 'now')").run();
  runMigration(db, migration);
  expect(matches(db, 'conversations', '"scanning"*')).toEqual([1]);
  expect(matches(db, 'chat_messages', '"botnet"*')).toEqual([1]);
  const seen = db.prepare("INSERT INTO search_seen (profile_id, kind, id, title, seen_at) VALUES (?, ?, 'f1', 'Reset a password', 'now')");
  seen.run('p', 'faq');
  expect(() => seen.run('p', 'faq')).toThrow(/UNIQUE/);
  expect(() => seen.run('p', 'recipe')).toThrow(/CHECK/);
  db.prepare("DELETE FROM profiles WHERE id = 'p'").run();
  expect(rowCount(db, 'search_seen')).toBe(0);
});
