import type { GatewayClient } from './client.ts';

export interface GatewayConnectionSummary {
  service: 'gateway';
  modelCount: number;
  /** The models this key may call. */
  models: string[];
}

/** Lists the key's models; rejects with a ServiceFailure saying exactly what failed. */
export async function testGatewayConnection(client: GatewayClient): Promise<GatewayConnectionSummary> {
  const models = (await client.listModels()).map((model) => model.id);
  return { service: 'gateway', modelCount: models.length, models };
}
