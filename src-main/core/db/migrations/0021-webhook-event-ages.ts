import type { Migration } from './migration.ts';

export const migration: Migration = {
  version: 21,
  name: 'webhook events: when each occurred',
  // A delivery is acted on only while it is young enough, and its id is kept at least that long;
  // one that says no time is kept longer, as nothing else would tell its replay from a new one.
  sql: `ALTER TABLE webhook_events ADD COLUMN occurred_at TEXT;`,
};
