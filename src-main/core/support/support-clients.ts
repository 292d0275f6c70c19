// What a support feature needs of the client registry (core/clients, which back ends may not import).
import type { SupportClient } from './client.ts';

export interface SupportClients {
  clientFor(profileId: string, service: 'support'): SupportClient;
}

/** The key's whole call rate, as the profile sets it; background refreshes spend only a share of it. */
export type RateOf = (profileId: string) => { requests: number; windowMs: number };
