import type { Migration } from './migration.ts';

/**
 * Coarse cells over a meaning index's vectors (core/meaning/meaning-cells.ts): each training's
 * centroids (a generation, numbered from 1), the number of vectors it was trained on, and how far
 * the move of the older vectors into its cells has come (`moved_after`, an item rowid; null once
 * every vector is in them). `partitioned` says the index's vector table has the `cell` partition key
 * (tables made before this migration have not: they keep the exact scan).
 */
export const migration: Migration = {
  version: 37,
  name: 'meaning-cells',
  sql: `ALTER TABLE meaning_indexes ADD COLUMN partitioned INTEGER NOT NULL DEFAULT 0;
  CREATE TABLE meaning_cell_sets (
    index_id INTEGER NOT NULL REFERENCES meaning_indexes (id) ON DELETE CASCADE,
    generation INTEGER NOT NULL CHECK (generation > 0),
    trained_on INTEGER NOT NULL,
    moved_after INTEGER,
    centroids BLOB NOT NULL,
    PRIMARY KEY (index_id, generation)
  ) STRICT;`,
};
