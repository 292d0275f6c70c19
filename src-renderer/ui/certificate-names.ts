/**
 * A certificate's subject alternative names as an analyst reads them: the names and addresses
 * alone, an IPv6 address in its short form (`::1`, not Node's `IP Address:0:0:0:0:0:0:0:1`). A kind
 * other than a DNS name or an address keeps its label (`email:`, `URI:`).
 */
export function certificateNameText(name: string): string {
  if (name.startsWith('DNS:')) return name.slice('DNS:'.length);
  if (!name.startsWith('IP Address:')) return name;
  const address = name.slice('IP Address:'.length);
  if (!address.includes(':')) return address;
  try {
    return new URL(`http://[${address}]/`).hostname.slice(1, -1);
  } catch {
    return address;
  }
}
