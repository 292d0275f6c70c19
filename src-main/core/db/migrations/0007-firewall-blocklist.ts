import type { Migration } from './migration.ts';

export const migration: Migration = {
  version: 7,
  name: 'firewall block list',
  sql: `CREATE TABLE firewall_blocklist (
    profile_id TEXT NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
    id TEXT NOT NULL,
    ip TEXT NOT NULL,
    reason TEXT,
    duration_seconds INTEGER,
    source TEXT,
    created_at TEXT,
    expires_at TEXT,
    other TEXT,
    PRIMARY KEY (profile_id, id)
  ) STRICT;
  CREATE INDEX firewall_blocklist_by_ip ON firewall_blocklist (profile_id, ip);`,
};
