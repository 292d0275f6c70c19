import type { Migration } from './migration.ts';

export const migration: Migration = {
  version: 13,
  name: 'support tickets',
  // The inbox's cache (issue 11): a column per field the inbox filters or sorts on, the rest as JSON.
  // The status is any word the server sends. activity_at orders the inbox (the last message, else the ticket's times).
  sql: `CREATE TABLE support_tickets (
    profile_id TEXT NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
    id TEXT NOT NULL,
    status TEXT NOT NULL,
    subject TEXT,
    channel TEXT,
    offline INTEGER NOT NULL DEFAULT 0,
    visitor_name TEXT,
    visitor_email TEXT,
    contact_id TEXT,
    message_count INTEGER,
    created_at TEXT,
    updated_at TEXT,
    closed_at TEXT,
    close_note TEXT,
    last_message TEXT,
    messages TEXT,
    other TEXT NOT NULL DEFAULT '{}',
    activity_at TEXT NOT NULL,
    unread INTEGER NOT NULL DEFAULT 0,
    synced_at TEXT NOT NULL,
    PRIMARY KEY (profile_id, id)
  ) STRICT;
  CREATE INDEX support_tickets_by_activity ON support_tickets (profile_id, activity_at DESC, id DESC);
  CREATE INDEX support_tickets_by_status ON support_tickets (profile_id, status, activity_at DESC, id DESC);`,
};
