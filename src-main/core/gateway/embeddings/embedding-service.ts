import type { EmbeddingResult } from '../../../../src-shared/contract/gateway.ts';
import type { Clock } from '../../lifecycle/clock.ts';
import { ServiceFailure, serviceError } from '../../http/service-failure.ts';
import { readList, readNumber, readRecord } from '../../wire/read.ts';
import type { CallLogRepository } from '../chat/call-log-repository.ts';
import { recordedCall } from '../call-recorder.ts';
import type { GatewayClient } from '../client.ts';

export function cosineSimilarity(a: readonly number[], b: readonly number[]): number {
  let dot = 0;
  let normA = 0;
  let normB = 0;
  for (let index = 0; index < Math.min(a.length, b.length); index++) {
    dot += a[index]! * b[index]!;
    normA += a[index]! ** 2;
    normB += b[index]! ** 2;
  }
  return normA === 0 || normB === 0 ? 0 : dot / Math.sqrt(normA * normB);
}

/**
 * One item's vector as sent: a list of numbers, or (a server that answers base64 whatever was
 * asked) little-endian float32 bytes in base64 (docs/api-assumptions.md, embeddings).
 */
function vectorOf(item: unknown): Float32Array | undefined {
  const fields = readRecord(item);
  const embedding = fields?.['embedding'] ?? fields?.['vector'];
  if (typeof embedding === 'string') {
    const bytes = Buffer.from(embedding, 'base64');
    if (bytes.length === 0 || bytes.length % 4 !== 0) return undefined;
    return new Float32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length));
  }
  const list = readList(embedding);
  if (!list || list.length === 0) return undefined;
  const values = list.map((value) => readNumber(value));
  return values.every((value) => value !== undefined && Number.isFinite(value)) ? Float32Array.from(values as number[]) : undefined;
}

/** Vectors in the order of the texts sent, and the tokens the gateway counted for them. */
export interface Vectors {
  vectors: Float32Array[];
  dimensions: number;
  promptTokens: number | null;
}

export interface EmbeddingServiceOptions {
  clients: { clientFor(profileId: string, service: 'gateway'): GatewayClient };
  /** Each call's row of the call log, with its token usage, as chat's. */
  calls: CallLogRepository;
  clock: Clock;
  /** The log's redaction: no key OpsDesk holds goes out inside a text. */
  redact(text: string): string;
}

/** Text embeddings through the profile's client (`POST /embeddings`): its rate budget, its call log. */
export class EmbeddingService {
  readonly #options: EmbeddingServiceOptions;

  constructor(options: EmbeddingServiceOptions) {
    this.#options = options;
  }

  /** Settings → the gateway's Embeddings panel: two texts compared. */
  async embed(profileId: string, model: string, texts: string[]): Promise<EmbeddingResult> {
    const answer = await this.vectors(profileId, model, texts);
    const [first, second] = answer.vectors;
    return {
      model,
      dimensions: answer.dimensions,
      count: answer.vectors.length,
      similarity: first && second ? cosineSimilarity(Array.from(first), Array.from(second)) : null,
      promptTokens: answer.promptTokens,
    };
  }

  /**
   * One vector per text, all of one length (`expectDimensions` when the caller's index has one);
   * an answer short of a vector, with vectors of other lengths, or with none usable is refused
   * whole (`malformed_response`), so nothing half-answered is stored.
   */
  async vectors(profileId: string, model: string, texts: readonly string[], expectDimensions?: number, signal?: AbortSignal): Promise<Vectors> {
    const client = this.#options.clients.clientFor(profileId, 'gateway');
    const input = texts.map((text) => this.#options.redact(text));
    const log = { calls: this.#options.calls, clock: this.#options.clock };
    const usageOf = ({ promptTokens }: Vectors) => (promptTokens === null ? undefined : { promptTokens, completionTokens: 0, totalTokens: promptTokens });
    return recordedCall(log, client, { profileId, endpoint: '/embeddings', model, usageOf }, async () => {
      let body: unknown;
      try {
        // Floats asked for explicitly: the SDK would otherwise ask for base64 and decode it itself.
        // The document types `input` as a string: one text goes as one, several as a list.
        const response = await client.openai.embeddings.create(
          { model, input: input.length === 1 ? input[0]! : input, encoding_format: 'float' },
          { ...(signal && { signal }) },
        );
        body = response;
      } catch (error) {
        throw client.toServiceFailure(error);
      }
      const fields = readRecord(body);
      const usage = readNumber(readRecord(fields?.['usage'])?.['prompt_tokens']) ?? readNumber(readRecord(fields?.['usage'])?.['total_tokens']) ?? null;
      const items = readList(fields?.['data']) ?? readList(fields?.['embeddings']);
      const refuse = (context: string, params: Record<string, number>): never => {
        throw new ServiceFailure(serviceError({ service: 'gateway', status: 200, code: 'malformed_response', params: { context, ...params }, retryable: false }));
      };
      if (!items) refuse('unexpected_shape', {});
      // In the order the server numbered them (`index`), as OpenAI's wire allows any order.
      const ordered = [...items!].sort((a, b) => (readNumber(readRecord(a)?.['index']) ?? 0) - (readNumber(readRecord(b)?.['index']) ?? 0));
      const vectors = ordered.map(vectorOf);
      if (vectors.length !== texts.length || vectors.some((vector) => vector === undefined)) {
        refuse('missing_vectors', { got: vectors.filter(Boolean).length, sent: texts.length });
      }
      const dimensions = expectDimensions ?? vectors[0]!.length;
      const wrong = vectors.find((vector) => vector!.length !== dimensions);
      if (wrong) refuse('wrong_dimension', { got: wrong.length, expected: dimensions });
      return { vectors: vectors as Float32Array[], dimensions, promptTokens: usage };
    });
  }
}
