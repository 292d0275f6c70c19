import { withClient } from '../http/with-client.ts';
import type { ApiKeyProvider, ConnectionSettings } from '../http/types.ts';
import type { Logger } from '../log/logger.ts';
import { createGatewayClient } from './client.ts';

export interface GatewayConnectionSummary {
  service: 'gateway';
  modelCount: number;
  /** The models this key may call. */
  models: string[];
}

/** Lists the key's models; rejects with a ServiceFailure saying exactly what failed. */
export function testGatewayConnection(
  settings: ConnectionSettings,
  getApiKey: ApiKeyProvider,
  logger: Logger,
): Promise<GatewayConnectionSummary> {
  return withClient(
    () => createGatewayClient(settings, getApiKey, logger),
    async (client) => {
      const models = (await client.listModels()).map((model) => model.id);
      return { service: 'gateway', modelCount: models.length, models };
    },
  );
}
