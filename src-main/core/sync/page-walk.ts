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
import { performance } from 'node:perf_hooks';
import type { SyncStateRepository } from './sync-state-repository.ts';

const ROWS_PER_COMMIT = 5_000;
const MS_PER_COMMIT = 1_000;
const PAGES_IN_FLIGHT = 2;

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
  options: {
    cutoffMs: number;
    now: () => string;
    /** How long after the last walk through the whole window the next walk is one too; never when absent. */
    fullWalkEveryMs?: number;
    onProgress?: (progress: WalkProgress) => void;
    signal?: AbortSignal;
  },
): Promise<WalkResult> {
  const { profileId, resource, pageSize } = list;
  const start = state.get(profileId, resource);
  const walk = start.walk ?? start.settledWalk + 1;
  const first = start.settledWalk === 0;
  const fullWalkDue =
    options.fullWalkEveryMs !== undefined && (start.lastFullWalkAt === null || Date.parse(options.now()) - Date.parse(start.lastFullWalkAt) >= options.fullWalkEveryMs);
  const full = start.walk === null ? first || fullWalkDue : start.walkFull;
  if (start.walk === null) state.beginWalk(profileId, resource, walk, { full });
  const headIds = new Set(start.headIds);
  let page = start.walk === null ? 1 : start.nextPage;
  let fetched = start.walk === null ? 0 : start.walkFetched;
  let stored = 0;
  let pages = 0;

  const controller = new AbortController();
  const stop = () => controller.abort(options.signal?.reason);
  options.signal?.addEventListener('abort', stop, { once: true });
  const requested: { result: Promise<FetchedPage<T>>; arrived: boolean }[] = [];
  let lastRequested = page - 1;
  const request = (upTo: number) => {
    for (; lastRequested < upTo; lastRequested++) {
      const entry = { result: list.fetchPage(lastRequested + 1, pageSize, controller.signal), arrived: false };
      entry.result.then(() => (entry.arrived = true), () => {});
      requested.push(entry);
    }
  };

  // Pages are stored several to a transaction: each commit rewrites every index page the rows
  // touched, so one commit per page costs several times the fetch. The walk's position goes in the
  // same transaction as the rows it covers; a crash loses at most the uncommitted pages, which the
  // resumed walk fetches again (storing by id makes that harmless).
  let batch: { items: T[]; page: number; total: number | null; fetched: number; headIds?: string[] }[] = [];
  let batchRows = 0;
  let batchStartedAt = 0;
  const commit = (done: boolean) => {
    if (batch.length === 0 && !done) return;
    const pagesInBatch = batch;
    batch = [];
    batchRows = 0;
    state.transaction(() => {
      for (const { items, page: number, total, fetched: fetchedSoFar, headIds } of pagesInBatch) {
        stored += list.store(items, walk);
        state.advance(profileId, resource, { nextPage: number + 1, total, fetched: fetchedSoFar, ...(headIds ? { headIds } : {}) });
      }
      if (done) state.completeWalk(profileId, resource, options.now());
    });
  };

  try {
    request(page);
    for (;;) {
      let fetchedPage: FetchedPage<T>;
      try {
        fetchedPage = await requested.shift()!.result;
      } catch (error) {
        // A failure is not a crash: what was fetched before it is kept, and the next sync resumes after it.
        commit(false);
        throw error;
      }
      const { items, received, total } = fetchedPage;
      pages++;
      const ids = items.map((item) => item.id);
      const met = !full && (list.settledIds(ids, start.settledWalk).size > 0 || ids.some((id) => headIds.has(id)));
      const passedCutoff = items.some((item) => item.time !== null && item.time < options.cutoffMs);
      const ended = received < pageSize || (total !== null && page * pageSize >= total);
      const done = met || passedCutoff || ended;
      // The next pages are fetched while this one is stored, so the walk costs little more than
      // the fetches; a walk that goes on past page 1 is a long one, worth a few pages in flight.
      if (!done) request(Math.min(page + PAGES_IN_FLIGHT, total === null ? Infinity : Math.ceil(total / pageSize)));
      const keep = items.filter((item) => item.time === null || item.time >= options.cutoffMs);
      fetched += received;
      if (batch.length === 0) batchStartedAt = performance.now();
      batch.push({ items: keep, page, total, fetched, ...(page === 1 ? { headIds: ids } : {}) });
      batchRows += keep.length;
      // Also committed whenever the next page has not arrived: the store would only wait for it.
      const waiting = requested.length > 0 && !requested[0]!.arrived;
      if (done || waiting || batchRows >= ROWS_PER_COMMIT || performance.now() - batchStartedAt >= MS_PER_COMMIT) commit(done);
      options.onProgress?.({ fetched, total });
      if (done) return { walk, first, stored, pages };
      page++;
    }
  } finally {
    options.signal?.removeEventListener('abort', stop);
    controller.abort();
  }
}
