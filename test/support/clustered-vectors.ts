// Vectors clustered as the texts of a few campaigns are: unit vectors around random centres, each
// its centre plus as much noise again, made by a small fast generator (P13 makes a million).
import type { ItemText } from '../../src-main/core/meaning/item-texts.ts';
import type { MeaningIndex, MeaningRepository } from '../../src-main/core/meaning/meaning-repository.ts';

function randomOf(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 2 ** 32 - 0.5;
  };
}

export interface ClusteredVectors {
  /** Vector `at`, around centre `at % centres`; the noise is drawn in call order. */
  stored(at: number): Float32Array;
  /** A question around centre `at % centres`, its noise from a stream of its own: near a cluster, none of its vectors. */
  questionNear(at: number): Float32Array;
}

export function clusteredVectors(seed: number, centres: number, dimensions: number): ClusteredVectors {
  const random = randomOf(seed);
  const centre = Array.from({ length: centres }, () => Float32Array.from({ length: dimensions }, random));
  const questionNoise = randomOf(seed * 7919 + 1);
  const around = (at: number, noise: () => number) => {
    const base = centre[at % centres]!;
    const vector = new Float32Array(dimensions);
    let norm = 0;
    for (let d = 0; d < dimensions; d++) {
      vector[d] = base[d]! + noise();
      norm += vector[d]! ** 2;
    }
    norm = Math.sqrt(norm);
    for (let d = 0; d < dimensions; d++) vector[d]! /= norm;
    return vector;
  };
  return { stored: (at) => around(at, random), questionNear: (at) => around(at, questionNoise) };
}

/**
 * Vectors 0 to `count` stored as alerts' a batch at a time, each batch followed by a slice of the
 * index's cell work, as the indexer does after each stored batch.
 */
export function storeClusteredAlerts(repository: MeaningRepository, index: MeaningIndex, vectors: ClusteredVectors, count: number, { batch, sliceMs }: { batch: number; sliceMs: number }): void {
  for (let start = 0; start < count; start += batch) {
    const items: ItemText[] = [];
    const stored: Float32Array[] = [];
    for (let at = start; at < Math.min(count, start + batch); at++) {
      items.push({ rowid: at + 1, kind: 'alert', profileId: 'fw', itemId: `alt_${at}`, chunks: [''], hash: String(at) });
      stored.push(vectors.stored(at));
    }
    repository.store(index, items, stored, 0, { source: 'alert', afterRowid: start + items.length });
    repository.advanceCells(index, sliceMs);
  }
}
