import type { ConnectionSummary } from '../../../src-preload/contract/profiles.ts';
import { createFirewallClient } from '../firewall/client.ts';
import type { FirewallClient } from '../firewall/client.ts';
import { testFirewallConnection } from '../firewall/test-connection.ts';
import { createGatewayClient } from '../gateway/client.ts';
import type { GatewayClient } from '../gateway/client.ts';
import { testGatewayConnection } from '../gateway/test-connection.ts';
import type { ApiKeyProvider, ConnectionSettings } from '../http/types.ts';
import type { Logger } from '../log/logger.ts';
import { createSupportClient } from '../support/client.ts';
import type { SupportClient } from '../support/client.ts';
import { testSupportConnection } from '../support/test-connection.ts';

/** How to open a back end's client for a profile, and its one cheap authenticated call. */
export interface Connector<Client extends { close(): Promise<void> }> {
  open(settings: ConnectionSettings & { site?: string }, getApiKey: ApiKeyProvider, logger: Logger): Client;
  test(client: Client): Promise<ConnectionSummary>;
}

export interface Connectors {
  gateway: Connector<GatewayClient>;
  support: Connector<SupportClient>;
  firewall: Connector<FirewallClient>;
}

export type ClientOf<Service extends keyof Connectors> = ReturnType<Connectors[Service]['open']>;

export const connectors: Connectors = {
  gateway: { open: createGatewayClient, test: testGatewayConnection },
  support: { open: createSupportClient, test: testSupportConnection },
  firewall: { open: createFirewallClient, test: testFirewallConnection },
};
