import { expect, test } from 'vitest';
import { migration } from '../../../../src-main/core/db/migrations/0037-meaning-cells.ts';
import { runMigration, schemaBefore } from '../../../support/migration-scene.ts';

test('migration 37 (meaning cells) keeps an index exact until it is partitioned, one cell set per generation, gone with its index', () => {
  const db = schemaBefore(migration);
  const made = Number(db.prepare("INSERT INTO meaning_indexes (gateway_profile_id, model, dimensions, created_at) VALUES ('g', 'bge-m3', 768, 'now')").run().lastInsertRowid);
  runMigration(db, migration);

  // An index made before the cells keeps its exact scan.
  expect(db.prepare('SELECT partitioned FROM meaning_indexes WHERE id = ?').pluck().get(made)).toBe(0);
  const cells = db.prepare('INSERT INTO meaning_cell_sets (index_id, generation, trained_on, moved_after, centroids) VALUES (?, ?, ?, ?, ?)');
  cells.run(made, 1, 50_000, null, Buffer.alloc(8));
  cells.run(made, 2, 200_000, 1234, Buffer.alloc(8));
  expect(() => cells.run(made, 2, 1, null, Buffer.alloc(8))).toThrow(/UNIQUE|PRIMARY/);
  expect(() => cells.run(made, 0, 1, null, Buffer.alloc(8))).toThrow(/CHECK/);
  expect(() => cells.run(made, 3, 1, null, null)).toThrow(/NOT NULL/);

  db.prepare('DELETE FROM meaning_indexes WHERE id = ?').run(made);
  expect(db.prepare('SELECT COUNT(*) FROM meaning_cell_sets').pluck().get()).toBe(0);
});
