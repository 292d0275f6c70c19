// Refreshing a cache from a support list (newest first, `limit` and an opaque `cursor`,
// docs/api-assumptions.md). A walk goes on while pages hold something new or changed; a full walk
// reads every page, since a change to an old record (a new message on an old ticket) does not move
// it up a list ordered by creation. Each page is asked at the `limit` the server honours.
import type { SyncBudget } from '../sync/sync-budget.ts';
import { SUPPORT_PAGE_SIZE, type SupportPageSizes } from './page-sizes.ts';
import type { RateOf } from './support-clients.ts';
import type { ReadPage } from './support-wire.ts';

export interface CursorWalk<T> {
  profileId: string;
  /** The list's path, whose `limit` bound is the server's. */
  path: string;
  fetchPage(cursor: string | undefined, limit: number, signal: AbortSignal | undefined): Promise<ReadPage<T>>;
  /** Stores a page's records; answers whether any was new or changed. */
  store(items: T[]): boolean;
  /** Read every page, not only until one holds nothing new. */
  full: boolean;
}

/** What every walk of a support list shares: the rate share of background work and the page sizes learned. */
export interface CursorWalking {
  budget: SyncBudget;
  rateOf: RateOf;
  pageSizes: SupportPageSizes;
}

export async function walkCursor<T>(
  walk: CursorWalk<T>,
  { budget, rateOf, pageSizes }: CursorWalking,
  options: { onProgress?: (progress: { fetched: number; total: null }) => void; signal?: AbortSignal } = {},
): Promise<{ fetched: number; pages: number }> {
  let cursor: string | undefined;
  let fetched = 0;
  let pages = 0;
  for (;;) {
    const asked = cursor;
    const page = await pageSizes.page(walk.profileId, walk.path, SUPPORT_PAGE_SIZE, (limit) =>
      budget.spend(walk.profileId, rateOf(walk.profileId), () => walk.fetchPage(asked, limit, options.signal), options.signal),
    );
    pages++;
    fetched += page.received;
    const changed = walk.store(page.items);
    options.onProgress?.({ fetched, total: null });
    // A server that repeats the cursor it was given would keep the walk going for ever.
    if (page.nextCursor === null || page.nextCursor === asked || (!walk.full && !changed)) return { fetched, pages };
    cursor = page.nextCursor;
  }
}
