// Everything main needs to know about the firewall appliance as a back end (firewall.md).
import { connectionSettingsFor, type Connector } from '../http/connector.ts';
import { normaliseFirewallBaseUrl } from './base-url.ts';
import { createFirewallClient, type FirewallClient } from './client.ts';
import { firewallDialect } from './error-dialect.ts';
import { testFirewallConnection } from './test-connection.ts';

export const firewallConnector: Connector<'firewall', FirewallClient> = {
  service: 'firewall',
  dialect: firewallDialect,
  normaliseBaseUrl: normaliseFirewallBaseUrl,
  isLiveKey: () => false,
  // The call-rate limit is configured per key on the appliance, over a window of its choosing.
  rateLimit: (settings) => ({ requests: settings.rateLimit.requests, windowMs: settings.rateLimit.windowSeconds * 1000 }),
  open: (profile, getApiKey, logger, options) =>
    createFirewallClient(connectionSettingsFor(firewallConnector, profile, profile.baseUrl), getApiKey, logger, options),
  test: testFirewallConnection,
  readHealth: (client) => client.getSystemStatus(),
};
