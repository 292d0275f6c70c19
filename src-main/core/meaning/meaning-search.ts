// Questions to the meaning index: the items nearest a typed text (the text embedded by the
// gateway with the model of the index searched, remembered for the next keystrokes), and the items
// nearest one item (its stored vector; no call). Only a complete index is searched.
import type { MeaningKind } from '../../../src-shared/contract/meaning.ts';
import type { Vectors } from '../gateway/embeddings/embedding-service.ts';
import type { MeaningIndexer } from './meaning-indexer.ts';
import type { MeaningIndex, MeaningRepository, Nearest } from './meaning-repository.ts';

/**
 * Farther than this (cosine distance) is not "like" at all: about orthogonal. A loose bound, so
 * that it holds for models whose unrelated texts sit nearer each other than others'.
 */
export const MAX_DISTANCE = 0.85;
const QUESTIONS_KEPT = 200;

export type WordsOnlyBecause = 'no_model' | 'indexing' | 'unreachable' | 'paused';

export interface MeaningSearchOptions {
  repository: MeaningRepository;
  indexer: Pick<MeaningIndexer, 'searchIndex' | 'status'>;
  embeddings: { vectors(profileId: string, model: string, texts: readonly string[], expectDimensions?: number): Promise<Vectors> };
}

export class MeaningSearch {
  readonly #options: MeaningSearchOptions;
  /** Question vectors by index and text, oldest first. */
  readonly #questions = new Map<string, Float32Array>();

  constructor(options: MeaningSearchOptions) {
    this.#options = options;
  }

  /** Why words only, when they are: no embedding model, or no complete index yet. */
  unavailable(): WordsOnlyBecause | null {
    if (this.#options.indexer.searchIndex()) return null;
    const { state } = this.#options.indexer.status();
    return state === 'off' ? 'no_model' : state === 'paused' ? 'paused' : 'indexing';
  }

  /** The items of each kind nearest the text; a gateway that does not answer the question's embedding is `unreachable`. */
  async nearText(text: string, kinds: readonly MeaningKind[], k: number): Promise<{ nearest: Map<MeaningKind, Nearest[]> } | { wordsOnlyBecause: WordsOnlyBecause }> {
    const index = this.#options.indexer.searchIndex();
    if (!index) return { wordsOnlyBecause: this.unavailable() ?? 'indexing' };
    let vector: Float32Array;
    try {
      vector = await this.#questionVector(index, text);
    } catch {
      return { wordsOnlyBecause: 'unreachable' };
    }
    return { nearest: new Map(kinds.map((kind) => [kind, this.#near(index, kind, vector, k)])) };
  }

  /** The items of the same kind nearest one item, itself left out; null when it is not in the index. */
  nearItem(kind: MeaningKind, profileId: string, itemId: string, k: number): Nearest[] | 'no_index' | 'not_indexed' {
    const index = this.#options.indexer.searchIndex();
    if (!index) return 'no_index';
    const vector = this.#options.repository.vectorOf(index, kind, profileId, itemId);
    if (!vector) return 'not_indexed';
    return this.#near(index, kind, vector, k + 1).filter((found) => !(found.profileId === profileId && found.itemId === itemId)).slice(0, k);
  }

  #near(index: MeaningIndex, kind: MeaningKind, vector: Float32Array, k: number): Nearest[] {
    return this.#options.repository.nearest(index, kind, vector, k).filter((found) => found.distance <= MAX_DISTANCE);
  }

  async #questionVector(index: MeaningIndex, text: string): Promise<Float32Array> {
    const key = `${index.id}\n${text}`;
    const kept = this.#questions.get(key);
    if (kept) return kept;
    const answer = await this.#options.embeddings.vectors(index.gatewayProfileId, index.model, [text], index.dimensions);
    const vector = answer.vectors[0]!;
    this.#questions.set(key, vector);
    if (this.#questions.size > QUESTIONS_KEPT) this.#questions.delete(this.#questions.keys().next().value!);
    return vector;
  }
}
