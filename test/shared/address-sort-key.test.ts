import { describe, expect, it } from 'vitest';
import { addressSortKey, compareAddresses } from '../../src-shared/address-sort-key.ts';

const sorted = (addresses: readonly (string | null)[]) => [...addresses].sort(compareAddresses);

describe('addresses sort as numbers', () => {
  it('orders IPv4 by value, not by text', () => {
    expect(sorted(['222.1.1.1', '45.3.2.1', '91.60.172.98', '91.5.234.199', '9.255.255.255', '10.0.0.1'])).toEqual([
      '9.255.255.255', '10.0.0.1', '45.3.2.1', '91.5.234.199', '91.60.172.98', '222.1.1.1',
    ]);
  });

  it('orders IPv6 by value whatever the way it is written', () => {
    expect(sorted(['2001:db8::10', '2001:DB8::2', 'fe80::1', '::1', '2001:0db8:0000:0000:0000:0000:0000:0009'])).toEqual([
      '::1', '2001:DB8::2', '2001:0db8:0000:0000:0000:0000:0000:0009', '2001:db8::10', 'fe80::1',
    ]);
  });

  it('puts IPv4 before IPv6, an IPv4-mapped address beside its IPv4 host, and what is no address last', () => {
    expect(sorted(['2001:db8::1', 'not an address', '10.0.0.2', '::ffff:10.0.0.1', '10.0.0.3', null])).toEqual([
      null, '::ffff:10.0.0.1', '10.0.0.2', '10.0.0.3', '2001:db8::1', 'not an address',
    ]);
  });

  it('puts a range just before the addresses it begins with, a wider range before a narrower one', () => {
    expect(sorted(['10.0.0.1', '10.0.0.0', '10.0.0.0/24', '10.0.0.0/8', '9.0.0.0/8', '10.0.1.0/24', '10.0.0.5-10.0.0.9', '2001:db8::/32', '2001:db8::'])).toEqual([
      '9.0.0.0/8', '10.0.0.0/8', '10.0.0.0/24', '10.0.0.0', '10.0.0.1', '10.0.0.5-10.0.0.9', '10.0.1.0/24', '2001:db8::/32', '2001:db8::',
    ]);
  });

  it('reads a range written from a host inside it as its network', () => {
    expect(compareAddresses('10.1.2.3/16', '10.1.0.0/16')).toBe(0);
  });

  it('keys a plain IPv4 address as the same host written as a /32 range does, and no address what ipaddr.js would not read', () => {
    let seed = 7;
    const byte = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) % 256;
    const hosts = ['0.0.0.0', '255.255.255.255', '1.2.3.4', '10.0.0.1', ...Array.from({ length: 500 }, () => [byte(), byte(), byte(), byte()].join('.'))];
    for (const host of hosts) expect([...addressSortKey(host)!], host).toEqual([...addressSortKey(`${host}/32`)!]);
    for (const text of ['01.2.3.4', '1.2.3.04', '256.1.1.1', '1.2.3', '1.2.3.4.5', '1..2.3', '1.2.3.4 x', '1.2.3.', '１.2.3.4', '1.2.3.-4', '1111.2.3.4', '.1.2.3', '1.2.3.400']) {
      expect(addressSortKey(text)![0], text).toBe(0xff);
    }
  });
});
