import { expect, test } from 'vitest';
import { migration } from '../../../../src-main/core/db/migrations/0028-reply-box-and-contact-links.ts';
import { runMigration, schemaBefore } from '../../../support/migration-scene.ts';

test('migration 28 (canned replies, reply drafts, contact look-ups) keeps the caches, makes a shortcut one word across the list, and forgets a connection’s replies and drafts with it', () => {
  const db = schemaBefore(migration, { id: 'sp', service: 'support', name: 'Help desk' });
  db.prepare("INSERT INTO support_tickets (profile_id, id, status, visitor_email, contact_id, activity_at, synced_at) VALUES ('sp', 't1', 'queued', 'Ana@Example.com', NULL, 'now', 'now')").run();
  db.prepare("INSERT INTO support_contacts (profile_id, id, name, email, status, activity_at, synced_at) VALUES ('sp', 'c1', 'Ana Silva', 'ana@example.com', 'new', 'now', 'now')").run();
  runMigration(db, migration);

  const reply = db.prepare("INSERT INTO canned_replies (id, profile_id, shortcut, body, created_at, updated_at) VALUES (?, ?, ?, 'Hello {{visitor.name}}', 'now', 'now')");
  reply.run('r1', null, 'hello');
  reply.run('r2', 'sp', 'refund');
  expect(() => reply.run('r3', null, 'Hello')).toThrow(/UNIQUE/);
  expect(() => reply.run('r4', 'gone', 'other')).toThrow(/FOREIGN KEY/);
  db.prepare("INSERT INTO reply_drafts (profile_id, ticket_id, text, updated_at) VALUES ('sp', 't1', 'Dear Ana,', 'now')").run();

  // The e-mail look-up ignores case, through its index.
  const plan = db.prepare("EXPLAIN QUERY PLAN SELECT id FROM support_tickets WHERE profile_id = 'sp' AND visitor_email = 'ana@example.com' COLLATE NOCASE").all() as { detail: string }[];
  expect(plan.map((step) => step.detail).join(' ')).toContain('support_tickets_by_visitor_email');
  expect(db.prepare("SELECT id FROM support_contacts WHERE profile_id = 'sp' AND email = 'ANA@example.com' COLLATE NOCASE").all()).toEqual([{ id: 'c1' }]);

  db.prepare("DELETE FROM profiles WHERE id = 'sp'").run();
  expect(db.prepare('SELECT id FROM canned_replies').all()).toEqual([{ id: 'r1' }]);
  expect(db.prepare('SELECT COUNT(*) AS n FROM reply_drafts').get()).toEqual({ n: 0 });
});
