import type { Migration } from './migration.ts';

export const migration: Migration = {
  version: 31,
  name: 'sync reach',
  // Issue 28: the alerts view says how far back its cache goes and fetches older alerts on request.
  // `reach_from`: the walks went through the list back to this moment (ISO), so the cache holds all
  // of it from then on (NULL: not known yet, as for caches filled before this). `reach_whole`: the
  // list ended before that moment, so there is nothing older to fetch. `reach_wanted`: the moment a
  // "fetch older" asked to reach, kept until a walk reaches it or the user cancels, so a restart
  // goes on with it.
  sql: `ALTER TABLE sync_state ADD COLUMN reach_from TEXT;
  ALTER TABLE sync_state ADD COLUMN reach_whole INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE sync_state ADD COLUMN reach_wanted TEXT;`,
};
