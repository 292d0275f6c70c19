// Key IP allowlists: entries are single addresses or CIDR blocks, IPv4 or IPv6.
import { BlockList, isIP } from 'node:net';

export type IpAllowlist = (address: string) => boolean;

export function createIpAllowlist(entries: readonly string[] | undefined): IpAllowlist {
  if (!entries || entries.length === 0) return () => true;
  const list = new BlockList();
  for (const entry of entries) {
    const [address = '', prefix] = entry.split('/');
    const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (isIP(address) === 0) throw new Error(`not an IP address or CIDR block: ${entry}`);
    if (prefix === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(prefix), family);
  }
  return (address) => {
    const plain = address.startsWith('::ffff:') ? address.slice(7) : address;
    const family = isIP(plain) === 6 ? 'ipv6' : 'ipv4';
    return isIP(plain) !== 0 && list.check(plain, family);
  };
}
