import type { Migration } from './migration.ts';

export const migration: Migration = {
  version: 26,
  name: 'alerts sort their addresses as numbers',
  // Sorting by the address text put 45.x after 222.x and 91.5.x before 91.60.x. Each address gets
  // a key column (address_sort_key, src-shared/address-sort-key.ts: IPv4 before IPv6, numeric,
  // ranges before the addresses they begin with) that the repository fills as it stores a row,
  // and the sort reads an index over it. The text indexes stay: filters by an address or its
  // beginning and the address card read them.
  sql: `ALTER TABLE firewall_alerts ADD COLUMN src_ip_key BLOB;
  ALTER TABLE firewall_alerts ADD COLUMN dst_ip_key BLOB;
  UPDATE firewall_alerts SET src_ip_key = address_sort_key(src_ip), dst_ip_key = address_sort_key(dst_ip);
  CREATE INDEX firewall_alerts_by_source_order ON firewall_alerts (profile_key, src_ip_key, occurred_ms);
  CREATE INDEX firewall_alerts_by_destination_order ON firewall_alerts (profile_key, dst_ip_key, occurred_ms);`,
};
