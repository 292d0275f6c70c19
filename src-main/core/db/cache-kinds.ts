// The kinds of a back end's cache as the analyst names them ("12 alerts, 3 tickets"), each the
// cache table whose rows it counts. The tables themselves are classified in cache-tables.ts; the
// other cache tables are a sync's bookkeeping, counted by no one.
import type { CacheKind } from '../../../src-shared/contract/profiles.ts';

export const CACHE_KIND_TABLES: Readonly<Record<CacheKind, string>> = {
  alerts: 'firewall_alerts',
  blocklist: 'firewall_blocklist',
  logSearches: 'firewall_log_queries',
  tickets: 'support_tickets',
  contacts: 'support_contacts',
  work: 'support_work_items',
  seen: 'search_seen',
};
