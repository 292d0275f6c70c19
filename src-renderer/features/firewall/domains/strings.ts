// The domain rules section, in English; the catalog section `firewall.domains.*`.
export const domainStrings = {
  title: 'Domain rules',
  noun: 'domain rule',
  explanation: 'Block or allow traffic to a domain by its name.',
  columns: { domain: 'Domain', action: 'Action' },
  fields: { domain: 'Domain', domainPlaceholder: 'tracker.example.com', action: 'Action' },
  actions: { block: 'Block', allow: 'Allow' },
} as const;
