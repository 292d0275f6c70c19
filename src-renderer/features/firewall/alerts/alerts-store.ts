import { createStore } from 'zustand/vanilla';
import type { IpcError } from '../../../../src-preload/contract/define.ts';
import type { AlertFacets, AlertField, AlertFilter, AlertRow, AlertSort, AlertSortField } from '../../../../src-preload/contract/firewall.ts';
import type { OpsDeskApi } from '../../../../src-preload/contract/index.ts';

/** Rows fetched per call: a screenful and a half, so a scroll asks main once or twice. */
export const alertPageSize = 100;

export type CellFilter = NonNullable<AlertFilter['cells']>[number];

export interface AlertsState {
  profileId: string;
  filter: AlertFilter;
  sort: AlertSort;
  /** How many cached alerts match; null until the first answer. */
  total: number | null;
  /** Fetched rows by page number; after a new filter or sort, the previous query's rows until its first page replaces them. */
  pages: ReadonlyMap<number, readonly AlertRow[]>;
  error: IpcError | null;
  selectedIndex: number | null;
  /** The alert whose detail pane is open. */
  openAlertId: string | null;
  facets: AlertFacets | null;
}

export interface AlertsActions {
  /** First page and the facets; call again whenever the cache changed. */
  refresh(): Promise<void>;
  setFilter(change: Partial<AlertFilter>): void;
  /** "Filter in / filter out" from a cell; the same field and value again replaces the earlier one. */
  addCellFilter(field: AlertField, value: string, mode: CellFilter['mode']): void;
  removeCellFilter(index: number): void;
  clearFilters(): void;
  /** A column header's click: newest/largest first, then the other way. */
  sortBy(field: AlertSortField): void;
  /** Fetches the pages under rows `start` to `end` that are not here yet. */
  ensureRows(start: number, end: number): void;
  rowAt(index: number): AlertRow | undefined;
  select(index: number | null): void;
  openDetail(alertId: string): void;
  closeDetail(): void;
}

export type AlertsStore = ReturnType<typeof createAlertsStore>;

export const defaultAlertSort: AlertSort = { field: 'occurredAt', direction: 'desc' };

/**
 * One alerts table over main's cache: the filter and sort live here, rows are asked for a page at a
 * time as they scroll into view, and an answer counts only if it is for the current query.
 */
export function createAlertsStore(api: OpsDeskApi, profileId: string) {
  // Every change of filter or sort starts a new generation; pages of an older one are dropped.
  let generation = 0;
  const inFlight = new Set<number>();
  /** Pages answered for the current generation (the others on screen belong to the query before it). */
  const current = new Set<number>();

  return createStore<AlertsState & AlertsActions>()((set, get) => {
    const query = (page: number) => {
      const { filter, sort } = get();
      return api.firewall.alerts({ profileId, filter, sort, offset: page * alertPageSize, limit: alertPageSize });
    };

    /** `replacing`: the first page of a new filter or sort, which takes the place of every page shown so far. */
    const fetchPage = async (page: number, replacing = false) => {
      const forGeneration = generation;
      inFlight.add(page);
      const result = await query(page);
      if (forGeneration !== generation) return;
      inFlight.delete(page);
      if (!result.ok) return set({ error: result.error });
      current.add(page);
      set((state) => ({
        pages: new Map(replacing ? [...state.pages].filter(([number]) => current.has(number)) : state.pages).set(page, result.data.rows),
        total: result.data.total,
        error: null,
        selectedIndex: state.selectedIndex !== null && state.selectedIndex >= result.data.total ? null : state.selectedIndex,
      }));
    };

    // The rows on screen stay until the new first page replaces them: emptying the table first
    // would build and tear down a screenful of placeholders for one IPC round trip.
    const requery = () => {
      generation += 1;
      inFlight.clear();
      current.clear();
      set({ selectedIndex: null });
      void fetchPage(0, true);
    };

    const withFilter = (change: Partial<AlertFilter>) => {
      set((state) => ({ filter: withoutEmpty({ ...state.filter, ...change }) }));
      requery();
    };

    return {
      profileId,
      filter: {},
      sort: defaultAlertSort,
      total: null,
      pages: new Map(),
      error: null,
      selectedIndex: null,
      openAlertId: null,
      facets: null,

      async refresh() {
        // The cache changed under the same query: fetch the pages on screen again and swap them in
        // together, so the table does not flash empty.
        generation += 1;
        inFlight.clear();
        current.clear();
        const forGeneration = generation;
        const loaded = get().pages.size > 0 ? [...get().pages.keys()] : [0];
        const results = await Promise.all(loaded.map(query));
        // Asked only after the rows: main answers in order, and the pickers' values must not hold up the first paint.
        void api.firewall.alertFacets({ profileId }).then((facets) => facets.ok && set({ facets: facets.data }));
        if (forGeneration !== generation) return;
        const failed = results.find((result) => !result.ok);
        if (failed && !failed.ok) return set({ error: failed.error });
        const pages = new Map<number, readonly AlertRow[]>();
        let total = 0;
        results.forEach((result, index) => {
          if (!result.ok) return;
          pages.set(loaded[index]!, result.data.rows);
          current.add(loaded[index]!);
          total = result.data.total;
        });
        set((state) => {
          // New alerts push the selected one down the list: the selection follows it, not its position.
          const selectedId = state.selectedIndex === null ? undefined : rowIn(state.pages, state.selectedIndex)?.id;
          const selectedIndex = indexIn(pages, selectedId) ?? state.selectedIndex;
          return { pages, total, error: null, selectedIndex: selectedIndex !== null && selectedIndex >= total ? null : selectedIndex };
        });
      },

      setFilter: withFilter,

      addCellFilter(field, value, mode) {
        const others = (get().filter.cells ?? []).filter((cell) => !(cell.field === field && cell.value === value));
        withFilter({ cells: [...others, { field, value, mode }] });
      },

      removeCellFilter(index) {
        withFilter({ cells: (get().filter.cells ?? []).filter((_, position) => position !== index) });
      },

      clearFilters() {
        set({ filter: {} });
        requery();
      },

      sortBy(field) {
        const { sort } = get();
        set({ sort: { field, direction: sort.field === field && sort.direction === 'desc' ? 'asc' : 'desc' } });
        requery();
      },

      ensureRows(start, end) {
        const { pages } = get();
        for (let page = Math.floor(start / alertPageSize); page * alertPageSize < end; page += 1) {
          if (!pages.has(page) && !inFlight.has(page)) void fetchPage(page);
        }
      },

      rowAt(index) {
        return rowIn(get().pages, index);
      },

      select(selectedIndex) {
        set({ selectedIndex });
      },

      openDetail(openAlertId) {
        set({ openAlertId });
      },

      closeDetail() {
        set({ openAlertId: null });
      },
    };
  });
}

function rowIn(pages: ReadonlyMap<number, readonly AlertRow[]>, index: number): AlertRow | undefined {
  return pages.get(Math.floor(index / alertPageSize))?.[index % alertPageSize];
}

function indexIn(pages: ReadonlyMap<number, readonly AlertRow[]>, id: string | undefined): number | null {
  if (id === undefined) return null;
  for (const [page, rows] of pages) {
    const at = rows.findIndex((row) => row.id === id);
    if (at >= 0) return page * alertPageSize + at;
  }
  return null;
}

/** An empty text box or an emptied list means "no condition", not "match the empty string". */
function withoutEmpty(filter: AlertFilter): AlertFilter {
  return Object.fromEntries(
    Object.entries(filter).filter(([, value]) => value !== undefined && value !== '' && !(Array.isArray(value) && value.length === 0)),
  ) as AlertFilter;
}
