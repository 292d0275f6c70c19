import type { Migration } from './migration.ts';

export const migration: Migration = {
  version: 27,
  name: 'tickets by opening',
  // The inbox sorts by when a ticket was opened, newest or oldest first (issue 27), as well as by
  // activity: an index in that order (a ticket the server sent without its opening time sorts by its
  // activity), so a page of either order is read from the index, not sorted from the whole cache.
  sql: `CREATE INDEX support_tickets_by_opening ON support_tickets (profile_id, COALESCE(created_at, activity_at), id);`,
};
