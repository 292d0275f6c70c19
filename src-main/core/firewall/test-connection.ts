import type { FirewallClient } from './client.ts';

export interface FirewallConnectionSummary {
  service: 'firewall';
  /** 'unknown' when the appliance does not say. */
  version: string;
  uptimeSeconds: number | null;
  /** enterprise, data-center or free-waf (read-only API). */
  edition: string | null;
}

/** Reads the system status; rejects with a ServiceFailure saying exactly what failed. */
export async function testFirewallConnection(client: FirewallClient): Promise<FirewallConnectionSummary> {
  const status = await client.getSystemStatus();
  return {
    service: 'firewall',
    version: status.version ?? 'unknown',
    uptimeSeconds: status.uptimeSeconds ?? null,
    edition: status.edition ?? null,
  };
}
