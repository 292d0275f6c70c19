import type { Migration } from './migration.ts';

export const migration: Migration = {
  version: 15,
  name: 'support work items',
  sql: `CREATE TABLE support_work_items (
    profile_id TEXT NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
    id TEXT NOT NULL,
    title TEXT,
    description TEXT,
    status TEXT NOT NULL,
    priority TEXT,
    contact_id TEXT,
    ticket_id TEXT,
    assignee TEXT,
    follow_count INTEGER,
    created_at TEXT,
    updated_at TEXT,
    follows TEXT,
    other TEXT NOT NULL DEFAULT '{}',
    activity_at TEXT NOT NULL,
    synced_at TEXT NOT NULL,
    PRIMARY KEY (profile_id, id)
  ) STRICT;
  CREATE INDEX support_work_items_by_activity ON support_work_items (profile_id, activity_at DESC, id DESC);
  CREATE INDEX support_work_items_by_status ON support_work_items (profile_id, status, activity_at DESC, id DESC);`,
};
