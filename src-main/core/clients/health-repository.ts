import type { Db } from '../db/database.ts';

/** When each profile's back end last answered, in SQLite. */
export class HealthRepository {
  readonly #db: Db;
  constructor(db: Db) {
    this.#db = db;
  }

  lastReachedAt(profileId: string): string | null {
    const row = this.#db.prepare('SELECT last_reached_at FROM connection_health WHERE profile_id = ?').get(profileId) as
      | { last_reached_at: string }
      | undefined;
    return row?.last_reached_at ?? null;
  }

  /** False when the profile is gone (the row would have nothing to belong to). */
  putLastReachedAt(profileId: string, at: string): boolean {
    try {
      this.#db
        .prepare(
          `INSERT INTO connection_health (profile_id, last_reached_at) VALUES (?, ?)
           ON CONFLICT(profile_id) DO UPDATE SET last_reached_at = excluded.last_reached_at`,
        )
        .run(profileId, at);
      return true;
    } catch (error) {
      if (String((error as { code?: string }).code).startsWith('SQLITE_CONSTRAINT_FOREIGNKEY')) return false;
      throw error;
    }
  }
}
