// The `cases` table: one row per case, numbered on this workstation; its items, notes and kept
// events live in tables of their own (case-item-repository.ts, case-note-repository.ts,
// case-kept-event-repository.ts).
import type { CaseFilter, CaseSeverity, CaseSortField, CaseStatus, CaseSummary } from '../../../src-shared/contract/cases.ts';
import type { Db } from '../db/database.ts';
import { containsPattern } from '../db/like-pattern.ts';

interface CaseRow {
  id: string;
  number: number;
  title: string;
  status: CaseStatus;
  severity: CaseSeverity;
  tags: string;
  owner: string | null;
  merged_into: string | null;
  created_at: string;
  updated_at: string;
  item_count: number;
  merged_number: number | null;
  merged_title: string | null;
}

export interface NewCase {
  id: string;
  title: string;
  status: CaseStatus;
  severity: CaseSeverity;
  tags: string[];
  owner: string | null;
  createdAt: string;
  /** Given by an import; otherwise the next free number. */
  number?: number;
}

export type CaseChange = Partial<Pick<CaseSummary, 'title' | 'status' | 'severity' | 'tags'>>;

const toSummary = (row: CaseRow): CaseSummary => ({
  id: row.id,
  number: row.number,
  title: row.title,
  status: row.status,
  severity: row.severity,
  tags: JSON.parse(row.tags) as string[],
  owner: row.owner,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
  itemCount: row.item_count,
  mergedInto: row.merged_into === null ? null : { id: row.merged_into, number: row.merged_number ?? 0, title: row.merged_title ?? '' },
});

const SELECT = `SELECT c.*, (SELECT COUNT(*) FROM case_items i WHERE i.case_id = c.id) AS item_count, m.number AS merged_number, m.title AS merged_title
  FROM cases c LEFT JOIN cases m ON m.id = c.merged_into`;

const SEVERITY_RANK = `CASE c.severity WHEN 'critical' THEN 4 WHEN 'high' THEN 3 WHEN 'medium' THEN 2 ELSE 1 END`;
const STATUS_RANK = `CASE c.status WHEN 'open' THEN 1 WHEN 'inProgress' THEN 2 WHEN 'resolvedTruePositive' THEN 3 WHEN 'resolvedFalsePositive' THEN 4 ELSE 5 END`;
const ORDER_BY: Record<CaseSortField, string> = {
  updatedAt: 'c.updated_at',
  createdAt: 'c.created_at',
  number: 'c.number',
  title: 'c.title COLLATE NOCASE',
  severity: SEVERITY_RANK,
  status: STATUS_RANK,
  items: 'item_count',
};

function whereOf(filter: CaseFilter): { sql: string; bindings: Record<string, string | number> } {
  const conditions: string[] = [];
  const bindings: Record<string, string | number> = {};
  const anyOf = (column: string, name: string, values: readonly string[] | undefined) => {
    if (!values || values.length === 0) return;
    conditions.push(`${column} IN (${values.map((_, index) => `@${name}${index}`).join(', ')})`);
    values.forEach((value, index) => (bindings[`${name}${index}`] = value));
  };
  anyOf('c.status', 'status', filter.statuses);
  anyOf('c.severity', 'severity', filter.severities);
  if (filter.tag) {
    conditions.push('EXISTS (SELECT 1 FROM json_each(c.tags) WHERE value = @tag COLLATE NOCASE)');
    bindings['tag'] = filter.tag;
  }
  const text = filter.text?.trim().replace(/^#(?=\d+$)/, '');
  if (text) {
    conditions.push(`(c.title LIKE @text ESCAPE '\\' OR c.tags LIKE @text ESCAPE '\\' OR c.owner LIKE @text ESCAPE '\\' OR CAST(c.number AS TEXT) = @number)`);
    bindings['text'] = containsPattern(text);
    bindings['number'] = text;
  }
  return { sql: conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '', bindings };
}

export class CaseRepository {
  readonly #db: Db;
  readonly #find;

  constructor(db: Db) {
    this.#db = db;
    this.#find = db.prepare<[string], CaseRow>(`${SELECT} WHERE c.id = ?`);
  }

  /** Runs `run` in one transaction (with the other case tables' writes it makes). */
  transaction<T>(run: () => T): T {
    return this.#db.transaction(run)();
  }

  insert(made: NewCase): CaseSummary {
    this.#db
      .prepare(
        `INSERT INTO cases (id, number, title, status, severity, tags, owner, created_at, updated_at)
         VALUES (@id, COALESCE(@number, (SELECT COALESCE(MAX(number), 0) + 1 FROM cases)), @title, @status, @severity, @tags, @owner, @createdAt, @createdAt)`,
      )
      .run({ ...made, number: made.number ?? null, tags: JSON.stringify(made.tags) });
    return this.find(made.id)!;
  }

  find(id: string): CaseSummary | undefined {
    const row = this.#find.get(id);
    return row && toSummary(row);
  }

  findByNumber(number: number): CaseSummary | undefined {
    const row = this.#db.prepare<[number], CaseRow>(`${SELECT} WHERE c.number = ?`).get(number);
    return row && toSummary(row);
  }

  numberTaken(number: number): boolean {
    return this.#db.prepare('SELECT 1 FROM cases WHERE number = ?').get(number) !== undefined;
  }

  page(filter: CaseFilter, sort: { field: CaseSortField; direction: 'asc' | 'desc' }, offset: number, limit: number): { rows: CaseSummary[]; total: number } {
    const { sql, bindings } = whereOf(filter);
    const direction = sort.direction === 'asc' ? 'ASC' : 'DESC';
    const rows = this.#db.prepare(`${SELECT} ${sql} ORDER BY ${ORDER_BY[sort.field]} ${direction}, c.number ${direction} LIMIT @limit OFFSET @offset`).all({ ...bindings, limit, offset }) as CaseRow[];
    const { total } = this.#db.prepare(`SELECT COUNT(*) AS total FROM cases c ${sql}`).get(bindings) as { total: number };
    return { rows: rows.map(toSummary), total };
  }

  /** Every tag in use, most used first. */
  tags(): string[] {
    return this.#db.prepare<[], string>('SELECT value FROM cases, json_each(cases.tags) GROUP BY value ORDER BY COUNT(*) DESC, value COLLATE NOCASE').pluck().all();
  }

  update(id: string, change: CaseChange, at: string): CaseSummary | undefined {
    this.#db
      .prepare(
        `UPDATE cases SET title = COALESCE(@title, title), status = COALESCE(@status, status), severity = COALESCE(@severity, severity),
           tags = COALESCE(@tags, tags), updated_at = @at WHERE id = @id`,
      )
      .run({ id, at, title: change.title ?? null, status: change.status ?? null, severity: change.severity ?? null, tags: change.tags ? JSON.stringify(change.tags) : null });
    return this.find(id);
  }

  /** Something in the case changed (an item, a note): it moves up the list. */
  touch(id: string, at: string): void {
    this.#db.prepare('UPDATE cases SET updated_at = ? WHERE id = ?').run(at, id);
  }

  markMerged(id: string, intoId: string, at: string): void {
    this.#db.prepare("UPDATE cases SET merged_into = ?, status = 'closed', updated_at = ? WHERE id = ?").run(intoId, at, id);
  }
}
