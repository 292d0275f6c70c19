// The three shapes a list comes to the window in, whichever back end it is from.

/** A page of a list main keeps in its cache (alerts, tickets, contacts, work items), for a virtualised list; never touches the network. */
export interface CachedPage<T> {
  rows: T[];
  /** How many cached records match. */
  total: number;
  /** At least `total` match, maybe more: a text search over a large cache stops counting a little past the rows asked for. */
  totalAtLeast?: true;
  offset: number;
  /** When the cache was last refreshed from the back end (ISO); null: never. */
  syncedAt: string | null;
}

/** One page of a list as the back end numbered it (the appliance's policies, devices, reports…); `refused` counts items without a usable id. */
export interface RemotePage<T> {
  items: T[];
  page: number;
  pageSize: number;
  total: number;
  refused: number;
}

/** A back end's list read page by page with a cursor (FAQ, chat logs). */
export interface CursorPage<T> {
  items: T[];
  /** Pass back to get the next page; null: no more. */
  nextCursor: string | null;
}
