import { createStore } from 'zustand/vanilla';
import type { IpcError, IpcResult } from '../../../../src-preload/contract/define.ts';
import type { CachedPage } from '../../../../src-preload/contract/pages.ts';

/** Rows fetched per call: a screenful and a half, so a scroll asks main once or twice. */
export const cachePageSize = 100;

export interface PagedCacheState<Row, Query> {
  query: Query;
  /** How many cached records match; null until the first answer. */
  total: number | null;
  /** When main last filled this cache from the server; null: never. */
  syncedAt: string | null;
  /** Fetched rows by page number, for the current query only. */
  pages: ReadonlyMap<number, readonly Row[]>;
  error: IpcError | null;
  selectedIndex: number | null;
}

export interface PagedCacheActions<Row, Query> {
  /** The pages on screen again, swapped in together; call whenever main says the cache changed. */
  refresh(): Promise<void>;
  /** A new filter: starts over from the first page. */
  setQuery(change: Partial<Query>): void;
  /** Fetches the pages under rows `start` to `end` that are not here yet. */
  ensureRows(start: number, end: number): void;
  rowAt(index: number): Row | undefined;
  select(index: number | null): void;
}

type ReadPage<Row, Query> = (query: Query, window: { offset: number; limit: number }) => Promise<IpcResult<CachedPage<Row>>>;

/**
 * One list over a cache in main (tickets, contacts, work items): the query lives here, rows are
 * asked for a page at a time as they scroll into view, and an answer counts only if it is for the
 * current query.
 */
export function createPagedCacheStore<Row, Query>(read: ReadPage<Row, Query>, initialQuery: Query) {
  // Every change of query starts a new generation; pages of an older one are dropped.
  let generation = 0;
  const inFlight = new Set<number>();

  return createStore<PagedCacheState<Row, Query> & PagedCacheActions<Row, Query>>()((set, get) => {
    const readPage = (page: number) => read(get().query, { offset: page * cachePageSize, limit: cachePageSize });
    const keepSelection = (selectedIndex: number | null, total: number) => (selectedIndex !== null && selectedIndex >= total ? null : selectedIndex);

    const fetchPage = async (page: number, replacing = false) => {
      const forGeneration = generation;
      inFlight.add(page);
      const result = await readPage(page);
      if (forGeneration !== generation) return;
      inFlight.delete(page);
      if (!result.ok) return set({ error: result.error });
      set((state) => ({
        pages: (replacing ? new Map<number, readonly Row[]>() : new Map(state.pages)).set(page, result.data.rows),
        total: result.data.total,
        syncedAt: result.data.syncedAt,
        error: null,
        selectedIndex: keepSelection(state.selectedIndex, result.data.total),
      }));
    };

    return {
      query: initialQuery,
      total: null,
      syncedAt: null,
      pages: new Map(),
      error: null,
      selectedIndex: null,

      async refresh() {
        generation += 1;
        inFlight.clear();
        const forGeneration = generation;
        const loaded = get().pages.size > 0 ? [...get().pages.keys()] : [0];
        const results = await Promise.all(loaded.map(readPage));
        if (forGeneration !== generation) return;
        const failed = results.find((result) => !result.ok);
        if (failed && !failed.ok) return set({ error: failed.error });
        const pages = new Map<number, readonly Row[]>();
        let total = 0;
        let syncedAt: string | null = null;
        results.forEach((result, index) => {
          if (!result.ok) return;
          pages.set(loaded[index]!, result.data.rows);
          total = result.data.total;
          syncedAt = result.data.syncedAt;
        });
        set((state) => ({ pages, total, syncedAt, error: null, selectedIndex: keepSelection(state.selectedIndex, total) }));
      },

      setQuery(change) {
        generation += 1;
        inFlight.clear();
        // The rows on screen stay until the new query's first page replaces them: no empty flash between.
        set((state) => ({ query: { ...state.query, ...change }, selectedIndex: null }));
        void fetchPage(0, true);
      },

      ensureRows(start, end) {
        const { pages } = get();
        for (let page = Math.floor(start / cachePageSize); page * cachePageSize < end; page += 1) {
          if (!pages.has(page) && !inFlight.has(page)) void fetchPage(page);
        }
      },

      rowAt(index) {
        return get().pages.get(Math.floor(index / cachePageSize))?.[index % cachePageSize];
      },

      select(selectedIndex) {
        set({ selectedIndex });
      },
    };
  });
}
