// A gateway profile as Settings saves one, for a gateway whose certificate a private CA issued.
import type { ParsedProfileInput } from '../../src-shared/contract/profiles.ts';

export function gatewayProfile({ name, baseUrl, apiKey, caPem }: { name: string; baseUrl: string; apiKey: string; caPem: string }): ParsedProfileInput {
  return { service: 'gateway', name, baseUrl, apiKey, trust: { mode: 'ca-only', caPem }, settings: { rateTier: 600 } };
}
