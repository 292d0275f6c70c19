import type { Migration } from './migration.ts';

export const migration: Migration = {
  version: 5,
  name: 'sync state',
  // One row per profile and synced resource. A walk of the appliance's pages is numbered; rows a
  // walk stores carry its number, and only rows of a completed walk (walk <= settled_walk) count
  // as "already had", so a walk cut short by a crash resumes at next_page instead of stopping early.
  sql: `CREATE TABLE sync_state (
    profile_id TEXT NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
    resource TEXT NOT NULL,
    settled_walk INTEGER NOT NULL DEFAULT 0,
    walk INTEGER,
    next_page INTEGER,
    walk_total INTEGER,
    walk_fetched INTEGER NOT NULL DEFAULT 0,
    walk_head_ids TEXT NOT NULL DEFAULT '[]',
    head_ids TEXT NOT NULL DEFAULT '[]',
    last_synced_at TEXT,
    PRIMARY KEY (profile_id, resource)
  ) STRICT;`,
};
