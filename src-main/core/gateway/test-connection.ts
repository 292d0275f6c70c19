import type { ConnectionSummary } from '../../../src-preload/contract/profiles.ts';
import type { GatewayClient } from './client.ts';

/** Lists the key's models; rejects with a ServiceFailure saying exactly what failed. */
export async function testGatewayConnection(client: GatewayClient): Promise<Extract<ConnectionSummary, { service: 'gateway' }>> {
  const models = (await client.listModels()).map((model) => model.id);
  return { service: 'gateway', modelCount: models.length, models };
}
