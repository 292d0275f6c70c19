import type { Migration } from './migration.ts';

export const migration: Migration = {
  version: 9,
  name: 'webhook events',
  // The appliance may deliver an event twice (firewall.md, part 6): ids seen are kept across restarts.
  sql: `CREATE TABLE webhook_events (
    profile_id TEXT NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
    event_id TEXT NOT NULL,
    received_at TEXT NOT NULL,
    PRIMARY KEY (profile_id, event_id)
  ) STRICT;`,
};
