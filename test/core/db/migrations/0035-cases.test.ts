import { expect, test } from 'vitest';
import { migration } from '../../../../src-main/core/db/migrations/0035-cases.ts';
import { queryPlan, runMigration, schemaBefore } from '../../../support/migration-scene.ts';

test('migration 35 (cases) keeps cases with their items, notes and kept events, read by item, gone with their case but not with a connection', () => {
  const db = schemaBefore(migration);
  runMigration(db, migration);

  const insertCase = db.prepare("INSERT INTO cases (id, number, title, status, severity, created_at, updated_at) VALUES (?, ?, ?, ?, 'high', '2026-11-25T10:00:00.000Z', '2026-11-25T10:00:00.000Z')");
  insertCase.run('c1', 1, 'Scan from 203.0.113.7', 'open');
  insertCase.run('c2', 2, 'Same scan', 'inProgress');
  expect(() => insertCase.run('c3', 1, 'Number taken', 'open')).toThrow(/UNIQUE/);
  expect(() => insertCase.run('c4', 4, 'Unknown status', 'done')).toThrow(/CHECK/);
  expect(db.prepare("SELECT tags, owner, merged_into FROM cases WHERE id = 'c1'").get()).toEqual({ tags: '[]', owner: null, merged_into: null });

  const item = db.prepare("INSERT INTO case_items (case_id, kind, profile_id, item_id, added_at) VALUES (?, ?, ?, ?, 'now')");
  item.run('c1', 'alert', 'a', 'alt_1');
  item.run('c2', 'alert', 'a', 'alt_1');
  item.run('c1', 'address', '', '203.0.113.7');
  expect(() => item.run('c1', 'alert', 'a', 'alt_1')).toThrow(/UNIQUE|PRIMARY/);
  expect(() => item.run('c1', 'policy', 'a', 'p1')).toThrow(/CHECK/);
  expect(queryPlan(db, "SELECT case_id FROM case_items WHERE kind = 'alert' AND profile_id = 'a' AND item_id = 'alt_1'")).toContain('case_items_by_item');

  db.prepare("INSERT INTO case_notes (id, case_id, body, created_at, updated_at) VALUES ('n1', 'c1', '**Seen** twice', 'now', 'now')").run();
  db.prepare("INSERT INTO case_kept_events (case_id, key, at, event) VALUES ('c1', 'alert:a:alt_1', 'now', '{}')").run();

  // The connection goes; the case keeps its items.
  db.prepare("DELETE FROM profiles WHERE id = 'a'").run();
  expect(db.prepare("SELECT COUNT(*) AS items FROM case_items WHERE case_id = 'c1'").get()).toEqual({ items: 2 });

  // A merged case points at the case it went into, until that one is deleted.
  db.prepare("UPDATE cases SET merged_into = 'c1', status = 'closed' WHERE id = 'c2'").run();
  db.prepare("DELETE FROM cases WHERE id = 'c1'").run();
  expect(db.prepare("SELECT merged_into FROM cases WHERE id = 'c2'").get()).toEqual({ merged_into: null });
  expect(db.prepare('SELECT (SELECT COUNT(*) FROM case_items) AS items, (SELECT COUNT(*) FROM case_notes) AS notes, (SELECT COUNT(*) FROM case_kept_events) AS kept').get()).toEqual({ items: 1, notes: 0, kept: 0 });
});
