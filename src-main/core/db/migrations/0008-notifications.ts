import type { Migration } from './migration.ts';

export const migration: Migration = {
  version: 8,
  name: 'notifications',
  // group_key: a burst of the same kind joins the newest unread entry with the same key.
  sql: `CREATE TABLE notifications (
    id TEXT PRIMARY KEY,
    kind TEXT NOT NULL,
    title TEXT NOT NULL,
    body TEXT NOT NULL,
    count INTEGER NOT NULL DEFAULT 1,
    created_at TEXT NOT NULL,
    read INTEGER NOT NULL DEFAULT 0,
    profile_id TEXT REFERENCES profiles (id) ON DELETE CASCADE,
    target TEXT,
    group_key TEXT
  ) STRICT;
  CREATE INDEX notifications_by_time ON notifications (created_at);`,
};
