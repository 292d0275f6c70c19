import { z } from 'zod';
import { call } from './define.ts';
import { densities, type Density } from '../view-constants.ts';
import { alertFilterSchema, alertSortSchema, type AlertFilter, type AlertSort } from './firewall.ts';

const profileId = z.string().min(1).max(64);
/** A table's name: the view, and the section or list inside it (`firewall.alerts`, `firewall.devices`). */
const tableId = z.string().regex(/^[a-z][A-Za-z0-9.-]{0,63}$/);
const columnId = z.string().min(1).max(40);
const filterName = z.string().trim().min(1).max(80);
/** A view and its section whose filters are kept: `support.inbox`, `firewall.blocklist`, `firewall.logs`. */
const viewId = z.string().regex(/^[a-z][A-Za-z0-9.-]{0,63}$/);

export { densities, type Density } from '../view-constants.ts';

/** What the analyst made of one table: the columns' order, the hidden ones, their widths, the detail pane's width and the columns kept beside it. */
export const tableLayoutSchema = z.object({
  order: z.array(columnId).max(40),
  hidden: z.array(columnId).max(40),
  widths: z.record(columnId, z.int().min(24).max(4000)),
  detailWidth: z.int().min(200).max(4000).optional(),
  /** The columns that stay while the detail is open beside the table; absent: the table's own choice. */
  withDetail: z.array(columnId).max(40).optional(),
});
export type TableLayout = z.infer<typeof tableLayoutSchema>;

export interface TableLayouts {
  density: Density;
  tables: Record<string, TableLayout>;
}

export const savedAlertFilterSchema = z.object({ name: filterName, filter: alertFilterSchema });
export type SavedAlertFilter = { name: string; filter: AlertFilter };

/** One appliance's alerts view as the analyst left it: its filter and sort, when they last looked, their named filters. */
export interface AlertView {
  filter: AlertFilter;
  sort: AlertSort;
  /** When the analyst last left the alerts view of this appliance; null before the first time. */
  lastLookedAt: string | null;
  saved: SavedAlertFilter[];
}

/** A view's filters as its form holds them: a few named fields, each a word, a number, a switch or nothing. */
export const viewFilterSchema = z
  .record(z.string().regex(/^[A-Za-z][A-Za-z0-9]{0,39}$/), z.union([z.string().max(500), z.number(), z.boolean(), z.null()]))
  .refine((filter) => Object.keys(filter).length <= 20, 'too_many_fields');
export type ViewFilter = Record<string, string | number | boolean | null>;

/** The window's own state, kept in main so it outlives a restart: table layouts, density, the views' filters (per connection, gone with it). */
export const views = {
  calls: {
    tableLayouts: call<TableLayouts>()(z.undefined()),
    saveTableLayout: call<null>()(z.object({ tableId, layout: tableLayoutSchema })),
    setDensity: call<null>()(z.object({ density: z.enum(densities) })),
    alertView: call<AlertView>()(z.object({ profileId })),
    keepAlertView: call<null>()(z.object({ profileId, filter: alertFilterSchema, sort: alertSortSchema })),
    /** Stamps now as when the analyst last looked; "new since I last looked" reads the stamp before it. */
    markAlertsLooked: call<null>()(z.object({ profileId })),
    /** A named filter of this appliance's alerts; the same name again replaces it. */
    saveAlertFilter: call<SavedAlertFilter[]>()(z.object({ profileId, saved: savedAlertFilterSchema })),
    deleteAlertFilter: call<SavedAlertFilter[]>()(z.object({ profileId, name: filterName })),
    /** Every view's kept filters for one connection, by view id. */
    viewFilters: call<Record<string, ViewFilter>>()(z.object({ profileId })),
    keepViewFilter: call<null>()(z.object({ profileId, viewId, filter: viewFilterSchema })),
  },
  events: {},
};
