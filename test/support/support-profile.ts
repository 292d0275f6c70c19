// A support profile as Settings saves one, for a help desk whose certificate a private CA issued.
import type { ParsedProfileInput } from '../../src-shared/contract/profiles.ts';

export interface SupportProfileFields {
  name: string;
  baseUrl: string;
  apiKey: string;
  /** The CA that issued the help desk's certificate, trusted for this profile only. */
  caPem: string;
  /** The site the profile works in; the simulator's main site unless given. */
  site?: string;
  /** How many calls a minute the profile allows itself. */
  ratePerMinute: number;
}

export function supportProfile({ name, baseUrl, apiKey, caPem, site = 'site-main', ratePerMinute }: SupportProfileFields): ParsedProfileInput {
  return { service: 'support', name, baseUrl, apiKey, trust: { mode: 'ca-only', caPem }, settings: { site, ratePerMinute } };
}
