// Syncing a newest-first list that offers only `page` and `page_size` (firewall.md, part 4).
//
// A walk fetches pages 1, 2, … until a page holds an item a completed walk stored ("meets what it
// already has"), the list ends, or the items pass the cut-off. Items arriving during the walk push
// older ones to later pages, never to earlier ones, so a forward walk sees every item that was
// there when it started, some twice: storing is by id and ignores repeats. Items that arrive
// after page 1 was read are newer than all of it, and the next walk starts with them. A walk's
// position is saved in the same transaction as the rows of the pages it covers: after a crash it
// resumes after the last page committed, and rows of the unfinished walk do not count as "already had".
// Now and then a walk goes through the whole window without stopping at what it has: a real
// appliance may list an item mid-list (a late arrival, its own clock), which no head walk meets.
import type { SyncStateRepository, WalkReach } from './sync-state-repository.ts';

const ROWS_PER_COMMIT = 5_000;
const COMMITS_IN_FLIGHT = 2;
/** Three rather than two keep the server, the parsing and the store busy at once: a 100k backfill takes about 5 % less. */
const PAGES_IN_FLIGHT = 3;

export interface WalkItem {
  id: string;
  /** When it happened (ms), if known: items before the cut-off end the walk. */
  time: number | null;
}

export interface FetchedPage<T> {
  items: T[];
  /** How many items the page carried, usable or not: an empty page ends the list, a short one does not. */
  received: number;
  total: number | null;
  /** The page size the server says it used; null when it did not say. */
  pageSize: number | null;
}

/** Pages of a walk with the walk's position after them, stored in one transaction. */
export interface WalkCommit<T> {
  profileId: string;
  resource: string;
  walk: number;
  pages: { items: T[]; page: number; total: number | null; fetched: number; headIds?: string[] }[];
  /** When the walk completed with these pages; null while it goes on. */
  completedAt: string | null;
  /** How far back the completed walk went through the list; absent when it stopped at what it had. */
  reach?: WalkReach;
}

export interface WalkedList<T extends WalkItem> {
  profileId: string;
  resource: string;
  pageSize: number;
  fetchPage(page: number, pageSize: number, signal: AbortSignal): Promise<FetchedPage<T>>;
  /**
   * A server may page by a smaller size than asked, silently: its page numbers then count pages
   * of its size. Hears the size a walk's first page showed, to ask for it from then on.
   */
  pageSizeLearned?(pageSize: number): void;
  /** Which of these ids rows of completed walks (number <= `settledWalk`) hold. */
  settledIds(ids: string[], settledWalk: number): Set<string>;
  /**
   * Stores the pages' items not stored yet and the walk's position in one transaction (see
   * `commitWalk`), wherever the list keeps them; answers how many items were new.
   */
  commit(commit: WalkCommit<T>): Promise<number>;
}

/**
 * A commit on one connection: the items (marked with the walk's number, a repeat of an id
 * changing nothing) and the position after them, so the state never runs ahead of the rows. The
 * pages' items are stored in one go: what a store does per call (a full-text statement, the
 * counts) is then done once per commit.
 */
export function commitWalk<T>(state: SyncStateRepository, store: (items: T[], walk: number) => number, commit: WalkCommit<T>): number {
  const { profileId, resource, walk, pages, completedAt, reach } = commit;
  return state.transaction(() => {
    const stored = store(pages.flatMap((page) => page.items), walk);
    for (const { page, total, fetched, headIds } of pages) {
      state.advance(profileId, resource, { nextPage: page + 1, total, fetched, ...(headIds ? { headIds } : {}) });
    }
    if (completedAt !== null) state.completeWalk(profileId, resource, completedAt, reach);
    return stored;
  });
}

export interface WalkProgress {
  fetched: number;
  total: number | null;
}

export interface WalkResult {
  walk: number;
  /** The first walk of this list (the backfill): its items are not news. */
  first: boolean;
  stored: number;
  pages: number;
}

export async function walkNewestFirst<T extends WalkItem>(
  list: WalkedList<T>,
  state: SyncStateRepository,
  options: {
    cutoffMs: number;
    now: () => string;
    /** How long after the last walk through the whole window the next walk is one too; never when absent. */
    fullWalkEveryMs?: number;
    /** This walk goes through the whole window, whatever it already has (a walk further back than the cache reaches). */
    full?: boolean;
    onProgress?: (progress: WalkProgress) => void;
    signal?: AbortSignal;
  },
): Promise<WalkResult> {
  const { profileId, resource } = list;
  let { pageSize } = list;
  let previousIds = '';
  const start = state.get(profileId, resource);
  const walk = start.walk ?? start.settledWalk + 1;
  const first = start.settledWalk === 0;
  const fullWalkDue =
    options.fullWalkEveryMs !== undefined && (start.lastFullWalkAt === null || Date.parse(options.now()) - Date.parse(start.lastFullWalkAt) >= options.fullWalkEveryMs);
  const full = options.full === true || (start.walk === null ? first || fullWalkDue : start.walkFull);
  if (start.walk === null) state.beginWalk(profileId, resource, walk, { full });
  const headIds = new Set(start.headIds);
  let page = start.walk === null ? 1 : start.nextPage;
  let fetched = start.walk === null ? 0 : start.walkFetched;
  let stored = 0;
  let pages = 0;
  /** The oldest moment the walk saw: where a list that ends before the cut-off starts. */
  let oldestMs = options.cutoffMs;
  let sawOldest = false;

  const controller = new AbortController();
  const stop = () => controller.abort(options.signal?.reason);
  options.signal?.addEventListener('abort', stop, { once: true });
  const requested: Promise<FetchedPage<T>>[] = [];
  let lastRequested = page - 1;
  const request = (upTo: number) => {
    for (; lastRequested < upTo; lastRequested++) {
      const result = list.fetchPage(lastRequested + 1, pageSize, controller.signal);
      // A page fetched ahead can fail after the walk stopped: its failure counts only when awaited.
      result.catch(() => {});
      requested.push(result);
    }
  };

  // Pages are committed several to a transaction: each commit rewrites every index page the rows
  // touched, so one commit per page costs several times the fetch. A commit goes out whenever the
  // last one is done (the store is never idle while pages wait) or a batch is large; the walk
  // fetches on meanwhile, and waits only when commits fall behind. A crash loses at most the
  // uncommitted pages, which the resumed walk fetches again (storing by id makes that harmless).
  let batch: WalkCommit<T>['pages'] = [];
  let batchRows = 0;
  const committing: Promise<number>[] = [];
  let commitFailure = null as { error: unknown } | null;
  let awaitingPage = false;
  const commit = (completedAt: string | null, reach?: WalkReach) => {
    if (batch.length === 0 && completedAt === null) return;
    const pending = list.commit({ profileId, resource, walk, pages: batch, completedAt, ...(reach && { reach }) });
    batch = [];
    batchRows = 0;
    committing.push(pending);
    pending.then(
      (count) => {
        stored += count;
        committing.splice(committing.indexOf(pending), 1);
        // The store is free and the walk waits for the network: what is fetched goes now.
        if (awaitingPage && committing.length === 0) commit(null);
      },
      (error: unknown) => (commitFailure ??= { error }),
    );
  };
  const settle = async () => {
    await Promise.allSettled(committing);
    if (commitFailure) throw commitFailure.error;
  };

  try {
    request(page);
    for (;;) {
      let fetchedPage: FetchedPage<T>;
      try {
        awaitingPage = true;
        fetchedPage = await requested.shift()!;
      } catch (error) {
        // A failure is not a crash: what was fetched before it is kept, and the next sync resumes after it.
        commit(null);
        await settle();
        throw error;
      } finally {
        awaitingPage = false;
      }
      if (commitFailure) throw commitFailure.error;
      const { items, received, total } = fetchedPage;
      pages++;
      const ids = items.map((item) => item.id);
      if (page === 1 && received > 0 && received < pageSize && (total === null || received < total)) {
        pageSize = fetchedPage.pageSize !== null && fetchedPage.pageSize >= 1 && fetchedPage.pageSize < pageSize ? fetchedPage.pageSize : received;
        list.pageSizeLearned?.(pageSize);
      }
      // A server that answers every page alike (it ignores `page`) has nothing more to give.
      const repeated = ids.length > 0 && ids.join('\n') === previousIds;
      previousIds = ids.join('\n');
      const met = !full && (list.settledIds(ids, start.settledWalk).size > 0 || ids.some((id) => headIds.has(id)));
      const passedCutoff = items.some((item) => item.time !== null && item.time < options.cutoffMs);
      const ended = received === 0 || repeated || (total !== null && page * pageSize >= total);
      const done = met || passedCutoff || ended;
      // The next pages are fetched while this one is stored, so the walk costs little more than
      // the fetches; a walk that goes on past page 1 is a long one, worth a few pages in flight.
      if (!done) request(Math.min(page + PAGES_IN_FLIGHT, total === null ? Infinity : Math.ceil(total / pageSize)));
      const keep = items.filter((item) => item.time === null || item.time >= options.cutoffMs);
      for (const { time } of keep) {
        if (time !== null && (!sawOldest || time < oldestMs)) [oldestMs, sawOldest] = [time, true];
      }
      fetched += received;
      batch.push({ items: keep, page, total, fetched, ...(page === 1 ? { headIds: ids } : {}) });
      batchRows += keep.length;
      if (done) {
        // A walk that did not stop at what it had went through the list to its cut-off, or to its end (its oldest item).
        commit(options.now(), met ? undefined : passedCutoff ? { from: new Date(options.cutoffMs).toISOString(), whole: false } : { from: new Date(oldestMs).toISOString(), whole: true });
        await settle();
        options.onProgress?.({ fetched, total });
        return { walk, first, stored, pages };
      }
      if (committing.length === 0 || batchRows >= ROWS_PER_COMMIT) commit(null);
      options.onProgress?.({ fetched, total });
      // Pages waiting for the store are held in memory: a walk far ahead of it waits.
      if (committing.length > COMMITS_IN_FLIGHT) await Promise.race(committing).catch(() => {});
      page++;
    }
  } finally {
    options.signal?.removeEventListener('abort', stop);
    controller.abort();
  }
}
