import { withClient } from '../http/with-client.ts';
import type { ApiKeyProvider, ConnectionSettings } from '../http/types.ts';
import type { Logger } from '../log/logger.ts';
import { createFirewallClient } from './client.ts';

export interface FirewallConnectionSummary {
  service: 'firewall';
  /** 'unknown' when the appliance does not say. */
  version: string;
  uptimeSeconds: number | null;
  /** enterprise, data-center or free-waf (read-only API). */
  edition: string | null;
}

/** Reads the system status; rejects with a ServiceFailure saying exactly what failed. */
export function testFirewallConnection(
  settings: ConnectionSettings,
  getApiKey: ApiKeyProvider,
  logger: Logger,
): Promise<FirewallConnectionSummary> {
  return withClient(
    () => createFirewallClient(settings, getApiKey, logger),
    async (client) => {
      const status = await client.getSystemStatus();
      return {
        service: 'firewall',
        version: status.version ?? 'unknown',
        uptimeSeconds: status.uptimeSeconds ?? null,
        edition: status.edition ?? null,
      };
    },
  );
}
