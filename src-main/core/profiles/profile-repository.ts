import { CACHE_TABLES } from '../db/cache-tables.ts';
import type { Db } from '../db/database.ts';
import type { ProfileRecord } from './profile-record.ts';

interface ProfileRow {
  id: string;
  service: ProfileRecord['service'];
  name: string;
  base_url: string;
  trust: string;
  timeouts: string;
  proxy: string;
  settings: string;
  key_hint: string | null;
  live: number;
  created_at: string;
  updated_at: string;
}

const fromRow = (row: ProfileRow): ProfileRecord => ({
  id: row.id,
  service: row.service,
  name: row.name,
  baseUrl: row.base_url,
  trust: JSON.parse(row.trust),
  timeouts: JSON.parse(row.timeouts),
  proxy: JSON.parse(row.proxy),
  settings: JSON.parse(row.settings),
  keyHint: row.key_hint,
  live: row.live === 1,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

/**
 * The non-secret half of each profile, in SQLite. Its statements are prepared once: every request
 * looks its profile up (the client, the call rate), a sync a couple of times per page.
 */
export class ProfileRepository {
  readonly #all;
  readonly #find;
  readonly #findByName;
  readonly #put;
  readonly #updateTrust;
  readonly #delete;
  readonly #db: Db;
  /** What the schema does to the local rows that name a profile when it goes (its ON DELETE), done by hand: see `delete`. */
  readonly #dependents: { run(id: string): unknown }[];

  constructor(db: Db) {
    this.#db = db;
    this.#all = db.prepare<[], ProfileRow>('SELECT * FROM profiles ORDER BY service, name COLLATE NOCASE');
    this.#find = db.prepare<[string], ProfileRow>('SELECT * FROM profiles WHERE id = ?');
    this.#findByName = db.prepare<[ProfileRecord['service'], string], ProfileRow>('SELECT * FROM profiles WHERE service = ? AND name = ?');
    this.#put = db.prepare(
      `INSERT INTO profiles (id, service, name, base_url, trust, timeouts, proxy, settings, key_hint, live, created_at, updated_at)
       VALUES (@id, @service, @name, @baseUrl, @trust, @timeouts, @proxy, @settings, @keyHint, @live, @createdAt, @updatedAt)
       ON CONFLICT(id) DO UPDATE SET service = excluded.service, name = excluded.name, base_url = excluded.base_url,
         trust = excluded.trust, timeouts = excluded.timeouts, proxy = excluded.proxy, settings = excluded.settings,
         key_hint = excluded.key_hint, live = excluded.live, updated_at = excluded.updated_at`,
    );
    this.#updateTrust = db.prepare<[string, string, string]>('UPDATE profiles SET trust = ?, updated_at = ? WHERE id = ?');
    this.#delete = db.prepare<[string]>('DELETE FROM profiles WHERE id = ?');
    this.#dependents = localDependents(db).flatMap(({ table, column, onDelete }) => {
      if (onDelete === 'CASCADE') return [db.prepare<[string]>(`DELETE FROM "${table}" WHERE "${column}" = ?`)];
      if (onDelete === 'SET NULL') return [db.prepare<[string]>(`UPDATE "${table}" SET "${column}" = NULL WHERE "${column}" = ?`)];
      return [];
    });
  }

  all(): ProfileRecord[] {
    return this.#all.all().map(fromRow);
  }

  find(id: string): ProfileRecord | undefined {
    const row = this.#find.get(id);
    return row && fromRow(row);
  }

  findByName(service: ProfileRecord['service'], name: string): ProfileRecord | undefined {
    const row = this.#findByName.get(service, name);
    return row && fromRow(row);
  }

  put(record: ProfileRecord): void {
    this.#put.run({
      ...record,
      trust: JSON.stringify(record.trust),
      timeouts: JSON.stringify(record.timeouts),
      proxy: JSON.stringify(record.proxy),
      settings: JSON.stringify(record.settings),
      live: record.live ? 1 : 0,
    });
  }

  /** Changes only the trust, so an edit saved meanwhile is kept; false when the profile is gone. */
  updateTrust(id: string, trust: ProfileRecord['trust'], updatedAt: string): boolean {
    return this.#updateTrust.run(JSON.stringify(trust), updatedAt, id).changes > 0;
  }

  /**
   * Deletes the profile's row. The local rows that name it go as the schema says (its canned
   * replies and drafts go, a conversation stays without it); the rows of its cache stay behind, for
   * the removal to forget in the background (`ConnectionData`) or to keep, as the analyst chose.
   * The schema's cascade would take them in this one statement, on main's thread: a million alerts
   * for seconds. So the row goes with foreign keys off, once the local rows are done by hand.
   */
  delete(id: string): boolean {
    this.#db.transaction(() => {
      for (const dependent of this.#dependents) dependent.run(id);
    })();
    this.#db.pragma('foreign_keys = OFF');
    try {
      return this.#delete.run(id).changes > 0;
    } finally {
      this.#db.pragma('foreign_keys = ON');
    }
  }
}

/** Every local-only table's column that points at a profile, with what its foreign key does when the profile goes. */
function localDependents(db: Db): { table: string; column: string; onDelete: string }[] {
  const tables = db.prepare<[], string>("SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").pluck().all();
  return tables
    .filter((table) => !CACHE_TABLES.has(table))
    .flatMap((table) =>
      (db.pragma(`foreign_key_list("${table}")`) as { table: string; from: string; on_delete: string }[])
        .filter((key) => key.table === 'profiles')
        .map((key) => ({ table, column: key.from, onDelete: key.on_delete.toUpperCase() })),
    );
}
