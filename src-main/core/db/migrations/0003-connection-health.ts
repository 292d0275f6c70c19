import type { Migration } from './migration.ts';

export const migration: Migration = {
  version: 3,
  name: 'connection health',
  // Only when a back end last answered is kept across restarts; whether it answers now is learnt anew.
  sql: `CREATE TABLE connection_health (
    profile_id TEXT PRIMARY KEY REFERENCES profiles (id) ON DELETE CASCADE,
    last_reached_at TEXT NOT NULL
  ) STRICT;`,
};
