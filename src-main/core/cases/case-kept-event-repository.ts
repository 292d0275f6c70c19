// The `case_kept_events` table: a timeline brought in with an imported case, as the workstation
// that exported it read it. The timeline shows these beside what this workstation's caches hold.
import type { TimelineEvent } from '../../../src-shared/contract/cases.ts';
import type { Db } from '../db/database.ts';

export class CaseKeptEventRepository {
  readonly #db: Db;

  constructor(db: Db) {
    this.#db = db;
  }

  keep(caseId: string, events: readonly TimelineEvent[]): void {
    const insert = this.#db.prepare('INSERT INTO case_kept_events (case_id, key, at, event) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING');
    this.#db.transaction(() => {
      for (const event of events) insert.run(caseId, event.id, event.at, JSON.stringify(event));
    })();
  }

  of(caseId: string): TimelineEvent[] {
    return this.#db.prepare<[string], string>('SELECT event FROM case_kept_events WHERE case_id = ? ORDER BY at DESC, key').pluck().all(caseId).map((json) => JSON.parse(json) as TimelineEvent);
  }

  moveAll(fromCaseId: string, toCaseId: string): void {
    this.#db.prepare('INSERT INTO case_kept_events SELECT ?, key, at, event FROM case_kept_events WHERE case_id = ? ON CONFLICT DO NOTHING').run(toCaseId, fromCaseId);
    this.#db.prepare('DELETE FROM case_kept_events WHERE case_id = ?').run(fromCaseId);
  }
}
