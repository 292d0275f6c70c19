// What a support feature needs of the client registry (core/clients, which back ends may not import).
import type { SupportClient } from './client.ts';

export interface SupportClients {
  clientFor(profileId: string, service: 'support'): SupportClient;
}

/** One rate type for every back end's sync (core/sync). */
export type { RateOf } from '../sync/sync-budget.ts';
