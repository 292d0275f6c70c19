import type { Migration } from './migration.ts';

export const migration: Migration = {
  version: 4,
  name: 'firewall log queries',
  // The log searches an analyst ran, per profile, to run again; the query is the form's JSON.
  sql: `CREATE TABLE firewall_log_queries (
    profile_id TEXT NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
    query TEXT NOT NULL,
    used_at TEXT NOT NULL,
    PRIMARY KEY (profile_id, query)
  ) STRICT;`,
};
