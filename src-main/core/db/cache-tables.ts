// Which tables are a cache of a back end (a sync fills them again) and which hold what exists only
// on this machine. Rebuilding the cache empties the first and keeps every row of the others; a
// table not named here is kept, so a new table is never dropped by mistake.
export const CACHE_TABLES: ReadonlySet<string> = new Set([
  'connection_health',
  'sync_state',
  'firewall_profile_keys',
  'firewall_alerts',
  'firewall_alert_counts',
  'firewall_alerts_fts_progress',
  'firewall_alerts_terms',
  'firewall_blocklist',
  'firewall_log_queries',
  'support_tickets',
  'support_contacts',
  'support_work_items',
  'search_seen',
  // Embedded again from the rows above (core/meaning/).
  'meaning_indexes',
  'meaning_items',
  'meaning_scan',
  'meaning_cell_sets',
]);

/** Full-text indexes and SQLite's own tables: rebuilt by the triggers that fill them, never copied. */
export function isDerivedTable(name: string, virtualTables: ReadonlySet<string>): boolean {
  if (name.startsWith('sqlite_') || virtualTables.has(name)) return true;
  return [...virtualTables].some((virtual) => name.startsWith(`${virtual}_`));
}
