import type { ConnectionSummary } from '../../../src-shared/contract/profiles.ts';
import { explainFirstCallFailure } from '../wire/first-call.ts';
import type { GatewayClient } from './client.ts';

/** Lists the key's models; rejects with a ServiceFailure saying exactly what failed. */
export async function testGatewayConnection(client: GatewayClient): Promise<Extract<ConnectionSummary, { service: 'gateway' }>> {
  const { records, refused } = await client.listModels().catch((error: unknown) => {
    throw explainFirstCallFailure(error, 'https://gateway.example.com/v1');
  });
  const models = records.map((model) => model.id);
  return { service: 'gateway', modelCount: models.length, models, ...(refused > 0 ? { unusableModelCount: refused } : {}) };
}
