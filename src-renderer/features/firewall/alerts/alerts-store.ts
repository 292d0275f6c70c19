import { createStore } from 'zustand/vanilla';
import type { AlertFacets, AlertField, AlertFilter, AlertRow, AlertSort, AlertSortField } from '../../../../src-shared/contract/firewall.ts';
import type { IpcResult } from '../../../../src-shared/contract/define.ts';
import type { CachedPage } from '../../../../src-shared/contract/pages.ts';
import type { AlertView } from '../../../../src-shared/contract/views.ts';
import { pagedCacheSlice, type PagedCacheState, type ReadPage } from '../../../ui/paged-cache.ts';
import { noChecks, type CheckableRows, type RowChecks } from '../../../ui/row-checks.ts';
import type { MAX_WORK_ITEM_ALERTS } from '../../../../src-shared/contract/address.ts';

export { cachePageSize as alertPageSize } from '../../../ui/paged-cache.ts';

export type CellFilter = NonNullable<AlertFilter['cells']>[number];

export interface AlertQuery {
  filter: AlertFilter;
  sort: AlertSort;
}

export interface AlertsState extends PagedCacheState<AlertRow, AlertQuery, CachedPage<AlertRow>> {
  profileId: string;
  /** The alert whose detail pane is open. */
  openAlertId: string | null;
  facets: AlertFacets | null;
  /** The page engine's refresh, and the pickers' values after it; the first brings back the filter and sort the analyst left. */
  refresh(): Promise<void>;
  /** A whole filter at once: a saved one, or "new since I last looked". */
  applyFilter(filter: AlertFilter): void;
  setFilter(change: Partial<AlertFilter>): void;
  /** "Filter in / filter out" from a cell; the same field and value again replaces the earlier one. */
  addCellFilter(field: AlertField, value: string, mode: CellFilter['mode']): void;
  removeCellFilter(index: number): void;
  clearFilters(): void;
  /** A column header's click: newest/largest first, then the other way. */
  sortBy(field: AlertSortField): void;
  openDetail(alertId: string): void;
  closeDetail(): void;
  /** The alerts checked for a bulk action; a new filter or sort clears them. */
  checks: RowChecks;
  check(change: (checks: RowChecks, rows: CheckableRows) => RowChecks): void;
}

/** What the table asks of main for its appliance (alerts-data.ts binds them). */
export interface AlertTableCalls {
  page: ReadPage<AlertQuery, CachedPage<AlertRow>>;
  /** The pickers' values. */
  facets(): Promise<IpcResult<AlertFacets>>;
  /** The query main kept for the table, with the rest of its alerts view. */
  keptQuery(): Promise<IpcResult<AlertView>>;
  keepQuery(query: AlertQuery): Promise<IpcResult<null>>;
}

export type AlertsStore = ReturnType<typeof createAlertsStore>;

/** As many alerts as one checked set holds (what a work item takes; more go by "all matching"); the contract's figure, checked by the compiler. */
export const ALERT_CHECK_LIMIT: typeof MAX_WORK_ITEM_ALERTS = 1000;

export const defaultAlertSort: AlertSort = { field: 'occurredAt', direction: 'desc' };

/** A filter typed a letter at a time is kept once the typing pauses. */
const KEEP_AFTER_MS = 500;

/**
 * One alerts table over main's cache: the filter and sort are its query, rows come a page at a time.
 * Main keeps the query, so the table opens again as the analyst left it, after a restart too.
 */
export function createAlertsStore(calls: AlertTableCalls, profileId: string) {
  const pages = pagedCacheSlice<AlertRow, AlertQuery, CachedPage<AlertRow>, AlertsState>(calls.page, { filter: {}, sort: defaultAlertSort });

  let restoring: Promise<void> | null = null;
  // A kept filter is read once. The first page is asked for at the same time: main answers in
  // order, so a kept query other than the default replaces it before its rows arrive, and they are
  // dropped as an earlier query's; the table never shows the unfiltered rows first.
  function restore(): Promise<void> {
    return (restoring ??= calls.keptQuery().then((kept) => {
      if (!kept.ok || chosen) return;
      const query = { filter: kept.data.filter, sort: kept.data.sort };
      if (JSON.stringify(query) === JSON.stringify(alerts.getState().query)) return;
      alerts.getState().setQuery(() => query);
      chosen = false;
    }));
  }
  /** The analyst chose a query before the kept one came back (a saved filter run from the palette): theirs stands. */
  let chosen = false;
  let keeping: ReturnType<typeof setTimeout> | undefined;

  const alerts = createStore<AlertsState>()((set, get, store) => {
    const engine = pages(set, get, store);
    const withFilter = (change: (filter: AlertFilter) => AlertFilter) => engine.setQuery((query) => ({ ...query, filter: withoutEmpty(change(query.filter)) }));

    return {
      ...engine,
      profileId,
      openAlertId: null,
      facets: null,

      async refresh() {
        await Promise.all([restore(), engine.refresh()]);
        // Asked only after the rows: main answers in order, and the pickers' values must not hold up the first paint.
        const facets = await calls.facets();
        if (facets.ok) set({ facets: facets.data });
      },

      setFilter: (change) => withFilter((filter) => ({ ...filter, ...change })),

      addCellFilter(field, value, mode) {
        withFilter((filter) => ({ ...filter, cells: [...(filter.cells ?? []).filter((cell) => !(cell.field === field && cell.value === value)), { field, value, mode }] }));
      },

      removeCellFilter(index) {
        withFilter((filter) => ({ ...filter, cells: (filter.cells ?? []).filter((_, position) => position !== index) }));
      },

      clearFilters: () => withFilter(() => ({})),

      applyFilter: (filter) => withFilter(() => filter),

      sortBy(field) {
        engine.setQuery(({ filter, sort }) => ({ filter, sort: { field, direction: sort.field === field && sort.direction === 'desc' ? 'asc' : 'desc' } }));
      },

      openDetail: (openAlertId) => set({ openAlertId }),
      closeDetail: () => set({ openAlertId: null }),

      checks: noChecks,
      check(change) {
        const rows: CheckableRows = {
          idAt: (index) => get().rowAt(index)?.id,
          loadedIds: () => [...get().pages].sort(([a], [b]) => a - b).flatMap(([, page]) => page.map((row) => row.id)),
          limit: ALERT_CHECK_LIMIT,
        };
        set((state) => ({ checks: change(state.checks, rows) }));
      },
    };
  });

  // Asked as the store is made, while the window still draws the table (P4).
  void restore();

  alerts.subscribe((state, before) => {
    if (state.query === before.query) return;
    if (state.checks !== noChecks) alerts.setState({ checks: noChecks });
    chosen = true;
    clearTimeout(keeping);
    keeping = setTimeout(() => void calls.keepQuery(alerts.getState().query), KEEP_AFTER_MS);
  });
  return alerts;
}

/** An empty text box or an emptied list means "no condition", not "match the empty string". */
function withoutEmpty(filter: AlertFilter): AlertFilter {
  return Object.fromEntries(
    Object.entries(filter).filter(([, value]) => value !== undefined && value !== '' && !(Array.isArray(value) && value.length === 0)),
  ) as AlertFilter;
}
