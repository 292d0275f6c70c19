import type { Migration } from './migration.ts';

export const migration: Migration = {
  version: 14,
  name: 'support contacts',
  // Phones only as the server masked them: an unmasked number is shown on request and never stored.
  sql: `CREATE TABLE support_contacts (
    profile_id TEXT NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
    id TEXT NOT NULL,
    name TEXT,
    email TEXT,
    phone TEXT,
    company TEXT,
    status TEXT NOT NULL,
    tags TEXT NOT NULL DEFAULT '[]',
    follow_count INTEGER,
    created_at TEXT,
    updated_at TEXT,
    follows TEXT,
    other TEXT NOT NULL DEFAULT '{}',
    activity_at TEXT NOT NULL,
    synced_at TEXT NOT NULL,
    PRIMARY KEY (profile_id, id)
  ) STRICT;
  CREATE INDEX support_contacts_by_activity ON support_contacts (profile_id, activity_at DESC, id DESC);
  CREATE INDEX support_contacts_by_status ON support_contacts (profile_id, status, activity_at DESC, id DESC);`,
};
