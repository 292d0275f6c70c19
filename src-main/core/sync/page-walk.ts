// Syncing a newest-first list that offers only `page` and `page_size` (firewall.md, part 4).
//
// A walk fetches pages 1, 2, … until a page holds an item a completed walk stored ("meets what it
// already has"), the list ends, or the items pass the cut-off. Items arriving during the walk push
// older ones to later pages, never to earlier ones, so a forward walk sees every item that was
// there when it started, some twice: storing is by id and ignores repeats. Items that arrive
// after page 1 was read are newer than all of it, and the next walk starts with them. A walk's
// position is saved with each page in the same transaction as its rows: after a crash it resumes
// at the next page, and rows of the unfinished walk do not count as "already had".
import type { SyncStateRepository } from './sync-state-repository.ts';

export interface WalkItem {
  id: string;
  /** When it happened (ms), if known: items before the cut-off end the walk. */
  time: number | null;
}

export interface FetchedPage<T> {
  items: T[];
  /** How many items the page carried, usable or not: a short page ends the list. */
  received: number;
  total: number | null;
}

export interface WalkedList<T extends WalkItem> {
  profileId: string;
  resource: string;
  pageSize: number;
  fetchPage(page: number, pageSize: number, signal: AbortSignal): Promise<FetchedPage<T>>;
  /** Which of these ids rows of completed walks (number <= `settledWalk`) hold. */
  settledIds(ids: string[], settledWalk: number): Set<string>;
  /** Stores items not stored yet, marked with the walk's number; returns how many were new. Runs inside the walk's transaction. */
  store(items: T[], walk: number): number;
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
  options: { cutoffMs: number; now: () => string; onProgress?: (progress: WalkProgress) => void; signal?: AbortSignal },
): Promise<WalkResult> {
  const { profileId, resource, pageSize } = list;
  const start = state.get(profileId, resource);
  const walk = start.walk ?? start.settledWalk + 1;
  if (start.walk === null) state.beginWalk(profileId, resource, walk);
  const first = start.settledWalk === 0;
  const headIds = new Set(start.headIds);
  let page = start.walk === null ? 1 : start.nextPage;
  let fetched = start.walk === null ? 0 : start.walkFetched;
  let stored = 0;
  let pages = 0;

  const controller = new AbortController();
  const stop = () => controller.abort(options.signal?.reason);
  options.signal?.addEventListener('abort', stop, { once: true });
  const fetchPage = (number: number) => list.fetchPage(number, pageSize, controller.signal);
  try {
    let pending = fetchPage(page);
    for (;;) {
      const { items, received, total } = await pending;
      pages++;
      const ids = items.map((item) => item.id);
      const met = list.settledIds(ids, start.settledWalk).size > 0 || ids.some((id) => headIds.has(id));
      const passedCutoff = items.some((item) => item.time !== null && item.time < options.cutoffMs);
      const ended = received < pageSize || (total !== null && page * pageSize >= total);
      const done = met || passedCutoff || ended;
      // Fetch the next page while this one is stored: the walk costs little more than the fetches.
      if (!done) {
        pending = fetchPage(page + 1);
        pending.catch(() => {});
      }
      const keep = items.filter((item) => item.time === null || item.time >= options.cutoffMs);
      fetched += received;
      state.transaction(() => {
        stored += list.store(keep, walk);
        state.advance(profileId, resource, { nextPage: page + 1, total, fetched, ...(page === 1 ? { headIds: ids } : {}) });
        if (done) state.completeWalk(profileId, resource, options.now());
      });
      options.onProgress?.({ fetched, total });
      if (done) return { walk, first, stored, pages };
      page++;
    }
  } finally {
    options.signal?.removeEventListener('abort', stop);
    controller.abort();
  }
}
