import type { Migration } from './migration.ts';

export const migration: Migration = {
  version: 22,
  name: 'activity log',
  // What the analyst did through OpsDesk, append only: a row changes only when a queued write goes
  // out (its outcome and request id). No foreign key to profiles: the record outlives a deleted
  // profile, which is why it keeps the profile's name. Never a body or a key: only what the target names.
  sql: `CREATE TABLE activity_log (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    id TEXT NOT NULL UNIQUE,
    at TEXT NOT NULL,
    os_user TEXT,
    profile_id TEXT,
    profile_name TEXT,
    back_end TEXT NOT NULL CHECK (back_end IN ('firewall', 'support', 'gateway', 'local')),
    action TEXT NOT NULL,
    params TEXT,
    target_kind TEXT NOT NULL,
    target_id TEXT,
    target_address TEXT,
    target_label TEXT,
    request_id TEXT,
    outcome TEXT NOT NULL CHECK (outcome IN ('sent', 'queued', 'failed', 'discarded')),
    error_code TEXT,
    outbox_id TEXT UNIQUE,
    proposed_by_conversation TEXT,
    updated_at TEXT NOT NULL
  ) STRICT;
  CREATE INDEX activity_log_by_time ON activity_log (at DESC, seq DESC);
  CREATE INDEX activity_log_by_target ON activity_log (target_kind, target_id);
  CREATE INDEX activity_log_by_address ON activity_log (target_address) WHERE target_address IS NOT NULL;`,
};
