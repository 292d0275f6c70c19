// `address_sort_key(text)`: the bytes a written address sorts by (src-shared/address-sort-key.ts),
// for the sort key columns the alerts cache keeps beside each address (migration 26) and fills as
// it stores a row.
import type Database from 'better-sqlite3';
import { addressSortKey, IPV4_KEY_LENGTH, writeDottedIpv4Key } from '../../../src-shared/address-sort-key.ts';

export const ADDRESS_SORT_KEY = 'address_sort_key';

/** The key as SQLite stores it: a BLOB, which compares byte by byte. */
export function addressSortBlob(text: string | null): Buffer | null {
  if (text === null) return null;
  // A backfill keys two addresses an alert: a plain IPv4 address's bytes go straight into a slice
  // of Node's shared pool (SQLite copies a bound value).
  const ipv4 = Buffer.allocUnsafe(IPV4_KEY_LENGTH);
  if (writeDottedIpv4Key(text.trim(), ipv4)) return ipv4;
  const key = addressSortKey(text);
  return key && Buffer.from(key.buffer, key.byteOffset, key.byteLength);
}

export function registerAddressOrder(db: Database.Database): void {
  db.function(ADDRESS_SORT_KEY, { deterministic: true }, (text: unknown) => addressSortBlob(typeof text === 'string' ? text : null));
}
