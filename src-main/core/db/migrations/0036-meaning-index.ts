import type { Migration } from './migration.ts';

/**
 * The meaning index (core/meaning/): one index per gateway connection, embedding model and
 * dimension, its vectors in a sqlite-vec table of its own (`meaning_vectors_<id>`, made when the
 * first answer says the dimension, so this migration needs no extension); the items embedded, by
 * a hash of the text sent, so only new and changed ones are sent again, and how many chunks (one
 * vector each) a long one was cut into; and where each kind's scan stands, so an index resumes
 * after a restart. `complete` is set once every item of a pass
 * was embedded: until then the searches use the index before it, kept until this one is complete.
 */
export const migration: Migration = {
  version: 36,
  name: 'meaning-index',
  sql: `CREATE TABLE meaning_indexes (
    id INTEGER PRIMARY KEY,
    gateway_profile_id TEXT NOT NULL,
    model TEXT NOT NULL,
    dimensions INTEGER NOT NULL CHECK (dimensions > 0),
    complete INTEGER NOT NULL DEFAULT 0,
    created_at TEXT NOT NULL,
    completed_at TEXT,
    tokens INTEGER NOT NULL DEFAULT 0,
    UNIQUE (gateway_profile_id, model, dimensions)
  ) STRICT;
  CREATE TABLE meaning_items (
    index_id INTEGER NOT NULL REFERENCES meaning_indexes (id) ON DELETE CASCADE,
    kind TEXT NOT NULL,
    profile_id TEXT NOT NULL,
    item_id TEXT NOT NULL,
    content_hash TEXT NOT NULL,
    chunks INTEGER NOT NULL DEFAULT 1 CHECK (chunks > 0),
    UNIQUE (index_id, kind, profile_id, item_id)
  ) STRICT;
  CREATE TABLE meaning_scan (
    gateway_profile_id TEXT NOT NULL,
    model TEXT NOT NULL,
    kind TEXT NOT NULL,
    after_rowid INTEGER NOT NULL,
    PRIMARY KEY (gateway_profile_id, model, kind)
  ) STRICT;`,
};
