// The allow list section, in English; the catalog section `firewall.allowlist.*`.
export const allowListStrings = {
  title: 'Allow list',
  noun: 'allow list entry',
  explanation: 'Addresses here are never blocked, whatever an alert or rule says.',
  columns: { ip: 'IP' },
  fields: { ip: 'IP address or network', ipPlaceholder: '198.51.100.0/24' },
} as const;
