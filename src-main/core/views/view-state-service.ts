// The window's own state that outlives a restart, kept as small documents in the settings table:
// each table's columns (order, hidden, widths, detail width, the columns kept beside the detail),
// the rows' density; per appliance the alerts view's filter and sort, its named filters and when the
// analyst last looked; per connection the other views' filters. A connection's go with it.
import { z } from 'zod';
import { alertFilterSchema, alertSortSchema, type AlertFilter, type AlertSort } from '../../../src-shared/contract/firewall.ts';
import {
  densities,
  savedAlertFilterSchema,
  tableLayoutSchema,
  viewFilterSchema,
  type AlertView,
  type Density,
  type SavedAlertFilter,
  type TableLayout,
  type TableLayouts,
  type ViewFilter,
} from '../../../src-shared/contract/views.ts';
import type { SettingsTable } from '../db/settings.ts';
import type { Clock } from '../lifecycle/clock.ts';

const LAYOUTS_KEY = 'tableLayouts';
const alertViewKey = (profileId: string) => `alertView:${profileId}`;
const viewFiltersKey = (profileId: string) => `viewFilters:${profileId}`;
/** More named filters than a menu shows at a glance are a sign of a list nobody reads. */
const MOST_SAVED_FILTERS = 50;
/** Far more views than OpsDesk has: a window asking to keep more is not one of ours. */
const MOST_VIEW_FILTERS = 50;

const storedLayouts = z.object({ density: z.enum(densities).catch('comfortable'), tables: z.record(z.string(), tableLayoutSchema.nullable().catch(null)).catch({}) });
const storedViewFilters = z.record(z.string(), viewFilterSchema.nullable().catch(null)).catch({});
const storedAlertView = z.object({
  filter: alertFilterSchema.catch({}),
  sort: alertSortSchema.catch({ field: 'occurredAt', direction: 'desc' }),
  lastLookedAt: z.string().nullable().catch(null),
  saved: z.array(savedAlertFilterSchema.nullable().catch(null)).catch([]),
});

export class ViewStateService {
  readonly #settings: SettingsTable;
  readonly #clock: Clock;
  readonly #profileExists: (profileId: string) => boolean;

  /** `profileExists`: a window's late save for a connection deleted meanwhile is not kept. */
  constructor(settings: SettingsTable, clock: Clock, profileExists: (profileId: string) => boolean) {
    this.#settings = settings;
    this.#clock = clock;
    this.#profileExists = profileExists;
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

  /** Every view's kept filters for one connection; a view whose save does not parse starts afresh. */
  viewFilters({ profileId }: { profileId: string }): Record<string, ViewFilter> {
    const saved = storedViewFilters.parse(this.#settings.read(viewFiltersKey(profileId)) ?? {});
    return Object.fromEntries(Object.entries(saved).filter((entry): entry is [string, ViewFilter] => entry[1] !== null));
  }

  keepViewFilter({ profileId, viewId, filter }: { profileId: string; viewId: string; filter: ViewFilter }): null {
    if (!this.#profileExists(profileId)) return null;
    const { [viewId]: _before, ...others } = this.viewFilters({ profileId });
    this.#settings.write(viewFiltersKey(profileId), Object.fromEntries([...Object.entries(others).slice(-(MOST_VIEW_FILTERS - 1)), [viewId, filter]]));
    return null;
  }

  /** A deleted connection's views go with it: its alerts view, its named filters and every view's kept filters. */
  forgetProfile(profileId: string): void {
    this.#settings.delete(alertViewKey(profileId));
    this.#settings.delete(viewFiltersKey(profileId));
  }

  #changeAlertView(profileId: string, change: (view: AlertView) => AlertView): AlertView {
    const view = change(this.alertView({ profileId }));
    if (this.#profileExists(profileId)) this.#settings.write(alertViewKey(profileId), view);
    return view;
  }
}
