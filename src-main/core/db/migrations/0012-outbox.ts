import type { Migration } from './migration.ts';

export const migration: Migration = {
  version: 12,
  name: 'outbox',
  // Every write the user makes, stored with its Idempotency-Key before it leaves, until it is sent
  // or given up. The body is kept only while the write may still go out.
  sql: `CREATE TABLE outbox_writes (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    id TEXT NOT NULL UNIQUE,
    profile_id TEXT NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
    service TEXT NOT NULL CHECK (service IN ('support', 'firewall')),
    object_key TEXT NOT NULL,
    action TEXT NOT NULL,
    request TEXT,
    idempotency_key TEXT NOT NULL UNIQUE,
    state TEXT NOT NULL CHECK (state IN ('sending', 'queued', 'failed', 'sent', 'discarded')),
    error TEXT,
    attempts INTEGER NOT NULL DEFAULT 0,
    next_attempt_at INTEGER,
    response TEXT,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
  ) STRICT;
  CREATE INDEX outbox_writes_unfinished ON outbox_writes (profile_id, object_key, seq) WHERE state IN ('sending', 'queued', 'failed');`,
};
