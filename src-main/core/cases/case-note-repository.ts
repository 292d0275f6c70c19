// The `case_notes` table: the analyst's Markdown on a case, or on one event of its timeline.
import type { CaseNote } from '../../../src-shared/contract/cases.ts';
import type { Db } from '../db/database.ts';

interface CaseNoteRow {
  id: string;
  case_id: string;
  event_key: string | null;
  body: string;
  author: string | null;
  created_at: string;
  updated_at: string;
}

export interface StoredCaseNote extends CaseNote {
  caseId: string;
}

const toNote = (row: CaseNoteRow): StoredCaseNote => ({
  id: row.id,
  caseId: row.case_id,
  eventId: row.event_key,
  body: row.body,
  author: row.author,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

export class CaseNoteRepository {
  readonly #db: Db;

  constructor(db: Db) {
    this.#db = db;
  }

  /** Keeps a note; one already there under its id (an import met again) stays as it was. */
  insert(note: StoredCaseNote): void {
    this.#db
      .prepare(
        `INSERT INTO case_notes (id, case_id, event_key, body, author, created_at, updated_at)
         VALUES (@id, @caseId, @eventId, @body, @author, @createdAt, @updatedAt) ON CONFLICT DO NOTHING`,
      )
      .run(note);
  }

  find(id: string): StoredCaseNote | undefined {
    const row = this.#db.prepare<[string], CaseNoteRow>('SELECT * FROM case_notes WHERE id = ?').get(id);
    return row && toNote(row);
  }

  /** The case's notes, oldest first; of one event only when `eventId` is given. */
  of(caseId: string, eventId?: string): StoredCaseNote[] {
    const rows = eventId === undefined
      ? this.#db.prepare<[string], CaseNoteRow>('SELECT * FROM case_notes WHERE case_id = ? ORDER BY created_at, id').all(caseId)
      : this.#db.prepare<[string, string], CaseNoteRow>('SELECT * FROM case_notes WHERE case_id = ? AND event_key = ? ORDER BY created_at, id').all(caseId, eventId);
    return rows.map(toNote);
  }

  update(id: string, body: string, at: string): StoredCaseNote | undefined {
    this.#db.prepare('UPDATE case_notes SET body = ?, updated_at = ? WHERE id = ?').run(body, at, id);
    return this.find(id);
  }

  delete(id: string): void {
    this.#db.prepare('DELETE FROM case_notes WHERE id = ?').run(id);
  }

  moveAll(fromCaseId: string, toCaseId: string): void {
    this.#db.prepare('UPDATE case_notes SET case_id = ? WHERE case_id = ?').run(toCaseId, fromCaseId);
  }
}
