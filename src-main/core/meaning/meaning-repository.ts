// The meaning index's tables (migrations 36 and 37): the indexes, one per gateway connection, model
// and dimension, each with its own sqlite-vec table (vector-rows.ts) partitioned by kind and by
// coarse cell (meaning-cells.ts); the items embedded with the hash of their text; and each scan's
// place. The best chunk's distance stands for its item.
import type { MeaningKind } from '../../../src-shared/contract/meaning.ts';
import type { Db } from '../db/database.ts';
import type { ItemText } from './item-texts.ts';
import { MeaningCells } from './meaning-cells.ts';
import { blobOf, chunkRowid, itemRowidOf, vectorTable } from './vector-rows.ts';

export interface MeaningIndex {
  id: number;
  gatewayProfileId: string;
  model: string;
  dimensions: number;
  complete: boolean;
  tokens: number;
  /** Its vector table has coarse cells (made since migration 37); an older one is always scanned whole. */
  partitioned: boolean;
}

export interface Nearest {
  kind: MeaningKind;
  profileId: string;
  itemId: string;
  /** Cosine distance: 0 the same direction, 1 unrelated, 2 opposite. */
  distance: number;
}

export interface ModelKey {
  gatewayProfileId: string;
  model: string;
}

/** Chunks asked of the vector table per item wanted: an item's several chunks may all come near. */
const CHUNKS_PER_ITEM = 3;
/** sqlite-vec's largest k. */
const MOST_NEAREST = 4096;

interface IndexRow {
  id: number;
  gatewayProfileId: string;
  model: string;
  dimensions: number;
  complete: number;
  tokens: number;
  partitioned: number;
}

const toIndex = (row: IndexRow): MeaningIndex => ({ ...row, complete: row.complete === 1, partitioned: row.partitioned === 1 });
const INDEX_COLUMNS = 'id, gateway_profile_id AS gatewayProfileId, model, dimensions, complete, tokens, partitioned';

export class MeaningRepository {
  readonly #db: Db;
  readonly #cells: MeaningCells;
  /** Each index's vector count, read once and kept as batches are stored. */
  readonly #vectorCounts = new Map<number, number>();

  constructor(db: Db) {
    this.#db = db;
    this.#cells = new MeaningCells(db);
  }

  /** The index of this connection and model (the newest, should the model have changed its dimension). */
  indexOf({ gatewayProfileId, model }: ModelKey): MeaningIndex | undefined {
    const row = this.#db
      .prepare<[string, string], IndexRow>(`SELECT ${INDEX_COLUMNS} FROM meaning_indexes WHERE gateway_profile_id = ? AND model = ? ORDER BY id DESC LIMIT 1`)
      .get(gatewayProfileId, model);
    return row && toIndex(row);
  }

  /** The newest complete index, whichever its model: what the searches use while another is built. */
  newestComplete(): MeaningIndex | undefined {
    const row = this.#db.prepare<[], IndexRow>(`SELECT ${INDEX_COLUMNS} FROM meaning_indexes WHERE complete = 1 ORDER BY completed_at DESC, id DESC LIMIT 1`).get();
    return row && toIndex(row);
  }

  /** A new index and its vector table, for vectors of this length. */
  create(key: ModelKey, dimensions: number, createdAt: string): MeaningIndex {
    return this.#db.transaction(() => {
      const id = Number(
        this.#db
          .prepare('INSERT INTO meaning_indexes (gateway_profile_id, model, dimensions, created_at, partitioned) VALUES (?, ?, ?, ?, 1)')
          .run(key.gatewayProfileId, key.model, Math.trunc(dimensions), createdAt).lastInsertRowid,
      );
      this.#db.exec(`CREATE VIRTUAL TABLE ${vectorTable({ id })} USING vec0(kind TEXT PARTITION KEY, cell INTEGER PARTITION KEY, embedding FLOAT[${Math.trunc(dimensions)}] distance_metric=cosine)`);
      return { id, gatewayProfileId: key.gatewayProfileId, model: key.model, dimensions: Math.trunc(dimensions), complete: false, tokens: 0, partitioned: true };
    })();
  }

  /** The stored hashes of these items, by `kind\nprofile\nid`. */
  hashes(index: MeaningIndex, items: readonly ItemText[]): Map<string, string> {
    const read = this.#db.prepare<[number, string, string, string], string>('SELECT content_hash FROM meaning_items WHERE index_id = ? AND kind = ? AND profile_id = ? AND item_id = ?').pluck();
    const found = new Map<string, string>();
    for (const item of items) {
      const hash = read.get(index.id, item.kind, item.profileId, item.itemId);
      if (hash !== undefined) found.set(itemKey(item), hash);
    }
    return found;
  }

  /**
   * Stores a batch's vectors (each item's chunks in order, one after another), the tokens it cost
   * and where the scan stands, in one transaction: a kill keeps all of it or none.
   */
  store(index: MeaningIndex, items: readonly ItemText[], vectors: readonly Float32Array[], tokens: number, scan: { source: string; afterRowid: number }): void {
    const table = vectorTable(index);
    const before = this.#db.prepare<[number, string, string, string], number>('SELECT chunks FROM meaning_items WHERE index_id = ? AND kind = ? AND profile_id = ? AND item_id = ?').pluck();
    const upsert = this.#db.prepare<[number, string, string, string, string, number], { rowid: number }>(
      `INSERT INTO meaning_items (index_id, kind, profile_id, item_id, content_hash, chunks) VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (index_id, kind, profile_id, item_id) DO UPDATE SET content_hash = excluded.content_hash, chunks = excluded.chunks RETURNING rowid`,
    );
    const remove = this.#db.prepare(`DELETE FROM ${table} WHERE rowid = ?`);
    const insert = this.#db.prepare(`INSERT INTO ${table} (rowid, kind, embedding${index.partitioned ? ', cell' : ''}) VALUES (?, ?, ?${index.partitioned ? ', ?' : ''})`);
    const count = this.#vectorCount(index);
    let added = 0;
    this.#db.transaction(() => {
      let position = 0;
      for (const item of items) {
        const stored = before.get(index.id, item.kind, item.profileId, item.itemId) ?? 0;
        const { rowid } = upsert.get(index.id, item.kind, item.profileId, item.itemId, item.hash, item.chunks.length)!;
        for (let chunk = 0; chunk < Math.max(stored, item.chunks.length); chunk++) remove.run(chunkRowid(rowid, chunk));
        for (let chunk = 0; chunk < item.chunks.length; chunk++) {
          const vector = vectors[position++]!;
          const row = [chunkRowid(rowid, chunk), item.kind, blobOf(vector)];
          insert.run(...(index.partitioned ? [...row, this.#cells.cellFor(index, vector)] : row));
        }
        added += item.chunks.length - stored;
      }
      this.#db.prepare('UPDATE meaning_indexes SET tokens = tokens + ? WHERE id = ?').run(tokens, index.id);
      this.#setScan(index, scan.source, scan.afterRowid);
    })();
    this.#vectorCounts.set(index.id, count + added);
    index.tokens += tokens;
  }

  /**
   * A slice of the index's cell work (training, moving vectors into new cells), about `budgetMs`
   * long; true while work remains. Until its first cells are trained the index is scanned whole.
   */
  advanceCells(index: MeaningIndex, budgetMs: number): boolean {
    return index.partitioned && this.#cells.advance(index, this.#vectorCount(index), budgetMs);
  }

  #vectorCount(index: MeaningIndex): number {
    let count = this.#vectorCounts.get(index.id);
    if (count === undefined) {
      count = this.#db.prepare<[number], number>('SELECT COALESCE(SUM(chunks), 0) FROM meaning_items WHERE index_id = ?').pluck().get(index.id)!;
      this.#vectorCounts.set(index.id, count);
    }
    return count;
  }

  /** Where a scan of this model stands (0: from the start). */
  scanOf(key: ModelKey, source: string): number {
    return this.#db.prepare<[string, string, string], number>('SELECT after_rowid FROM meaning_scan WHERE gateway_profile_id = ? AND model = ? AND kind = ?').pluck().get(key.gatewayProfileId, key.model, source) ?? 0;
  }

  setScan(key: ModelKey, source: string, afterRowid: number): void {
    this.#setScan(key, source, afterRowid);
  }

  #setScan(key: ModelKey, source: string, afterRowid: number): void {
    this.#db
      .prepare('INSERT INTO meaning_scan (gateway_profile_id, model, kind, after_rowid) VALUES (?, ?, ?, ?) ON CONFLICT DO UPDATE SET after_rowid = excluded.after_rowid')
      .run(key.gatewayProfileId, key.model, source, afterRowid);
  }

  /**
   * A pass over every source ended: the index is complete, the items whose rows went are removed,
   * the scans start over, and the indexes of other models (kept while this one was built) go.
   */
  completePass(index: MeaningIndex, completedAt: string): void {
    const table = vectorTable(index);
    this.#db.transaction(() => {
      const gone = this.#db
        .prepare<[number], { rowid: number; chunks: number }>(
          `SELECT i.rowid, i.chunks FROM meaning_items i WHERE i.index_id = ? AND NOT (CASE i.kind
             WHEN 'alert' THEN EXISTS (SELECT 1 FROM firewall_alerts a JOIN firewall_profile_keys k ON k.key = a.profile_key WHERE k.profile_id = i.profile_id AND a.id = i.item_id)
             WHEN 'ticket' THEN EXISTS (SELECT 1 FROM support_tickets t WHERE t.profile_id = i.profile_id AND t.id = i.item_id)
             WHEN 'work' THEN EXISTS (SELECT 1 FROM support_work_items w WHERE w.profile_id = i.profile_id AND w.id = i.item_id)
             WHEN 'conversation' THEN EXISTS (SELECT 1 FROM conversations c WHERE c.id = i.item_id)
             WHEN 'case' THEN EXISTS (SELECT 1 FROM cases c WHERE c.id = i.item_id)
             ELSE EXISTS (SELECT 1 FROM search_seen s WHERE s.profile_id = i.profile_id AND s.kind = i.kind AND s.id = i.item_id) END)`,
        )
        .all(index.id);
      const removeVector = this.#db.prepare(`DELETE FROM ${table} WHERE rowid = ?`);
      const removeItem = this.#db.prepare('DELETE FROM meaning_items WHERE rowid = ?');
      for (const { rowid, chunks } of gone) {
        for (let chunk = 0; chunk < chunks; chunk++) removeVector.run(chunkRowid(rowid, chunk));
        removeItem.run(rowid);
      }
      this.#vectorCounts.delete(index.id);
      this.#db.prepare('UPDATE meaning_indexes SET complete = 1, completed_at = ? WHERE id = ?').run(completedAt, index.id);
      this.#db.prepare('DELETE FROM meaning_scan WHERE gateway_profile_id = ? AND model = ?').run(index.gatewayProfileId, index.model);
      for (const other of this.#db.prepare<[number], number>('SELECT id FROM meaning_indexes WHERE id <> ?').pluck().all(index.id)) this.#drop(other);
    })();
    index.complete = true;
  }

  /** Drops indexes whose connection is gone. */
  dropWhere(keep: (gatewayProfileId: string) => boolean): void {
    const rows = this.#db.prepare<[], { id: number; gatewayProfileId: string }>('SELECT id, gateway_profile_id AS gatewayProfileId FROM meaning_indexes').all();
    const gone = rows.filter((row) => !keep(row.gatewayProfileId));
    if (gone.length > 0) this.#db.transaction(() => gone.forEach((row) => this.#drop(row.id)))();
  }

  #drop(id: number): void {
    this.#db.exec(`DROP TABLE IF EXISTS ${vectorTable({ id })}`);
    this.#db.prepare('DELETE FROM meaning_cell_sets WHERE index_id = ?').run(id);
    this.#cells.forget(id);
    this.#vectorCounts.delete(id);
    this.#db.prepare('DELETE FROM meaning_items WHERE index_id = ?').run(id);
    this.#db.prepare('DELETE FROM meaning_indexes WHERE id = ?').run(id);
  }

  /** How many items the index holds. */
  count(index: MeaningIndex): number {
    return this.#db.prepare<[number], number>('SELECT COUNT(*) FROM meaning_items WHERE index_id = ?').pluck().get(index.id)!;
  }

  /** An item's vector, if it was embedded: the mean direction of its chunks. */
  vectorOf(index: MeaningIndex, kind: MeaningKind, profileId: string, itemId: string): Float32Array | undefined {
    const item = this.#db
      .prepare<[number, string, string, string], { rowid: number; chunks: number }>('SELECT rowid, chunks FROM meaning_items WHERE index_id = ? AND kind = ? AND profile_id = ? AND item_id = ?')
      .get(index.id, kind, profileId, itemId);
    if (!item) return undefined;
    const read = this.#db.prepare<[bigint], Buffer>(`SELECT embedding FROM ${vectorTable(index)} WHERE rowid = ?`).pluck();
    const sum = new Float32Array(index.dimensions);
    for (let chunk = 0; chunk < item.chunks; chunk++) {
      const blob = read.get(chunkRowid(item.rowid, chunk));
      if (!blob) continue;
      const vector = new Float32Array(blob.buffer, blob.byteOffset, blob.byteLength / 4);
      for (let at = 0; at < sum.length; at++) sum[at]! += vector[at]!;
    }
    return sum;
  }

  /**
   * The `k` items of a kind nearest to `vector`, each at its nearest chunk's distance: over the
   * kind's vectors in the cells nearest the question once the index has cells, else over all.
   */
  nearest(index: MeaningIndex, kind: MeaningKind, vector: Float32Array, k: number): Nearest[] {
    const wanted = Math.min(Math.trunc(k) * CHUNKS_PER_ITEM, MOST_NEAREST);
    const cells = index.partitioned ? this.#cells.probed(index, vector) : null;
    const chunks = cells
      ? this.#db
          .prepare<[Buffer, number, string, string], { rowid: number; distance: number }>(
            `SELECT rowid, distance FROM ${vectorTable(index)} WHERE embedding MATCH ? AND k = ? AND kind = ? AND cell IN (SELECT value FROM json_each(?)) ORDER BY distance`,
          )
          .all(blobOf(vector), wanted, kind, JSON.stringify(cells.map(Number)))
      : this.#db
          .prepare<[Buffer, number, string], { rowid: number; distance: number }>(`SELECT rowid, distance FROM ${vectorTable(index)} WHERE embedding MATCH ? AND k = ? AND kind = ? ORDER BY distance`)
          .all(blobOf(vector), wanted, kind);
    const item = this.#db.prepare<[number], { kind: MeaningKind; profileId: string; itemId: string }>('SELECT kind, profile_id AS profileId, item_id AS itemId FROM meaning_items WHERE rowid = ?');
    const nearest = new Map<number, Nearest>();
    for (const { rowid, distance } of chunks) {
      const itemRowid = itemRowidOf(rowid);
      if (nearest.has(itemRowid)) continue;
      const found = item.get(itemRowid);
      if (found) nearest.set(itemRowid, { ...found, distance });
      if (nearest.size === k) break;
    }
    return [...nearest.values()];
  }
}

export const itemKey = (item: { kind: string; profileId: string; itemId: string }) => `${item.kind}\n${item.profileId}\n${item.itemId}`;
