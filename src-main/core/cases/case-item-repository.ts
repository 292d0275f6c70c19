// The `case_items` table: which items each case holds, with what they were when they were added.
// An address and a conversation belong to no connection: their `profile_id` is ''.
import type { CaseItemKind, CaseItemRef } from '../../../src-shared/contract/cases.ts';
import type { Db } from '../db/database.ts';

interface CaseItemRow {
  case_id: string;
  kind: CaseItemKind;
  profile_id: string;
  item_id: string;
  label: string | null;
  address: string | null;
  occurred_at: string | null;
  facts: string | null;
  added_at: string;
  added_by: string | null;
}

/** An item as a case keeps it. */
export interface StoredCaseItem extends CaseItemRef {
  label: string | null;
  address: string | null;
  occurredAt: string | null;
  /** What else the item's event shows, kept with it (an alert's severity, destination and message). */
  facts?: ItemFacts | null;
  addedAt: string;
  addedBy: string | null;
}

export interface ItemFacts {
  severity?: string | null;
  dstIp?: string | null;
  message?: string | null;
}

const toItem = (row: CaseItemRow): StoredCaseItem => ({
  kind: row.kind,
  profileId: row.profile_id === '' ? null : row.profile_id,
  itemId: row.item_id,
  label: row.label,
  address: row.address,
  occurredAt: row.occurred_at,
  facts: row.facts === null ? null : (JSON.parse(row.facts) as ItemFacts),
  addedAt: row.added_at,
  addedBy: row.added_by,
});

const keyOf = (ref: CaseItemRef) => ({ kind: ref.kind, profileId: ref.profileId ?? '', itemId: ref.itemId });

export class CaseItemRepository {
  readonly #db: Db;
  readonly #insert;
  readonly #delete;

  constructor(db: Db) {
    this.#db = db;
    this.#insert = db.prepare(
      `INSERT INTO case_items (case_id, kind, profile_id, item_id, label, address, occurred_at, facts, added_at, added_by)
       VALUES (@caseId, @kind, @profileId, @itemId, @label, @address, @occurredAt, @facts, @addedAt, @addedBy) ON CONFLICT DO NOTHING`,
    );
    this.#delete = db.prepare('DELETE FROM case_items WHERE case_id = @caseId AND kind = @kind AND profile_id = @profileId AND item_id = @itemId');
  }

  /** Adds the items not there yet (one transaction); answers how many were new. */
  add(caseId: string, items: readonly StoredCaseItem[]): number {
    return this.#db.transaction(() =>
      items.reduce((added, item) => added + this.#insert.run({ caseId, ...item, ...keyOf(item), facts: item.facts ? JSON.stringify(item.facts) : null }).changes, 0),
    )();
  }

  remove(caseId: string, refs: readonly CaseItemRef[]): StoredCaseItem[] {
    const select = this.#db.prepare<Record<string, string>, CaseItemRow>('SELECT * FROM case_items WHERE case_id = @caseId AND kind = @kind AND profile_id = @profileId AND item_id = @itemId');
    return this.#db.transaction(() =>
      refs.flatMap((ref) => {
        const row = select.get({ caseId, ...keyOf(ref) });
        if (!row) return [];
        this.#delete.run({ caseId, ...keyOf(ref) });
        return [toItem(row)];
      }),
    )();
  }

  /** Every item of the case, newest added first. */
  all(caseId: string): StoredCaseItem[] {
    return this.#db.prepare<[string], CaseItemRow>('SELECT * FROM case_items WHERE case_id = ? ORDER BY added_at DESC, kind, item_id').all(caseId).map(toItem);
  }

  page(caseId: string, kind: CaseItemKind | undefined, offset: number, limit: number): { rows: StoredCaseItem[]; total: number } {
    const where = kind ? 'case_id = @caseId AND kind = @kind' : 'case_id = @caseId';
    const bindings = { caseId, kind: kind ?? null };
    const rows = this.#db.prepare<Record<string, unknown>, CaseItemRow>(`SELECT * FROM case_items WHERE ${where} ORDER BY added_at DESC, kind, item_id LIMIT @limit OFFSET @offset`).all({ ...bindings, limit, offset });
    const total = this.#db.prepare<Record<string, unknown>, number>(`SELECT COUNT(*) FROM case_items WHERE ${where}`).pluck().get(bindings)!;
    return { rows: rows.map(toItem), total };
  }

  counts(caseId: string): Partial<Record<CaseItemKind, number>> {
    const rows = this.#db.prepare<[string], { kind: CaseItemKind; items: number }>('SELECT kind, COUNT(*) AS items FROM case_items WHERE case_id = ? GROUP BY kind').all(caseId);
    return Object.fromEntries(rows.map((row) => [row.kind, row.items]));
  }

  /** The cases holding the item. */
  casesOf(ref: CaseItemRef): string[] {
    return this.#db.prepare<Record<string, string>, string>('SELECT case_id FROM case_items WHERE kind = @kind AND profile_id = @profileId AND item_id = @itemId').pluck().all(keyOf(ref));
  }

  /** Moves every item of one case into another; an item both hold stays once. */
  moveAll(fromCaseId: string, toCaseId: string): void {
    this.#db.prepare('INSERT INTO case_items SELECT ?, kind, profile_id, item_id, label, address, occurred_at, facts, added_at, added_by FROM case_items WHERE case_id = ? ON CONFLICT DO NOTHING').run(toCaseId, fromCaseId);
    this.#db.prepare('DELETE FROM case_items WHERE case_id = ?').run(fromCaseId);
  }
}
