// What a firewall feature needs of the client registry (core/clients, which back ends may not import).
import type { FirewallClient } from './client.ts';

export interface FirewallClients {
  clientFor(profileId: string, service: 'firewall'): FirewallClient;
}
