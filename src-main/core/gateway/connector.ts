// Everything main needs to know about the model gateway as a back end (gateway.md).
import { connectionSettingsFor, type Connector } from '../http/connector.ts';
import { normaliseGatewayBaseUrl } from './base-url.ts';
import { createGatewayClient, type GatewayClient } from './client.ts';
import { gatewayDialect } from './error-dialect.ts';
import { testGatewayConnection } from './test-connection.ts';

export const gatewayConnector: Connector<'gateway', GatewayClient> = {
  service: 'gateway',
  dialect: gatewayDialect,
  normaliseBaseUrl: normaliseGatewayBaseUrl,
  // The gateway's keys have no production/test split.
  isLiveKey: () => false,
  // The key's tier is its limit per minute (free 60, paid 600, enterprise 6000).
  rateLimit: (settings) => ({ requests: settings.rateTier, windowMs: 60_000 }),
  open: (profile, getApiKey, logger, options) =>
    createGatewayClient(connectionSettingsFor(gatewayConnector, profile, profile.baseUrl), getApiKey, logger, options),
  test: testGatewayConnection,
  changesNothing: true,
};
