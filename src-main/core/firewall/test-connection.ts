import type { ConnectionSummary } from '../../../src-shared/contract/profiles.ts';
import { withoutUndefined } from '../without-undefined.ts';
import { explainFirstCallFailure } from '../wire/first-call.ts';
import { summariseDescription, type FirewallClient } from './client.ts';

/** Reads the system status and what the appliance describes; rejects with a ServiceFailure saying exactly what failed. */
export async function testFirewallConnection(client: FirewallClient): Promise<Extract<ConnectionSummary, { service: 'firewall' }>> {
  const status = await client.getSystemStatus().catch((error: unknown) => {
    throw explainFirstCallFailure(error, 'https://<appliance>:9443/api/v1');
  });
  const description = await client.describeServer();
  return {
    service: 'firewall',
    version: status.version ?? 'unknown',
    uptimeSeconds: status.uptimeSeconds ?? null,
    edition: status.edition ?? null,
    ...withoutUndefined({ cpuPercent: status.cpuPercent, memoryPercent: status.memoryPercent, activeSessions: status.activeSessions }),
    ...(description ? { described: summariseDescription(description, status.edition) } : {}),
  };
}
