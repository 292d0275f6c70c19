import type { ConnectionSummary } from '../../../src-preload/contract/profiles.ts';
import type { FirewallClient } from './client.ts';

/** Reads the system status; rejects with a ServiceFailure saying exactly what failed. */
export async function testFirewallConnection(client: FirewallClient): Promise<Extract<ConnectionSummary, { service: 'firewall' }>> {
  const status = await client.getSystemStatus();
  return {
    service: 'firewall',
    version: status.version ?? 'unknown',
    uptimeSeconds: status.uptimeSeconds ?? null,
    edition: status.edition ?? null,
  };
}
