import type { ConnectionSummary } from '../../../src-preload/contract/profiles.ts';
import { parseJsonBody } from '../http/response-body.ts';
import { ServiceFailure } from '../http/service-failure.ts';
import { describeMalformedResponse, requestIdFrom } from '../http/status-errors.ts';
import type { GatewayClient } from './client.ts';
import { gatewayDialect } from './error-dialect.ts';

// Far longer than any model name a gateway gives; anything longer is not a name to show.
const MAX_MODEL_ID_LENGTH = 256;

function modelListIn(body: unknown): unknown[] | undefined {
  if (Array.isArray(body)) return body;
  if (typeof body !== 'object' || body === null) return undefined;
  const { data, models } = body as { data?: unknown; models?: unknown };
  return Array.isArray(data) ? data : Array.isArray(models) ? models : undefined;
}

function usableModelId(entry: unknown): string | undefined {
  const id = typeof entry === 'object' && entry !== null ? (entry as { id?: unknown }).id : entry;
  return typeof id === 'string' && id.trim() !== '' && id.length <= MAX_MODEL_ID_LENGTH ? id : undefined;
}

/**
 * Lists the key's models; rejects with a ServiceFailure saying exactly what failed. The body is
 * read by what it holds, not by its content type: a login page labelled text/plain is not a model
 * list, and JSON labelled text/plain is one.
 */
export async function testGatewayConnection(client: GatewayClient): Promise<Extract<ConnectionSummary, { service: 'gateway' }>> {
  let response: Response;
  let bytes: Buffer;
  try {
    response = await client.openai.models.list().asResponse();
    bytes = Buffer.from(await response.arrayBuffer());
  } catch (error) {
    throw client.toServiceFailure(error);
  }
  const requestId = requestIdFrom(undefined, Object.fromEntries(response.headers));
  const body = parseJsonBody(bytes, undefined, { dialect: gatewayDialect, status: response.status, requestId });
  const entries = modelListIn(body);
  if (!entries) throw new ServiceFailure(describeMalformedResponse(gatewayDialect, response.status, 'unexpected_shape', requestId));
  const models = entries.map(usableModelId).filter((id) => id !== undefined);
  const unusable = entries.length - models.length;
  return { service: 'gateway', modelCount: models.length, models, ...(unusable > 0 ? { unusableModelCount: unusable } : {}) };
}
