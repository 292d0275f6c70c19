// Recent log searches per profile (table `firewall_log_queries`), newest first, a few kept.
import type { LogQuery, RecentLogQuery } from '../../../../src-shared/contract/firewall-admin.ts';
import type { Db } from '../../db/database.ts';

interface LogQueryRow {
  query: string;
  used_at: string;
}

const toRecent = (row: LogQueryRow): RecentLogQuery => ({ query: JSON.parse(row.query) as LogQuery, usedAt: row.used_at });

export class LogQueryRepository {
  readonly #db: Db;
  readonly #keep: number;

  constructor(db: Db, keep = 10) {
    this.#db = db;
    this.#keep = keep;
  }

  /** Records a search; the same query again moves to the top instead of appearing twice. */
  remember(profileId: string, query: LogQuery, usedAt: string): void {
    this.#db.transaction(() => {
      this.#db
        .prepare(
          `INSERT INTO firewall_log_queries (profile_id, query, used_at) VALUES (?, ?, ?)
           ON CONFLICT (profile_id, query) DO UPDATE SET used_at = excluded.used_at`,
        )
        .run(profileId, JSON.stringify(query), usedAt);
      this.#db
        .prepare(
          `DELETE FROM firewall_log_queries WHERE profile_id = ? AND query NOT IN
           (SELECT query FROM firewall_log_queries WHERE profile_id = ? ORDER BY used_at DESC LIMIT ?)`,
        )
        .run(profileId, profileId, this.#keep);
    })();
  }

  recent(profileId: string): RecentLogQuery[] {
    const rows = this.#db
      .prepare('SELECT query, used_at FROM firewall_log_queries WHERE profile_id = ? ORDER BY used_at DESC')
      .all(profileId) as LogQueryRow[];
    return rows.map(toRecent);
  }
}
