// Coarse cells over the vectors of a meaning index (an inverted file): spherical k-means centroids
// trained on a sample, so that a question is scored against the vectors of its few nearest cells
// instead of all of them. Plain arithmetic on Float32Arrays; the training advances in slices of a
// time budget, so main's thread never waits on it for long.

/** Unit-length centroids, one after another, `dimensions` numbers each. */
export interface Centroids {
  cells: number;
  dimensions: number;
  values: Float32Array;
}

function dotAt(centroids: Centroids, cell: number, vector: Float32Array): number {
  const { dimensions, values } = centroids;
  let sum = 0;
  for (let at = 0, from = cell * dimensions; at < dimensions; at++) sum += values[from + at]! * vector[at]!;
  return sum;
}

/** The cell whose centroid is nearest `vector` in direction. */
export function nearestCell(centroids: Centroids, vector: Float32Array): number {
  let best = 0;
  let bestDot = -Infinity;
  for (let cell = 0; cell < centroids.cells; cell++) {
    const dot = dotAt(centroids, cell, vector);
    if (dot > bestDot) {
      bestDot = dot;
      best = cell;
    }
  }
  return best;
}

/** The `n` cells whose centroids are nearest `vector` in direction, nearest first. */
export function nearestCells(centroids: Centroids, vector: Float32Array, n: number): number[] {
  const dots = Array.from({ length: centroids.cells }, (_, cell) => ({ cell, dot: dotAt(centroids, cell, vector) }));
  return dots
    .sort((a, b) => b.dot - a.dot)
    .slice(0, n)
    .map((found) => found.cell);
}

export function unitLength(vector: Float32Array): Float32Array {
  let norm = 0;
  for (const value of vector) norm += value * value;
  norm = Math.sqrt(norm) || 1;
  return vector.map((value) => value / norm);
}

/**
 * Spherical k-means over a sample of unit vectors: the first centroids are sample vectors spread
 * evenly through it, then each round assigns every sample vector to its nearest centroid and moves
 * each centroid to the mean direction of its members (a cell left empty keeps its centroid).
 */
export class CentroidTraining {
  readonly #sample: readonly Float32Array[];
  readonly #rounds: number;
  readonly #centroids: Centroids;
  readonly #sums: Float64Array;
  #round = 0;
  #next = 0;

  constructor(sample: readonly Float32Array[], cells: number, rounds: number) {
    const dimensions = sample[0]!.length;
    const count = Math.min(cells, sample.length);
    const values = new Float32Array(count * dimensions);
    for (let cell = 0; cell < count; cell++) values.set(sample[Math.floor((cell * sample.length) / count)]!, cell * dimensions);
    this.#sample = sample;
    this.#rounds = rounds;
    this.#centroids = { cells: count, dimensions, values };
    this.#sums = new Float64Array(values.length);
  }

  /** Trains until done or `budgetMs` passed; the centroids once done, else null. */
  advance(budgetMs: number, now: () => number = () => performance.now()): Centroids | null {
    const until = now() + budgetMs;
    const { dimensions } = this.#centroids;
    while (this.#round < this.#rounds) {
      const vector = this.#sample[this.#next]!;
      const from = nearestCell(this.#centroids, vector) * dimensions;
      for (let at = 0; at < dimensions; at++) this.#sums[from + at]! += vector[at]!;
      if (++this.#next === this.#sample.length) this.#endRound();
      if (now() >= until) break;
    }
    return this.#round < this.#rounds ? null : this.#centroids;
  }

  #endRound(): void {
    const { cells, dimensions, values } = this.#centroids;
    for (let cell = 0; cell < cells; cell++) {
      const from = cell * dimensions;
      let norm = 0;
      for (let at = 0; at < dimensions; at++) norm += this.#sums[from + at]! ** 2;
      if (norm === 0) continue;
      norm = Math.sqrt(norm);
      for (let at = 0; at < dimensions; at++) values[from + at] = this.#sums[from + at]! / norm;
    }
    this.#sums.fill(0);
    this.#next = 0;
    this.#round++;
  }
}
