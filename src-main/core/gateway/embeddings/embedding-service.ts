import type { EmbeddingResult } from '../../../../src-preload/contract/gateway.ts';
import { readList, readNumber, readRecord } from '../../wire/read.ts';
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

function vectorOf(item: unknown): number[] {
  return (readList(readRecord(item)?.['embedding']) ?? []).map((value) => readNumber(value) ?? 0);
}

/** Text embeddings through the profile's client (`POST /embeddings`). */
export class EmbeddingService {
  readonly #clients: { clientFor(profileId: string, service: 'gateway'): GatewayClient };

  constructor(clients: { clientFor(profileId: string, service: 'gateway'): GatewayClient }) {
    this.#clients = clients;
  }

  async embed(profileId: string, model: string, texts: string[]): Promise<EmbeddingResult> {
    const client = this.#clients.clientFor(profileId, 'gateway');
    let body: unknown;
    try {
      // Floats asked for explicitly: the SDK would otherwise ask for base64 and decode it itself.
      // The document types `input` as a string: one text goes as one, several as a list.
      body = await client.openai.embeddings.create({ model, input: texts.length === 1 ? texts[0]! : texts, encoding_format: 'float' });
    } catch (error) {
      throw client.toServiceFailure(error);
    }
    const fields = readRecord(body);
    const vectors = (readList(fields?.['data']) ?? []).map(vectorOf);
    const [first, second] = vectors;
    return {
      model,
      dimensions: first?.length ?? 0,
      count: vectors.length,
      similarity: first && second ? cosineSimilarity(first, second) : null,
      promptTokens: readNumber(readRecord(fields?.['usage'])?.['prompt_tokens']) ?? null,
    };
  }
}
