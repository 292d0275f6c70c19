// The sort key the alerts cache stores beside each address is the key the window sorts a page by.
import { expect, test } from 'vitest';
import { addressSortBlob } from '../../../src-main/core/db/address-order.ts';
import { addressSortKey } from '../../../src-shared/address-sort-key.ts';

test('a stored key is the shared key, for plain IPv4 addresses, ranges, IPv6, padded text and what is no address', () => {
  let seed = 11;
  const byte = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) % 256;
  const hosts = Array.from({ length: 300 }, () => [byte(), byte(), byte(), byte()].join('.'));
  const others = [' 10.0.0.1 ', '0.0.0.0', '255.255.255.255', '10.0.0.0/8', '10.0.0.5-10.0.0.9', '2001:db8::1', '::ffff:10.0.0.1', '01.2.3.4', '256.1.1.1', '1.2.3', 'not an address', ''];
  const blobs = [...hosts, ...others].map((text) => [text, addressSortBlob(text)] as const);
  // Each key keeps its own bytes: the ones made after it do not overwrite it.
  for (const [text, blob] of blobs) expect([...blob!], text).toEqual([...addressSortKey(text)!]);
  expect(addressSortBlob(null)).toBeNull();
});
