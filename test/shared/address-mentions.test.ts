import { describe, expect, it } from 'vitest';
import { addressesOverlap, findAddresses, mentionsAddress, parseAddress } from '../../src-shared/address-mentions.ts';

/** What a reader sees linked: the linked substring and the address its card opens. */
const linked = (text: string) => findAddresses(text).map((mention) => [text.slice(mention.start, mention.end), mention.address]);

describe('findAddresses', () => {
  it.each([
    ['our office IP 203.0.113.220 is blocked', [['203.0.113.220', '203.0.113.220']]],
    ['from 10.0.0.1 to 10.0.0.2.', [['10.0.0.1', '10.0.0.1'], ['10.0.0.2', '10.0.0.2']]],
    ['(198.51.100.7), "198.51.100.8"; 198.51.100.9!', [['198.51.100.7', '198.51.100.7'], ['198.51.100.8', '198.51.100.8'], ['198.51.100.9', '198.51.100.9']]],
    ['Is it 192.0.2.1?', [['192.0.2.1', '192.0.2.1']]],
    ['ends with a colon 192.0.2.1:', [['192.0.2.1', '192.0.2.1']]],
    ['地址192.0.2.44已封禁', [['192.0.2.44', '192.0.2.44']]],
    ['src=10.1.2.3 dst=10.1.2.4', [['10.1.2.3', '10.1.2.3'], ['10.1.2.4', '10.1.2.4']]],
    ['10.1.2.3->10.1.2.4', [['10.1.2.3', '10.1.2.3'], ['10.1.2.4', '10.1.2.4']]],
    ['src:10.9.8.7 ip:10.9.8.6', [['10.9.8.7', '10.9.8.7'], ['10.9.8.6', '10.9.8.6']]],
  ])('finds IPv4 addresses in prose: %s', (text, expected) => {
    expect(linked(text)).toEqual(expected);
  });

  it('links an address with a port without its port', () => {
    expect(linked('connect to 1.2.3.4:443 now')).toEqual([['1.2.3.4', '1.2.3.4']]);
    expect(linked('1.2.3.4:443.')).toEqual([['1.2.3.4', '1.2.3.4']]);
    expect(linked('1.2.3.4:99999')).toEqual([]);
  });

  it('finds IPv6 addresses, lower-cased and compressed as RFC 5952 writes them', () => {
    expect(linked('from 2001:DB8:0:0:0:0:0:1 today')).toEqual([['2001:DB8:0:0:0:0:0:1', '2001:db8::1']]);
    expect(linked('loopback ::1 and fe80::1ff:fe23:4567:890a.')).toEqual([['::1', '::1'], ['fe80::1ff:fe23:4567:890a', 'fe80::1ff:fe23:4567:890a']]);
    expect(linked('prefix 2001:db8::.')).toEqual([['2001:db8::', '2001:db8::']]);
  });

  it('links an IPv6 address in brackets, with or without a port, without the brackets', () => {
    expect(linked('https://[2001:db8::7]:8443/login')).toEqual([['2001:db8::7', '2001:db8::7']]);
    expect(linked('peer [2001:db8::8] said')).toEqual([['2001:db8::8', '2001:db8::8']]);
    expect(linked('peer [2001:db8::8]:53.')).toEqual([['2001:db8::8', '2001:db8::8']]);
  });

  it('finds addresses inside a URL', () => {
    expect(linked('see http://192.0.2.10:8080/status/page')).toEqual([['192.0.2.10', '192.0.2.10']]);
  });

  it('reads an IPv4-mapped IPv6 address as its IPv4 host', () => {
    expect(linked('via ::ffff:192.0.2.128')).toEqual([['::ffff:192.0.2.128', '192.0.2.128']]);
  });

  it('finds CIDR ranges and names them by their network', () => {
    expect(findAddresses('block 10.20.0.0/16, and 10.20.30.40/24.')).toEqual([
      { address: '10.20.0.0/16', family: 'ipv4', prefixLength: 16, start: 6, end: 18 },
      { address: '10.20.30.0/24', family: 'ipv4', prefixLength: 24, start: 24, end: 38 },
    ]);
    expect(linked('range 2001:DB8:1::/48')).toEqual([['2001:DB8:1::/48', '2001:db8:1::/48']]);
    // A prefix too long for its family is no range; the address before it is still one.
    expect(linked('too long a prefix 10.0.0.0/33 and 2001:db8::/129')).toEqual([['10.0.0.0', '10.0.0.0'], ['2001:db8::', '2001:db8::']]);
  });

  it.each([
    ['a version', 'version 1.2.3 shipped'],
    ['a version with a v', 'upgrade to v1.2.3.4'],
    ['five parts', 'build 1.2.3.4.5'],
    ['a word glued to the address', 'id 1.2.3.4abc'],
    ['an octet above 255', 'value 256.1.1.1'],
    ['zero-padded parts (octal to some parsers)', 'serial 010.001.002.003'],
    ['hex parts', '0x7f.0.0.1'],
    ['a date', 'on 2024-01-02 and 2024.01.02 and 02.01.2024'],
    ['a time', 'at 12:30:45 or 12:30'],
    ['a MAC address', 'mac 00:1A:2B:3C:4D:5E'],
    ['C++ scopes and bare colons', 'std::vector a::b :: cafe::babe'],
    ['a number', 'ticket 12345 costs 3.50'],
    ['nothing', ''],
  ])('leaves %s alone', (_, text) => {
    expect(findAddresses(text)).toEqual([]);
  });

  it('takes hostile text as text: markup, bidi controls and a long run stay plain, and the addresses beside them are found', () => {
    expect(linked('<img src=x onerror=alert(1)>10.0.0.5</img>')).toEqual([['10.0.0.5', '10.0.0.5']]);
    expect(linked('\u202E10.0.0.6\u202C')).toEqual([['10.0.0.6', '10.0.0.6']]);
    expect(linked(`${'1.'.repeat(50_000)}1 then 10.0.0.7`)).toEqual([['10.0.0.7', '10.0.0.7']]);
    expect(findAddresses(`${':'.repeat(100_000)}`)).toEqual([]);
  });

  it('stops linking after 500 mentions in one text', () => {
    expect(findAddresses('10.0.0.1 '.repeat(600))).toHaveLength(500);
  });
});

describe('parseAddress', () => {
  it('names an address or range exactly one way', () => {
    expect(parseAddress(' 203.0.113.7 ')).toEqual({ address: '203.0.113.7', family: 'ipv4' });
    expect(parseAddress('2001:0DB8::0001')).toEqual({ address: '2001:db8::1', family: 'ipv6' });
    expect(parseAddress('10.1.2.3/8')).toEqual({ address: '10.0.0.0/8', family: 'ipv4', prefixLength: 8 });
  });

  it('refuses anything that is not exactly one address', () => {
    for (const input of ['', '1.2.3', '1.2.3.4 5.6.7.8', '1.2.3.4:443', '[::1]', 'fe80::1%eth0', 'x'.repeat(100), '<b>1.2.3.4</b>']) {
      expect(parseAddress(input), input).toBeNull();
    }
  });
});

describe('addressesOverlap and mentionsAddress', () => {
  it('an address is inside a blocked range, and a range holds its addresses', () => {
    const host = parseAddress('10.20.30.40')!;
    const range = parseAddress('10.20.0.0/16')!;
    expect(addressesOverlap(host, '10.20.0.0/16')).toBe(true);
    expect(addressesOverlap(host, '10.21.0.0/16')).toBe(false);
    expect(addressesOverlap(range, '10.20.30.40')).toBe(true);
    expect(addressesOverlap(host, '2001:db8::1')).toBe(false);
    expect(addressesOverlap(host, 'not an address')).toBe(false);
  });

  it('a text mentions an address only when it writes that address, not one that starts the same', () => {
    const host = parseAddress('10.0.0.1')!;
    expect(mentionsAddress('from 10.0.0.1.', host)).toBe(true);
    expect(mentionsAddress('from 10.0.0.12', host)).toBe(false);
    expect(mentionsAddress('from 110.0.0.1', host)).toBe(false);
    expect(mentionsAddress('range 10.0.0.0/24', host)).toBe(false);
    expect(mentionsAddress('host 10.0.0.77', parseAddress('10.0.0.0/24')!)).toBe(true);
  });
});
