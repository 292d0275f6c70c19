// The coarse cells of a meaning index (migration 37; docs/architecture.md, "Search by meaning"):
// below EXACT_BELOW vectors a search scans them all; from there the index trains centroids on a
// sample and every vector goes into its nearest centroid's cell, the `cell` partition of its
// vector table, so a search scores only the vectors of the PROBED_CELLS cells nearest the question.
// A much larger index trains again (a new generation) and moves its vectors over; meanwhile a
// search probes both generations, so every vector is always in a cell it looks at. The work runs
// in slices of a time budget (`advance`), between the indexer's steps: main never waits long.
import type { Db } from '../db/database.ts';
import { CentroidTraining, nearestCell, nearestCells, unitLength, type Centroids } from './cell-centroids.ts';
import { blobOf, chunkRowid, vectorOfBlob, vectorTable } from './vector-rows.ts';

/** Fewer vectors than this are scanned whole: fast enough, and too few to train cells on. */
export const EXACT_BELOW = 20_000;
/** Cells a search scores: measured by P13 for recall@10 against the exact scan. */
export const PROBED_CELLS = 8;
/** A trained index trains again once it holds this many times the vectors it was trained on. */
const RETRAIN_GROWTH = 8;
/** About 2√n cells, within these bounds: the upper one keeps a new vector's assignment well under a millisecond. */
const FEWEST_CELLS = 64;
const MOST_CELLS = 512;
const SAMPLE_PER_CELL = 32;
const TRAINING_ROUNDS = 8;
/** A cell's partition value is `generation × CELL_SPAN + cell`; 0 is the cell of vectors stored before any training. */
const CELL_SPAN = 4096;
const UNTRAINED_CELL = 0n;
const ITEMS_READ_PER_MOVE = 50;

interface CellSet {
  generation: number;
  trainedOn: number;
  movedAfter: number | null;
  centroids: Centroids;
}

interface Training {
  indexId: number;
  itemRowids: number[];
  sample: Float32Array[];
  training: CentroidTraining | null;
}

const cellValue = (generation: number, cell: number) => BigInt(generation * CELL_SPAN + cell);

export class MeaningCells {
  readonly #db: Db;
  /** Centroids read once per index and generation. */
  readonly #centroidsRead = new Map<string, Centroids>();
  #training: Training | null = null;

  constructor(db: Db) {
    this.#db = db;
  }

  /** The cell a vector stored now goes into. */
  cellFor(index: { id: number }, vector: Float32Array): bigint {
    const newest = this.#newest(index.id);
    return newest ? cellValue(newest.generation, nearestCell(newest.centroids, vector)) : UNTRAINED_CELL;
  }

  /** The cells a search scores, nearest first; null: every vector (no cells yet). */
  probed(index: { id: number }, vector: Float32Array): bigint[] | null {
    const [newest, older] = this.#generations(index.id);
    if (!newest) return null;
    const cells = nearestCells(newest.centroids, vector, PROBED_CELLS).map((cell) => cellValue(newest.generation, cell));
    if (newest.movedAfter === null) return cells;
    return [...cells, ...(older ? nearestCells(older.centroids, vector, PROBED_CELLS).map((cell) => cellValue(older.generation, cell)) : [UNTRAINED_CELL])];
  }

  /**
   * A slice of the cells' work on an index of `vectors` vectors, about `budgetMs` long: sampling,
   * training, or moving vectors into the newest cells. True while work remains.
   */
  advance(index: { id: number; dimensions: number }, vectors: number, budgetMs: number): boolean {
    const until = performance.now() + budgetMs;
    const newest = this.#newest(index.id);
    if (newest && newest.movedAfter !== null) {
      this.#move(index, newest, until);
      return true;
    }
    if (vectors < EXACT_BELOW || (newest && vectors < newest.trainedOn * RETRAIN_GROWTH)) {
      if (this.#training?.indexId === index.id) this.#training = null;
      return false;
    }
    if (this.#training?.indexId !== index.id) this.#training = { indexId: index.id, itemRowids: this.#sampleRowids(index.id, vectors), sample: [], training: null };
    this.#train(index, vectors, this.#training, until);
    return true;
  }

  /** An index dropped: its centroids leave memory (their rows go with the index's). */
  forget(indexId: number): void {
    for (const key of [...this.#centroidsRead.keys()]) if (key.startsWith(`${indexId}\n`)) this.#centroidsRead.delete(key);
    if (this.#training?.indexId === indexId) this.#training = null;
  }

  #sampleRowids(indexId: number, vectors: number): number[] {
    const rowids = this.#db.prepare<[number], number>('SELECT rowid FROM meaning_items WHERE index_id = ? ORDER BY rowid').pluck().all(indexId);
    const wanted = Math.min(rowids.length, cellsFor(vectors) * SAMPLE_PER_CELL);
    return Array.from({ length: wanted }, (_, at) => rowids[Math.floor((at * rowids.length) / wanted)]!);
  }

  #train(index: { id: number; dimensions: number }, vectors: number, training: Training, until: number): void {
    const read = this.#db.prepare<[bigint], Buffer>(`SELECT embedding FROM ${vectorTable(index)} WHERE rowid = ?`).pluck();
    while (training.sample.length < training.itemRowids.length) {
      const blob = read.get(chunkRowid(training.itemRowids[training.sample.length]!, 0));
      training.sample.push(unitLength(blob ? vectorOfBlob(blob) : new Float32Array(index.dimensions)));
      if (performance.now() >= until) return;
    }
    training.training ??= new CentroidTraining(training.sample, cellsFor(vectors), TRAINING_ROUNDS);
    const centroids = training.training.advance(Math.max(0, until - performance.now()));
    if (!centroids) return;
    const generation = (this.#newest(index.id)?.generation ?? 0) + 1;
    this.#db
      .prepare('INSERT INTO meaning_cell_sets (index_id, generation, trained_on, moved_after, centroids) VALUES (?, ?, ?, 0, ?)')
      .run(index.id, generation, vectors, blobOf(centroids.values));
    this.#training = null;
  }

  /** Moves the next items' vectors into the newest generation's cells; the move done, the older centroids go. */
  #move(index: { id: number }, newest: CellSet, until: number): void {
    const table = vectorTable(index);
    const items = this.#db.prepare<[number, number, number], { rowid: number; chunks: number }>('SELECT rowid, chunks FROM meaning_items WHERE index_id = ? AND rowid > ? ORDER BY rowid LIMIT ?');
    const read = this.#db.prepare<[bigint], { kind: string; embedding: Buffer }>(`SELECT kind, embedding FROM ${table} WHERE rowid = ?`);
    const remove = this.#db.prepare(`DELETE FROM ${table} WHERE rowid = ?`);
    const insert = this.#db.prepare(`INSERT INTO ${table} (rowid, kind, cell, embedding) VALUES (?, ?, ?, ?)`);
    const setMoved = this.#db.prepare('UPDATE meaning_cell_sets SET moved_after = ? WHERE index_id = ? AND generation = ?');
    let movedAfter = newest.movedAfter!;
    while (performance.now() < until) {
      const next = items.all(index.id, movedAfter, ITEMS_READ_PER_MOVE);
      if (next.length === 0) {
        this.#db.transaction(() => {
          setMoved.run(null, index.id, newest.generation);
          this.#db.prepare('DELETE FROM meaning_cell_sets WHERE index_id = ? AND generation < ?').run(index.id, newest.generation);
        })();
        return;
      }
      this.#db.transaction(() => {
        for (const item of next) {
          for (let chunk = 0; chunk < item.chunks; chunk++) {
            const rowid = chunkRowid(item.rowid, chunk);
            const row = read.get(rowid);
            if (!row) continue;
            const vector = vectorOfBlob(row.embedding);
            remove.run(rowid);
            insert.run(rowid, row.kind, cellValue(newest.generation, nearestCell(newest.centroids, vector)), blobOf(vector));
          }
        }
        movedAfter = next.at(-1)!.rowid;
        setMoved.run(movedAfter, index.id, newest.generation);
      })();
    }
  }

  #newest(indexId: number): CellSet | undefined {
    return this.#generations(indexId)[0];
  }

  /** The newest generation's cells and, while its move lasts, the one before. */
  #generations(indexId: number): [CellSet?, CellSet?] {
    const rows = this.#db
      .prepare<[number], { generation: number; trainedOn: number; movedAfter: number | null }>(
        'SELECT generation, trained_on AS trainedOn, moved_after AS movedAfter FROM meaning_cell_sets WHERE index_id = ? ORDER BY generation DESC LIMIT 2',
      )
      .all(indexId);
    const sets = rows.map((row) => ({ ...row, centroids: this.#centroids(indexId, row.generation) }));
    return [sets[0], sets[0]?.movedAfter === null ? undefined : sets[1]];
  }

  #centroids(indexId: number, generation: number): Centroids {
    const key = `${indexId}\n${generation}`;
    let centroids = this.#centroidsRead.get(key);
    if (!centroids) {
      const row = this.#db
        .prepare<[number, number], { centroids: Buffer; dimensions: number }>(
          'SELECT s.centroids, i.dimensions FROM meaning_cell_sets s JOIN meaning_indexes i ON i.id = s.index_id WHERE s.index_id = ? AND s.generation = ?',
        )
        .get(indexId, generation)!;
      const values = vectorOfBlob(row.centroids);
      centroids = { cells: values.length / row.dimensions, dimensions: row.dimensions, values };
      this.#centroidsRead.set(key, centroids);
    }
    return centroids;
  }
}

function cellsFor(vectors: number): number {
  return Math.min(MOST_CELLS, Math.max(FEWEST_CELLS, Math.round(2 * Math.sqrt(vectors))));
}
