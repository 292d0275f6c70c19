// Addresses sort as numbers, not as text ("45.x" before "222.x", "91.5.x" before "91.60.x"): each
// written address or range becomes bytes whose plain byte order is the order an analyst expects,
// so SQLite sorts them through an index (a BLOB compares as memcmp) and the window sorts a page
// with the same key. ipaddr.js reads the address; this file only lays the bytes out.
import ipaddr from 'ipaddr.js';

/** IPv4 before IPv6 (as PostgreSQL's inet sorts), then anything that is not an address, by its text. */
const IPV4 = 4;
const IPV6 = 6;
const NOT_AN_ADDRESS = 0xff;

type Ip = ipaddr.IPv4 | ipaddr.IPv6;

/** An IPv4-mapped IPv6 address (`::ffff:1.2.3.4`) is that IPv4 host and sorts beside it. */
function plainIp(text: string): Ip | null {
  if (ipaddr.IPv4.isValidFourPartDecimal(text)) return ipaddr.IPv4.parse(text);
  if (!ipaddr.IPv6.isValid(text)) return null;
  const ip = ipaddr.IPv6.parse(text);
  return ip.isIPv4MappedAddress() ? ip.toIPv4Address() : ip;
}

/** First and last address of `text`: one address, a CIDR range or a dashed range `a-b`, each end of one family. */
function span(text: string): [Ip, Ip] | null {
  const dash = text.indexOf('-');
  if (dash > 0) {
    const first = plainIp(text.slice(0, dash).trim());
    const last = plainIp(text.slice(dash + 1).trim());
    return first && last && first.kind() === last.kind() ? [first, last] : null;
  }
  const slash = text.indexOf('/');
  if (slash < 0) {
    const ip = plainIp(text);
    return ip && [ip, ip];
  }
  const ip = plainIp(text.slice(0, slash));
  const bits = Number(text.slice(slash + 1));
  if (!ip || !/^\d{1,3}$/.test(text.slice(slash + 1)) || bits > (ip.kind() === 'ipv4' ? 32 : 128)) return null;
  const cidr = `${ip.toString()}/${bits}`;
  return ip.kind() === 'ipv4'
    ? [ipaddr.IPv4.networkAddressFromCIDR(cidr), ipaddr.IPv4.broadcastAddressFromCIDR(cidr)]
    : [ipaddr.IPv6.networkAddressFromCIDR(cidr), ipaddr.IPv6.broadcastAddressFromCIDR(cidr)];
}

/** The key of an IPv4 address: its family, its four bytes, the same four inverted (see `addressSortKey`). */
export const IPV4_KEY_LENGTH = 9;

/** One part of a plain dotted IPv4 address: 0-255 without leading zeros, as ipaddr.js's `isValidFourPartDecimal` reads it. */
const OCTET = '(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
const DOTTED_IPV4 = new RegExp(`^${OCTET}\\.${OCTET}\\.${OCTET}\\.${OCTET}$`);

/**
 * Writes the key of a plain dotted IPv4 address into `key`; false, with `key` untouched, for any
 * other text. Nearly every alert holds two such addresses and a backfill keys them all: the parts
 * go from the match straight into the caller's bytes (about 0.15 µs an address, where a split,
 * its numbers and a spread into a new array cost about 1 µs).
 */
export function writeDottedIpv4Key(text: string, key: Uint8Array): boolean {
  const parts = DOTTED_IPV4.exec(text);
  if (!parts) return false;
  key[0] = IPV4;
  for (let part = 0; part < 4; part++) {
    const byte = Number(parts[part + 1]);
    key[1 + part] = byte;
    key[5 + part] = 0xff - byte;
  }
  return true;
}

/**
 * The bytes an address sorts by: its family, its first address, then its last address inverted,
 * so a range comes just before the addresses it begins with (10.0.0.0/8, 10.0.0.0, 10.0.0.1) and a
 * wider range before a narrower one. Text that is no address sorts after every address, by its
 * text; null stays null.
 */
export function addressSortKey(text: string | null): Uint8Array | null {
  if (text === null) return null;
  const trimmed = text.trim();
  const ipv4 = new Uint8Array(IPV4_KEY_LENGTH);
  if (writeDottedIpv4Key(trimmed, ipv4)) return ipv4;
  const range = span(trimmed);
  if (!range) {
    const written = new TextEncoder().encode(text);
    const key = new Uint8Array(written.length + 1);
    key[0] = NOT_AN_ADDRESS;
    key.set(written, 1);
    return key;
  }
  const [first, last] = range.map((ip) => ip.toByteArray()) as [number[], number[]];
  const key = new Uint8Array(1 + first.length * 2);
  key[0] = first.length === 4 ? IPV4 : IPV6;
  key.set(first, 1);
  key.set(last.map((byte) => 0xff - byte), 1 + first.length);
  return key;
}

/** Orders two written addresses as `addressSortKey` does; for sorting a page in the window. */
export function compareAddresses(a: string | null, b: string | null): number {
  const left = addressSortKey(a);
  const right = addressSortKey(b);
  if (left === null || right === null) return left === right ? 0 : left === null ? -1 : 1;
  const length = Math.min(left.length, right.length);
  for (let i = 0; i < length; i++) if (left[i] !== right[i]) return left[i]! - right[i]!;
  return left.length - right.length;
}
