import { useCallback, useEffect, useMemo, useState } from 'react';
import { create } from 'zustand';
import type { ViewFilter } from '../../src-shared/contract/views.ts';
import { keepViewFilter, keptViewFilters } from '../data/window-settings.ts';
import { keptOver, type AllowedValues, type FlatFilter } from './kept-filter.ts';

export interface ViewFiltersStore {
  /** Per connection, then per view (`support.inbox`, `firewall.logs`): its filters as last left. */
  byProfile: Readonly<Record<string, Readonly<Record<string, ViewFilter>>>>;
  /** Reads what main kept for a connection; once per run. */
  load(profileId: string): void;
  keep(profileId: string, viewId: string, filter: ViewFilter): void;
}

const loading = new Set<string>();

/** Every view's filters, per connection, while OpsDesk runs and (through main) across restarts. */
export const useViewFilters = create<ViewFiltersStore>()((set) => ({
  byProfile: {},

  load(profileId) {
    if (loading.has(profileId)) return;
    loading.add(profileId);
    void keptViewFilters(profileId).then((answer) => {
      if (!answer.ok) return;
      // A filter changed before the answer came is newer than the one main kept.
      set((state) => ({ byProfile: { ...state.byProfile, [profileId]: { ...answer.data, ...state.byProfile[profileId] } } }));
    });
  },

  keep(profileId, viewId, filter) {
    set((state) => ({ byProfile: { ...state.byProfile, [profileId]: { ...state.byProfile[profileId], [viewId]: filter } } }));
    keepViewFilter(profileId, viewId, filter);
  },
}));

/**
 * A view's filters, kept per connection and view: the same when the analyst comes back to the
 * section, and after a restart. Until main's answer comes the view shows its defaults.
 */
export function useKeptFilter<Filter extends FlatFilter<Filter>>(profileId: string, viewId: string, initial: Filter, allowed?: AllowedValues<Filter>) {
  // The defaults and words are the view's constants: the first ones given stand.
  const [defaults] = useState(() => ({ initial, allowed }));
  const kept = useViewFilters((state) => state.byProfile[profileId]?.[viewId]);
  const load = useViewFilters((state) => state.load);
  const keep = useViewFilters((state) => state.keep);
  useEffect(() => load(profileId), [load, profileId]);
  const filter = useMemo(() => keptOver(defaults.initial, kept, defaults.allowed), [defaults, kept]);
  /** Keeps the change and answers the whole filter it makes. */
  const change = useCallback(
    (part: Partial<Filter>): Filter => {
      // Two changes in one event both count: each starts from what the store holds now.
      const current = keptOver(defaults.initial, useViewFilters.getState().byProfile[profileId]?.[viewId], defaults.allowed);
      const next = { ...current, ...part };
      keep(profileId, viewId, next as ViewFilter);
      return next;
    },
    [defaults, keep, profileId, viewId],
  );
  return [filter, change] as const;
}
