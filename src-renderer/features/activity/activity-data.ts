// What the activity views read from main, through the window's query layer.
import { useState } from 'react';
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import type { ActivityEntry, ActivityFilter, ActivitySettings, ActivityTargetFilter } from '../../../src-shared/contract/activity.ts';
import type { CachedPage } from '../../../src-shared/contract/pages.ts';
import { opsdesk } from '../../data/bridge.ts';
import { useCacheFollower, useIpcMutation, useIpcQuery, useQueryClient } from '../../data/ipc-query.ts';
import { activityKeys } from '../../data/query-keys.ts';
import { pagedCacheSlice, type PagedCacheState } from '../../ui/paged-cache.ts';

/** The entries an item's own history shows, newest first. */
const HISTORY_LIMIT = 50;

/** The log, filtered, paged as it scrolls; read again whenever main says it changed. */
export function useActivityLog(initialFilter: ActivityFilter) {
  const [store] = useState(() =>
    createStore<PagedCacheState<ActivityEntry, ActivityFilter, CachedPage<ActivityEntry>>>()(
      pagedCacheSlice((filter, window) => opsdesk.activity.list({ filter, ...window }), initialFilter),
    ),
  );
  const total = useStore(store, (state) => state.total);
  const error = useStore(store, (state) => state.error);
  const filter = useStore(store, (state) => state.query);
  const selectedIndex = useStore(store, (state) => state.selectedIndex);
  // Subscribing to the pages re-renders the table when a page arrives; rowAt reads them.
  useStore(store, (state) => state.pages);
  const { refresh, ensureRows, rowAt, select, setQuery } = store.getState();
  useCacheFollower(activityKeys.list(), refresh);
  return { total, error, filter, selectedIndex, ensureRows, rowAt, select, setFilter: (change: Partial<ActivityFilter>) => setQuery((current) => withoutEmpty({ ...current, ...change })) };
}

/** A filter without the fields a control cleared, so main is not asked for "any of none". */
function withoutEmpty(filter: ActivityFilter): ActivityFilter {
  return Object.fromEntries(Object.entries(filter).filter(([, value]) => value !== undefined && value !== '' && !(Array.isArray(value) && value.length === 0))) as ActivityFilter;
}

/** One item's own entries (a ticket, a block, an address). */
export function useItemHistory(target: ActivityTargetFilter) {
  return useIpcQuery(activityKeys.history(target), () => opsdesk.activity.list({ filter: { target }, limit: HISTORY_LIMIT }));
}

export function useActivityActions() {
  return useIpcQuery(activityKeys.actions(), () => opsdesk.activity.actions());
}

export function useExportActivity() {
  return useIpcMutation((filter: ActivityFilter) => opsdesk.activity.exportCsv({ filter }));
}

export function useActivitySettings() {
  return useIpcQuery(activityKeys.settings(), () => opsdesk.activity.settings());
}

export function useSaveActivitySettings() {
  const client = useQueryClient();
  return useIpcMutation((settings: ActivitySettings) => opsdesk.activity.saveSettings(settings), {
    onSuccess: (saved) => client.setQueryData(activityKeys.settings(), saved),
  });
}
