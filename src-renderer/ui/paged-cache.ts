import type { StateCreator } from 'zustand';
import type { IpcError, IpcResult } from '../../src-shared/contract/define.ts';
import type { CachedPage } from '../../src-shared/contract/pages.ts';

/**
 * Rows fetched per call: a tall screen's worth. Every new filter or search waits for its first
 * page to cross IPC, so a smaller page answers sooner; a scroll asks for the next one.
 */
export const cachePageSize = 50;

export interface PagedCacheState<Row, Query, Page extends CachedPage<Row>> {
  query: Query;
  /** How many cached records match; null until the first answer. */
  total: number | null;
  /** The newest answer without its rows (e.g. when main last synced); null until the first. */
  answered: Omit<Page, 'rows'> | null;
  /** Fetched rows by page number; after a new query, the previous query's rows until its first page replaces them. */
  pages: ReadonlyMap<number, readonly Row[]>;
  error: IpcError | null;
  selectedIndex: number | null;
  /** The pages on screen again, swapped in together; the selection follows its row. Call whenever main says the cache changed. */
  refresh(): Promise<void>;
  /** A new query: starts over from the first page. */
  setQuery(change: (query: Query) => Query): void;
  /** Fetches the pages under rows `start` to `end` that are not here yet. */
  ensureRows(start: number, end: number): void;
  rowAt(index: number): Row | undefined;
  select(index: number | null): void;
}

export type ReadPage<Query, Page> = (query: Query, window: { offset: number; limit: number }) => Promise<IpcResult<Page>>;

/**
 * The one engine of every list over a cache in main (alerts, tickets, contacts, work items), as a
 * zustand slice a feature's store spreads into its own: rows are asked for a page at a time as they
 * scroll into view, and an answer counts only if it is for the current query.
 */
export function pagedCacheSlice<Row extends { id: string }, Query, Page extends CachedPage<Row>, Store extends PagedCacheState<Row, Query, Page>>(
  read: ReadPage<Query, Page>,
  initialQuery: Query,
): StateCreator<Store, [], [], PagedCacheState<Row, Query, Page>> {
  // Every change of query, and every refresh, starts a new generation; answers of an older one are dropped.
  let generation = 0;
  const inFlight = new Set<number>();
  /** Pages answered for the current generation (the others on screen belong to the query before it). */
  const current = new Set<number>();

  return (setStore, get) => {
    // The slice sets only its own fields of the store it is spread into.
    type Own = Partial<PagedCacheState<Row, Query, Page>>;
    const set = (change: Own | ((state: Store) => Own)) => setStore(change as Partial<Store> | ((state: Store) => Partial<Store>));
    const readPage = (page: number) => read(get().query, { offset: page * cachePageSize, limit: cachePageSize });
    const keepSelection = (selectedIndex: number | null, total: number) => (selectedIndex !== null && selectedIndex >= total ? null : selectedIndex);
    const withoutRows = ({ rows: _rows, ...answered }: Page): Omit<Page, 'rows'> => answered;

    /** `replacing`: the first page of a new query, which takes the place of every page shown so far. */
    const fetchPage = async (page: number, replacing = false) => {
      const forGeneration = generation;
      inFlight.add(page);
      const result = await readPage(page);
      if (forGeneration !== generation) return;
      inFlight.delete(page);
      if (!result.ok) return set({ error: result.error });
      current.add(page);
      set((state) => ({
        pages: new Map(replacing ? [...state.pages].filter(([number]) => current.has(number)) : state.pages).set(page, result.data.rows),
        // A page further down counted further: an earlier page answering after it does not shorten the list.
        total: result.data.totalAtLeast && !replacing ? Math.max(state.total ?? 0, result.data.total) : result.data.total,
        answered: withoutRows(result.data),
        error: null,
        selectedIndex: keepSelection(state.selectedIndex, result.data.total),
      }));
    };

    const newGeneration = () => {
      generation += 1;
      inFlight.clear();
      current.clear();
    };

    return {
      query: initialQuery,
      total: null,
      answered: null,
      pages: new Map(),
      error: null,
      selectedIndex: null,

      async refresh() {
        newGeneration();
        const forGeneration = generation;
        const loaded = get().pages.size > 0 ? [...get().pages.keys()] : [0];
        const results = await Promise.all(loaded.map(readPage));
        if (forGeneration !== generation) return;
        const failed = results.find((result) => !result.ok);
        if (failed && !failed.ok) return set({ error: failed.error });
        const pages = new Map<number, readonly Row[]>();
        let last: Page | null = null;
        results.forEach((result, index) => {
          if (!result.ok) return;
          pages.set(loaded[index]!, result.data.rows);
          current.add(loaded[index]!);
          last = result.data;
        });
        const answered = last as Page | null;
        const total = answered?.total ?? 0;
        set((state) => {
          // New records push the selected one down the list: the selection follows it, not its position.
          const selectedId = state.selectedIndex === null ? undefined : rowIn(state.pages, state.selectedIndex)?.id;
          const selectedIndex = indexIn(pages, selectedId) ?? state.selectedIndex;
          return { pages, total, answered: answered && withoutRows(answered), error: null, selectedIndex: keepSelection(selectedIndex, total) };
        });
      },

      // The rows on screen stay until the new first page replaces them: emptying the list first
      // would build and tear down a screenful of placeholders for one IPC round trip.
      setQuery(change) {
        newGeneration();
        set((state) => ({ query: change(state.query), selectedIndex: null }));
        void fetchPage(0, true);
      },

      ensureRows(start, end) {
        const { pages } = get();
        for (let page = Math.floor(start / cachePageSize); page * cachePageSize < end; page += 1) {
          if (!pages.has(page) && !inFlight.has(page)) void fetchPage(page);
        }
      },

      rowAt(index) {
        return rowIn(get().pages, index);
      },

      select(selectedIndex) {
        set({ selectedIndex });
      },
    };
  };
}

function rowIn<Row>(pages: ReadonlyMap<number, readonly Row[]>, index: number): Row | undefined {
  return pages.get(Math.floor(index / cachePageSize))?.[index % cachePageSize];
}

function indexIn<Row extends { id: string }>(pages: ReadonlyMap<number, readonly Row[]>, id: string | undefined): number | null {
  if (id === undefined) return null;
  for (const [page, rows] of pages) {
    const at = rows.findIndex((row) => row.id === id);
    if (at >= 0) return page * cachePageSize + at;
  }
  return null;
}
