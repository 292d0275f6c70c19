// The gateway connection the chat figures use: the simulator's, with a call rate no figure reaches.
import type { ParsedProfileInput } from '../src-shared/contract/profiles.ts';
import type { Simulators } from '../test/sim/index.ts';

export function benchGatewayProfile(sims: Simulators): ParsedProfileInput {
  return { service: 'gateway', name: 'Bench gateway', baseUrl: sims.gateway.url, apiKey: sims.gateway.keys.demo, trust: { mode: 'ca-only', caPem: sims.ca.certPem }, settings: { rateTier: 6000 } };
}
