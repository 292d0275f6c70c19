import type { Migration } from './migration.ts';

export const migration: Migration = {
  version: 17,
  name: 'sync state: full re-walks',
  // A walk normally stops at the first item it already has; now and then one goes through the
  // whole window, for items a real appliance lists mid-list (late arrivals, clock skew).
  sql: `ALTER TABLE sync_state ADD COLUMN walk_full INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE sync_state ADD COLUMN last_full_walk_at TEXT;`,
};
