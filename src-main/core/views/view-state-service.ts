// The window's own state that outlives a restart, kept as small documents in the settings table:
// each table's columns (order, hidden, widths, detail width), the rows' density, and per appliance
// the alerts view's filter and sort, its named filters and when the analyst last looked.
import { z } from 'zod';
import { alertFilterSchema, alertSortSchema, type AlertFilter, type AlertSort } from '../../../src-preload/contract/firewall.ts';
import {
  densities,
  savedAlertFilterSchema,
  tableLayoutSchema,
  type AlertView,
  type Density,
  type SavedAlertFilter,
  type TableLayout,
  type TableLayouts,
} from '../../../src-preload/contract/views.ts';
import type { SettingsTable } from '../db/settings.ts';
import type { Clock } from '../lifecycle/clock.ts';

const LAYOUTS_KEY = 'tableLayouts';
const alertViewKey = (profileId: string) => `alertView:${profileId}`;
/** More named filters than a menu shows at a glance are a sign of a list nobody reads. */
const MOST_SAVED_FILTERS = 50;

const storedLayouts = z.object({ density: z.enum(densities).catch('comfortable'), tables: z.record(z.string(), tableLayoutSchema.nullable().catch(null)).catch({}) });
const storedAlertView = z.object({
  filter: alertFilterSchema.catch({}),
  sort: alertSortSchema.catch({ field: 'occurredAt', direction: 'desc' }),
  lastLookedAt: z.string().nullable().catch(null),
  saved: z.array(savedAlertFilterSchema.nullable().catch(null)).catch([]),
});

export class ViewStateService {
  readonly #settings: SettingsTable;
  readonly #clock: Clock;

  constructor(settings: SettingsTable, clock: Clock) {
    this.#settings = settings;
    this.#clock = clock;
  }

  /** Tolerant of an older or damaged save: what does not parse is forgotten, not the rest. */
  tableLayouts(): TableLayouts {
    const saved = storedLayouts.safeParse(this.#settings.read(LAYOUTS_KEY) ?? {});
    if (!saved.success) return { density: 'comfortable', tables: {} };
    const tables = Object.fromEntries(Object.entries(saved.data.tables).filter((entry): entry is [string, TableLayout] => entry[1] !== null));
    return { density: saved.data.density, tables };
  }

  saveTableLayout({ tableId, layout }: { tableId: string; layout: TableLayout }): null {
    const layouts = this.tableLayouts();
    this.#settings.write(LAYOUTS_KEY, { ...layouts, tables: { ...layouts.tables, [tableId]: layout } });
    return null;
  }

  setDensity({ density }: { density: Density }): null {
    this.#settings.write(LAYOUTS_KEY, { ...this.tableLayouts(), density });
    return null;
  }

  alertView({ profileId }: { profileId: string }): AlertView {
    const saved = storedAlertView.safeParse(this.#settings.read(alertViewKey(profileId)) ?? {});
    if (!saved.success) return { filter: {}, sort: { field: 'occurredAt', direction: 'desc' }, lastLookedAt: null, saved: [] };
    return { ...saved.data, saved: saved.data.saved.filter((entry): entry is SavedAlertFilter => entry !== null) };
  }

  keepAlertView({ profileId, filter, sort }: { profileId: string; filter: AlertFilter; sort: AlertSort }): null {
    this.#changeAlertView(profileId, (view) => ({ ...view, filter, sort }));
    return null;
  }

  markAlertsLooked({ profileId }: { profileId: string }): null {
    this.#changeAlertView(profileId, (view) => ({ ...view, lastLookedAt: new Date(this.#clock.now()).toISOString() }));
    return null;
  }

  saveAlertFilter({ profileId, saved }: { profileId: string; saved: SavedAlertFilter }): SavedAlertFilter[] {
    return this.#changeAlertView(profileId, (view) => ({
      ...view,
      saved: [...view.saved.filter((entry) => entry.name !== saved.name), saved].slice(-MOST_SAVED_FILTERS),
    })).saved;
  }

  deleteAlertFilter({ profileId, name }: { profileId: string; name: string }): SavedAlertFilter[] {
    return this.#changeAlertView(profileId, (view) => ({ ...view, saved: view.saved.filter((entry) => entry.name !== name) })).saved;
  }

  #changeAlertView(profileId: string, change: (view: AlertView) => AlertView): AlertView {
    const view = change(this.alertView({ profileId }));
    this.#settings.write(alertViewKey(profileId), view);
    return view;
  }
}
