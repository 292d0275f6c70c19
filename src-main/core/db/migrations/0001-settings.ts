import type { Migration } from './migration.ts';

export const migration: Migration = {
  version: 1,
  name: 'settings',
  sql: `CREATE TABLE settings (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
  ) STRICT;`,
};
