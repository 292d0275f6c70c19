// The meaning index's coarse cells (meaning-cells.ts), on a real SQLite file with sqlite-vec: a
// small index is scanned whole and answers the exact top 10; a large one trains cells in slices as
// the indexer stores its batches and, searching only the cells nearest each question, still finds
// at least 95 % of the exact top 10; a restart keeps the cells.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { openDatabase, type Db } from '../../../src-main/core/db/database.ts';
import { EXACT_BELOW } from '../../../src-main/core/meaning/meaning-cells.ts';
import { MeaningRepository, type MeaningIndex } from '../../../src-main/core/meaning/meaning-repository.ts';
import { clusteredVectors, storeClusteredAlerts } from '../../support/clustered-vectors.ts';

const DIMENSIONS = 96;
const BATCH = 500;
const SLICE_MS = 15;

let dir: string;
let file: string;
let db: Db;

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'opsdesk-meaning-cells-'));
  file = path.join(dir, 'meaning.sqlite');
  db = openDatabase(file);
});

afterEach(async () => {
  db.close();
  await rm(dir, { recursive: true, force: true });
});


/** The ids of the 10 stored vectors nearest `question`, by cosine over every one of them. */
function exactTop10(index: MeaningIndex, question: Float32Array): string[] {
  return db
    .prepare(
      `SELECT i.item_id FROM (SELECT rowid, vec_distance_cosine(embedding, ?) AS distance FROM meaning_vectors_${index.id} ORDER BY distance LIMIT 10) v JOIN meaning_items i ON i.rowid = v.rowid / 16 ORDER BY v.distance`,
    )
    .pluck()
    .all(Buffer.from(question.buffer)) as string[];
}

test('an index below the cells threshold is scanned whole: its top 10 is the exact top 10, in order', () => {
  const repository = new MeaningRepository(db);
  const index = repository.create({ gatewayProfileId: 'g', model: 'm' }, DIMENSIONS, 'now');
  const vectors = clusteredVectors(13, 40, DIMENSIONS);
  storeClusteredAlerts(repository, index, vectors, 2_000, { batch: BATCH, sliceMs: SLICE_MS });
  expect(repository.advanceCells(index, SLICE_MS)).toBe(false);
  expect(db.prepare('SELECT COUNT(*) FROM meaning_cell_sets').pluck().get()).toBe(0);
  for (let at = 0; at < 5; at++) {
    const question = vectors.questionNear(at);
    expect(repository.nearest(index, 'alert', question, 10).map((near) => near.itemId)).toEqual(exactTop10(index, question));
  }
});

test('a large index trains cells in slices while it is stored, searches only the nearest cells, finds at least 95 % of the exact top 10, and keeps its cells over a restart', () => {
  const count = 50_000;
  let repository = new MeaningRepository(db);
  const index = repository.create({ gatewayProfileId: 'g', model: 'm' }, DIMENSIONS, 'now');
  const vectors = clusteredVectors(13, 100, DIMENSIONS);
  storeClusteredAlerts(repository, index, vectors, count, { batch: BATCH, sliceMs: SLICE_MS });
  let slices = 0;
  for (; repository.advanceCells(index, SLICE_MS); slices++) expect(slices).toBeLessThan(10_000);

  const cells = db.prepare<[], { generation: number; trainedOn: number; movedAfter: number | null }>('SELECT generation, trained_on AS trainedOn, moved_after AS movedAfter FROM meaning_cell_sets').all();
  expect(cells).toHaveLength(1);
  expect(cells[0]!.trainedOn).toBeGreaterThanOrEqual(EXACT_BELOW);
  expect(cells[0]!.movedAfter).toBeNull();
  // Every vector is in a trained cell: none left in the cell of the vectors stored before training.
  expect(db.prepare(`SELECT COUNT(*) FROM meaning_vectors_${index.id} WHERE cell = 0`).pluck().get()).toBe(0);

  const recall = (searched: MeaningRepository) => {
    let found = 0;
    for (let at = 0; at < 20; at++) {
      const question = vectors.questionNear(at * 7 + 3);
      const truth = new Set(exactTop10(index, question));
      found += searched.nearest(index, 'alert', question, 10).filter((near) => truth.has(near.itemId)).length;
    }
    return found / 200;
  };
  expect(recall(repository)).toBeGreaterThanOrEqual(0.95);

  db.close();
  db = openDatabase(file);
  repository = new MeaningRepository(db);
  const reopened = repository.indexOf({ gatewayProfileId: 'g', model: 'm' })!;
  expect(reopened.partitioned).toBe(true);
  expect(repository.advanceCells(reopened, SLICE_MS)).toBe(false);
  expect(recall(repository)).toBeGreaterThanOrEqual(0.95);
}, 120_000);
