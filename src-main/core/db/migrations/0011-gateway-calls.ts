import type { Migration } from './migration.ts';

export const migration: Migration = {
  version: 11,
  name: 'gateway call log',
  // The local mirror of the gateway console's call log: what was asked and how it went, never a body or a key.
  sql: `CREATE TABLE gateway_calls (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    profile_id TEXT REFERENCES profiles (id) ON DELETE CASCADE,
    at TEXT NOT NULL,
    endpoint TEXT NOT NULL,
    model TEXT,
    status INTEGER,
    outcome TEXT NOT NULL,
    latency_ms INTEGER NOT NULL,
    prompt_tokens INTEGER,
    completion_tokens INTEGER,
    total_tokens INTEGER
  ) STRICT;
  CREATE INDEX gateway_calls_by_time ON gateway_calls (at DESC);`,
};
