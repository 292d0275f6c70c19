// What can keep the database from opening, as data that crosses the worker's thread boundary: the
// start asks the user what to do with it (restore a backup, rebuild the cache, quit) and never
// decides on its own to wipe or re-create the file.

export type DatabaseTroubleKind = 'corrupt' | 'migration-failed';

export interface DatabaseTroubleDetail {
  kind: DatabaseTroubleKind;
  /** What SQLite said (quick_check's first findings, or the failed statement's error). */
  reason: string;
  /** The schema version the file is at. */
  version: number;
  /** For a failed migration: the one that failed. */
  migration?: { version: number; name: string };
}

export class DatabaseTroubleError extends Error {
  readonly detail: DatabaseTroubleDetail;
  constructor(detail: DatabaseTroubleDetail) {
    super(
      detail.kind === 'corrupt'
        ? `The database is damaged (${detail.reason}).`
        : `Migration ${detail.migration?.version} (${detail.migration?.name}) failed: ${detail.reason}. The database stays at version ${detail.version}.`,
    );
    this.name = 'DatabaseTroubleError';
    this.detail = detail;
  }
}

/** Whether an error SQLite raised means the file is damaged (as opposed to busy, full or refused). */
export function isCorruption(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (code.startsWith('SQLITE_CORRUPT') || code === 'SQLITE_NOTADB');
}
