// Where each profile's sync of a resource stands, in SQLite so that a restart or a crash resumes it.
import type { Db } from '../db/database.ts';

export interface SyncState {
  /** The number of the last walk that completed; rows stored by walks up to it are "already had". */
  settledWalk: number;
  /** The walk under way (cut short by a failure or a crash), or null. */
  walk: number | null;
  /** The walk under way goes through the whole window instead of stopping at what it already has. */
  walkFull: boolean;
  nextPage: number;
  walkTotal: number | null;
  walkFetched: number;
  /** Ids at the head of the walk under way (its first page). */
  walkHeadIds: string[];
  /** Ids at the head of the last completed walk: "already had" even after retention removed their rows. */
  headIds: string[];
  lastSyncedAt: string | null;
  /** When the last walk through the whole window completed (the first walk is one). */
  lastFullWalkAt: string | null;
  /** How far back the walks went through the list (ISO): the cache holds all of it since then; null: not known. */
  reachFrom: string | null;
  /** The list ended before `reachFrom`: it holds nothing older. */
  reachWhole: boolean;
  /** How far back the user asked the cache to reach (fetch older), until a walk gets there. */
  reachWanted: string | null;
}

/** Where a completed walk went back to, had it gone through the list to its cut-off or end. */
export interface WalkReach {
  from: string;
  /** The list ended before the cut-off. */
  whole: boolean;
}

interface SyncStateRow {
  settled_walk: number;
  walk: number | null;
  next_page: number | null;
  walk_total: number | null;
  walk_fetched: number;
  walk_head_ids: string;
  head_ids: string;
  last_synced_at: string | null;
  walk_full: number;
  last_full_walk_at: string | null;
  reach_from: string | null;
  reach_whole: number;
  reach_wanted: string | null;
}

const initial: SyncState = {
  settledWalk: 0, walk: null, walkFull: false, nextPage: 1, walkTotal: null, walkFetched: 0, walkHeadIds: [], headIds: [], lastSyncedAt: null, lastFullWalkAt: null,
  reachFrom: null, reachWhole: false, reachWanted: null,
};

function toState(row: SyncStateRow): SyncState {
  return {
    settledWalk: row.settled_walk,
    walk: row.walk,
    walkFull: row.walk_full === 1,
    nextPage: row.next_page ?? 1,
    walkTotal: row.walk_total,
    walkFetched: row.walk_fetched,
    walkHeadIds: JSON.parse(row.walk_head_ids) as string[],
    headIds: JSON.parse(row.head_ids) as string[],
    lastSyncedAt: row.last_synced_at,
    lastFullWalkAt: row.last_full_walk_at,
    reachFrom: row.reach_from,
    reachWhole: row.reach_whole === 1,
    reachWanted: row.reach_wanted,
  };
}

export class SyncStateRepository {
  readonly #db: Db;
  readonly #get;
  readonly #lastSyncedAt;
  readonly #begin;
  readonly #advance;
  readonly #complete;
  readonly #want;

  constructor(db: Db) {
    this.#db = db;
    this.#get = db.prepare<[string, string], SyncStateRow>('SELECT * FROM sync_state WHERE profile_id = ? AND resource = ?');
    this.#lastSyncedAt = db.prepare<[string, string], string | null>('SELECT last_synced_at FROM sync_state WHERE profile_id = ? AND resource = ?').pluck();
    this.#begin = db.prepare(
      `INSERT INTO sync_state (profile_id, resource, walk, walk_full, next_page, walk_total, walk_fetched, walk_head_ids)
       VALUES (@profileId, @resource, @walk, @full, 1, NULL, 0, '[]')
       ON CONFLICT (profile_id, resource) DO UPDATE SET walk = @walk, walk_full = @full, next_page = 1, walk_total = NULL, walk_fetched = 0, walk_head_ids = '[]'`,
    );
    this.#advance = db.prepare(
      `UPDATE sync_state SET next_page = @nextPage, walk_total = @total, walk_fetched = @fetched,
       walk_head_ids = CASE WHEN @headIds IS NULL THEN walk_head_ids ELSE @headIds END
       WHERE profile_id = @profileId AND resource = @resource`,
    );
    this.#complete = db.prepare(
      `UPDATE sync_state SET settled_walk = walk, head_ids = walk_head_ids, walk = NULL, next_page = NULL, walk_total = NULL,
       walk_fetched = 0, walk_head_ids = '[]', last_synced_at = @at,
       last_full_walk_at = CASE walk_full WHEN 1 THEN @at ELSE last_full_walk_at END, walk_full = 0,
       reach_from = coalesce(@reachFrom, reach_from),
       reach_whole = CASE WHEN @reachFrom IS NULL THEN reach_whole ELSE @reachWhole END,
       reach_wanted = CASE WHEN @reachFrom IS NOT NULL AND (@reachWhole = 1 OR reach_wanted >= @reachFrom) THEN NULL ELSE reach_wanted END
       WHERE profile_id = @profileId AND resource = @resource`,
    );
    this.#want = db.prepare(
      `INSERT INTO sync_state (profile_id, resource, reach_wanted) VALUES (@profileId, @resource, @wanted)
       ON CONFLICT (profile_id, resource) DO UPDATE SET reach_wanted = @wanted`,
    );
  }

  get(profileId: string, resource: string): SyncState {
    const row = this.#get.get(profileId, resource);
    return row ? toState(row) : { ...initial };
  }

  /**
   * When the list last synced, without reading the rest of its state: every page a view reads says
   * it, and the state's ids of the list's head (a page of them) took longer to read than the page.
   */
  lastSyncedAt(profileId: string, resource: string): string | null {
    return this.#lastSyncedAt.get(profileId, resource) ?? null;
  }

  beginWalk(profileId: string, resource: string, walk: number, options: { full?: boolean } = {}): void {
    this.#begin.run({ profileId, resource, walk, full: options.full ? 1 : 0 });
  }

  /** Called in the same transaction as storing the page, so the state never runs ahead of the rows. */
  advance(profileId: string, resource: string, progress: { nextPage: number; total: number | null; fetched: number; headIds?: string[] }): void {
    this.#advance.run({
      profileId,
      resource,
      nextPage: progress.nextPage,
      total: progress.total,
      fetched: progress.fetched,
      headIds: progress.headIds ? JSON.stringify(progress.headIds) : null,
    });
  }

  /** A walk ended; with `reach`, it went through the list to its cut-off or its end (a request to reach as far is then met). */
  completeWalk(profileId: string, resource: string, at: string, reach?: WalkReach): void {
    this.#complete.run({ profileId, resource, at, reachFrom: reach?.from ?? null, reachWhole: reach?.whole ? 1 : 0 });
  }

  /** Asks the walks to reach back to `from` (ISO), or (null) no further than they do. */
  wantReach(profileId: string, resource: string, from: string | null): void {
    this.#want.run({ profileId, resource, wanted: from });
  }

  transaction<T>(work: () => T): T {
    return this.#db.transaction(work)();
  }
}
