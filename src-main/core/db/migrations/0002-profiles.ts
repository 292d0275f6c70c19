import type { Migration } from './migration.ts';

export const migration: Migration = {
  version: 2,
  name: 'profiles',
  // No key column: keys live only in the OS keychain. key_hint is the masked prefix the UI shows.
  sql: `CREATE TABLE profiles (
    id TEXT PRIMARY KEY,
    service TEXT NOT NULL CHECK (service IN ('gateway', 'support', 'firewall')),
    name TEXT NOT NULL,
    base_url TEXT NOT NULL,
    trust TEXT NOT NULL,
    timeouts TEXT NOT NULL,
    proxy TEXT NOT NULL,
    settings TEXT NOT NULL,
    key_hint TEXT,
    live INTEGER NOT NULL DEFAULT 0,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    UNIQUE (service, name)
  ) STRICT;`,
};
