// The cached block list of every firewall profile (table firewall_blocklist): a snapshot replaced by each sync.
import type { BlockEntry } from '../../../../src-shared/contract/firewall.ts';
import type { Db } from '../../db/database.ts';

interface BlockRow {
  id: string;
  ip: string;
  reason: string | null;
  duration_seconds: number | null;
  source: string | null;
  created_at: string | null;
  expires_at: string | null;
}

function toEntry(row: BlockRow): BlockEntry {
  return {
    id: row.id,
    ip: row.ip,
    reason: row.reason,
    durationSeconds: row.duration_seconds,
    source: row.source,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
  };
}

export interface BlockListChanges {
  added: BlockEntry[];
  removed: BlockEntry[];
}

export class BlockRepository {
  readonly #db: Db;
  readonly #upsert;

  constructor(db: Db) {
    this.#db = db;
    this.#upsert = db.prepare(
      `INSERT INTO firewall_blocklist (profile_id, id, ip, reason, duration_seconds, source, created_at, expires_at)
       VALUES (@profileId, @id, @ip, @reason, @durationSeconds, @source, @createdAt, @expiresAt)
       ON CONFLICT (profile_id, id) DO UPDATE SET ip = excluded.ip, reason = excluded.reason, duration_seconds = excluded.duration_seconds,
         source = excluded.source, created_at = excluded.created_at, expires_at = excluded.expires_at`,
    );
  }

  list(profileId: string): BlockEntry[] {
    return this.#db
      .prepare<[string], BlockRow>('SELECT * FROM firewall_blocklist WHERE profile_id = ? ORDER BY created_at DESC, id DESC')
      .all(profileId)
      .map(toEntry);
  }

  find(profileId: string, id: string): BlockEntry | undefined {
    const row = this.#db.prepare<[string, string], BlockRow>('SELECT * FROM firewall_blocklist WHERE profile_id = ? AND id = ?').get(profileId, id);
    return row && toEntry(row);
  }

  put(profileId: string, entry: BlockEntry): void {
    this.#upsert.run({ profileId, ...entry });
  }

  remove(profileId: string, id: string): void {
    this.#db.prepare('DELETE FROM firewall_blocklist WHERE profile_id = ? AND id = ?').run(profileId, id);
  }

  /** Makes the cache the appliance's list; says which entries came and went. */
  replace(profileId: string, entries: readonly BlockEntry[]): BlockListChanges {
    return this.#db.transaction(() => {
      const before = new Map(this.list(profileId).map((entry) => [entry.id, entry]));
      const after = new Set(entries.map((entry) => entry.id));
      const added = entries.filter((entry) => !before.has(entry.id));
      const removed = [...before.values()].filter((entry) => !after.has(entry.id));
      for (const entry of removed) this.remove(profileId, entry.id);
      for (const entry of entries) this.put(profileId, entry);
      return { added, removed };
    })();
  }
}
