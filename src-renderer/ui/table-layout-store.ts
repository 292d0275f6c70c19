import { create } from 'zustand';
import type { Density, TableLayout } from '../../src-shared/contract/views.ts';
import { saveDensity, saveTableLayout, savedTableLayouts } from '../data/window-settings.ts';

export interface TableLayoutStore {
  loaded: boolean;
  density: Density;
  /** Each table's layout by its id; a table not here shows its columns as its owner declares them. */
  tables: Readonly<Record<string, TableLayout>>;
  /** Reads what main kept; once per window, the tables show their defaults until it answers. */
  load(): Promise<void>;
  change(tableId: string, change: (layout: TableLayout) => TableLayout): void;
  reset(tableId: string): void;
  setDensity(density: Density): void;
}

export const emptyLayout: TableLayout = { order: [], hidden: [], widths: {} };

let loading: Promise<void> | null = null;
/** A density chosen before main's answer came is newer than the one main kept. */
let densityChosen = false;

/** Every table's columns and the rows' density, as the analyst left them, kept by main across restarts. */
export const useTableLayoutStore = create<TableLayoutStore>()((set, get) => {
  const save = (tableId: string) => saveTableLayout(tableId, get().tables[tableId] ?? emptyLayout);
  return {
    loaded: false,
    density: 'comfortable',
    tables: {},

    load() {
      loading ??= savedTableLayouts().then((answer) => {
        // A change made before the answer came is newer than what main kept.
        if (answer.ok) set((state) => ({ loaded: true, density: densityChosen ? state.density : answer.data.density, tables: { ...answer.data.tables, ...state.tables } }));
        else set({ loaded: true });
      });
      return loading;
    },

    change(tableId, change) {
      set((state) => ({ tables: { ...state.tables, [tableId]: change(state.tables[tableId] ?? emptyLayout) } }));
      save(tableId);
    },

    reset(tableId) {
      set((state) => ({ tables: { ...state.tables, [tableId]: emptyLayout } }));
      save(tableId);
    },

    setDensity(density) {
      densityChosen = true;
      set({ density });
      void saveDensity(density);
    },
  };
});
