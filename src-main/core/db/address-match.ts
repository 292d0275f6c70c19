// Which cached rows name an address or lie in a range, as SQL over a text column of addresses
// (an alert's source, a block entry): one address is an index lookup of the ways it is written;
// a range reads the index over the text its addresses begin with and lets ipaddr.js decide, as an
// SQL function every connection of main has.
import type Database from 'better-sqlite3';
import { addressesOverlap, parseAddress, type ParsedAddress } from '../../../src-shared/address-mentions.ts';

const ADDRESS_OVERLAPS = 'address_overlaps';

/** `address_overlaps(range, address)`: 1 when the written address is in the range (or overlaps it). */
export function registerAddressMatch(db: Database.Database): void {
  let compiled: { range: string; parsed: ParsedAddress | null } = { range: '', parsed: null };
  db.function(ADDRESS_OVERLAPS, { deterministic: true }, (range: unknown, address: unknown) => {
    if (typeof range !== 'string' || typeof address !== 'string') return 0;
    if (range !== compiled.range) compiled = { range, parsed: parseAddress(range) };
    return compiled.parsed && addressesOverlap(compiled.parsed, address) ? 1 : 0;
  });
}

/**
 * The text every address of the range begins with when written as alerts and block lists write
 * them: its whole leading octets ("10.20.") or hextets ("2001:db8:"); '' for a range wider than one.
 */
function writtenPrefix(parsed: ParsedAddress & { prefixLength: number }): string {
  const [network] = parsed.address.split('/');
  if (parsed.family === 'ipv4') {
    const octets = Math.floor(parsed.prefixLength / 8);
    return octets === 0 ? '' : `${network!.split('.').slice(0, octets).join('.')}${octets === 4 ? '' : '.'}`;
  }
  // RFC 5952 text of the network: its leading hextets stand before any '::' it has.
  const leading = network!.split('::')[0]!.split(':').filter(Boolean);
  const hextets = Math.min(Math.floor(parsed.prefixLength / 16), leading.length);
  return hextets === 0 ? '' : `${leading.slice(0, hextets).join(':')}:`;
}

/**
 * Text every written mention of the address or range holds, to narrow free text before the
 * recogniser reads it: the address itself, or the range's leading octets or hextets. An IPv6
 * address written otherwise than RFC 5952 does (upper case, leading zeros) is not found.
 */
export function writtenNeedle(parsed: ParsedAddress): string {
  return parsed.prefixLength === undefined ? parsed.address : writtenPrefix({ ...parsed, prefixLength: parsed.prefixLength });
}

/** The forms a stored address may take for this one: as written, and an IPv4 host as an IPv4-mapped IPv6 address. */
export function writtenForms(parsed: ParsedAddress): string[] {
  return parsed.family === 'ipv4' ? [parsed.address, `::ffff:${parsed.address}`] : [parsed.address, parsed.address.toUpperCase()];
}

export interface AddressCondition {
  /** The condition on `column` (a column of addresses as text). */
  on(column: string): string;
  params: Record<string, string>;
}

/** Rows whose `column` is the address, or an address in the range, as SQL read through that column's index. */
export function addressCondition(parsed: ParsedAddress): AddressCondition {
  if (parsed.prefixLength === undefined) {
    const forms = writtenForms(parsed);
    const params = Object.fromEntries(forms.map((form, i) => [`address${i}`, form]));
    return { on: (column) => `${column} IN (${forms.map((_, i) => `@address${i}`).join(', ')})`, params };
  }
  const prefix = writtenPrefix({ ...parsed, prefixLength: parsed.prefixLength });
  return {
    on: (column) => `${column} >= @addressFrom AND ${column} < @addressTo AND ${ADDRESS_OVERLAPS}(@addressRange, ${column})`,
    params: { addressFrom: prefix, addressTo: `${prefix}\u{10FFFF}`, addressRange: parsed.address },
  };
}
