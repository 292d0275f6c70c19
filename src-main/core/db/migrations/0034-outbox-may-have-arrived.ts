import type { Migration } from './migration.ts';

export const migration: Migration = {
  version: 34,
  name: 'outbox may have arrived',
  // Issue 39: whether any attempt of a write may have reached its server (its answer lost, cut off,
  // or a crash while it was being sent), so a discard first asks the server what it holds instead of
  // saying "discarded" of a change that may be in force. A write left `sending` by a crash may have.
  sql: `ALTER TABLE outbox_writes ADD COLUMN may_have_arrived INTEGER NOT NULL DEFAULT 0;
  UPDATE outbox_writes SET may_have_arrived = 1 WHERE state = 'sending';`,
};
