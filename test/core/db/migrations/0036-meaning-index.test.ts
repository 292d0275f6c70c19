import { expect, test } from 'vitest';
import { migration } from '../../../../src-main/core/db/migrations/0036-meaning-index.ts';
import { runMigration, schemaBefore } from '../../../support/migration-scene.ts';

test('migration 36 (meaning index) keeps one index per connection, model and dimension, its items once each, gone with their index, and each scan resumable', () => {
  const db = schemaBefore(migration);
  runMigration(db, migration);

  const index = db.prepare("INSERT INTO meaning_indexes (gateway_profile_id, model, dimensions, created_at) VALUES ('g', ?, ?, 'now')");
  const first = Number(index.run('bge-m3', 1024).lastInsertRowid);
  index.run('bge-m3', 768);
  expect(() => index.run('bge-m3', 1024)).toThrow(/UNIQUE/);
  expect(() => index.run('other', 0)).toThrow(/CHECK/);
  expect(db.prepare('SELECT complete, tokens, completed_at FROM meaning_indexes WHERE id = ?').get(first)).toEqual({ complete: 0, tokens: 0, completed_at: null });

  const item = db.prepare("INSERT INTO meaning_items (index_id, kind, profile_id, item_id, content_hash, chunks) VALUES (?, 'ticket', 's', ?, 'h', ?)");
  item.run(first, 't1', 4);
  expect(() => item.run(first, 't1', 1)).toThrow(/UNIQUE/);
  expect(() => item.run(first, 't2', 0)).toThrow(/CHECK/);
  db.prepare("INSERT INTO meaning_items (index_id, kind, profile_id, item_id, content_hash) VALUES (?, 'alert', 'f', 'a1', 'h')").run(first);
  expect(db.prepare("SELECT chunks FROM meaning_items WHERE item_id = 'a1'").pluck().get()).toBe(1);

  const scan = db.prepare("INSERT INTO meaning_scan (gateway_profile_id, model, kind, after_rowid) VALUES ('g', 'bge-m3', ?, ?)");
  scan.run('alert', 250);
  expect(() => scan.run('alert', 500)).toThrow(/UNIQUE|PRIMARY/);

  db.prepare('DELETE FROM meaning_indexes WHERE id = ?').run(first);
  expect(db.prepare('SELECT COUNT(*) FROM meaning_items').pluck().get()).toBe(0);
});
