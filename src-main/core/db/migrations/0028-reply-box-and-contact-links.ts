import type { Migration } from './migration.ts';

export const migration: Migration = {
  version: 28,
  name: 'canned replies, reply drafts and contact look-ups',
  // Canned replies are the analyst's own words, kept on this machine: one list for every support
  // connection (profile_id NULL) or a reply for one connection only (gone with it). A shortcut is
  // one word across the whole list, so "/refund" means the same reply wherever it is typed.
  // A reply box's text is kept per ticket until it is sent, so closing the tab or the app loses nothing.
  // The indexes let a ticket find its contact (by id, else by e-mail or name) and a contact its tickets.
  sql: `CREATE TABLE canned_replies (
    id TEXT PRIMARY KEY,
    profile_id TEXT REFERENCES profiles (id) ON DELETE CASCADE,
    shortcut TEXT NOT NULL UNIQUE COLLATE NOCASE,
    body TEXT NOT NULL,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
  ) STRICT;
  CREATE TABLE reply_drafts (
    profile_id TEXT NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
    ticket_id TEXT NOT NULL,
    text TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    PRIMARY KEY (profile_id, ticket_id)
  ) STRICT;
  CREATE INDEX support_tickets_by_contact ON support_tickets (profile_id, contact_id) WHERE contact_id IS NOT NULL;
  CREATE INDEX support_tickets_by_visitor_email ON support_tickets (profile_id, visitor_email COLLATE NOCASE) WHERE visitor_email IS NOT NULL;
  CREATE INDEX support_contacts_by_email ON support_contacts (profile_id, email COLLATE NOCASE) WHERE email IS NOT NULL;
  CREATE INDEX support_contacts_by_name ON support_contacts (profile_id, name COLLATE NOCASE) WHERE name IS NOT NULL;`,
};
