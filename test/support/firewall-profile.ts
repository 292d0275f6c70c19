// A firewall profile as Settings saves one, for an appliance whose certificate a private CA issued.
import type { ParsedProfileInput } from '../../src-shared/contract/profiles.ts';

export interface FirewallProfileFields {
  name: string;
  baseUrl: string;
  apiKey: string;
  /** The CA that issued the appliance's certificate, trusted for this profile only. */
  caPem: string;
  /** How many calls a second the profile allows itself. */
  requestsPerSecond: number;
}

export function firewallProfile({ name, baseUrl, apiKey, caPem, requestsPerSecond }: FirewallProfileFields): ParsedProfileInput {
  return {
    service: 'firewall',
    name,
    baseUrl,
    apiKey,
    trust: { mode: 'ca-only', caPem },
    settings: { rateLimit: { requests: requestsPerSecond, windowSeconds: 1 } },
  };
}
