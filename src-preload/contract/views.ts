import { z } from 'zod';
import { call } from './define.ts';
import { densities, type Density } from '../../src-shared/view-constants.ts';
import { alertFilterSchema, alertSortSchema, type AlertFilter, type AlertSort } from './firewall.ts';

const profileId = z.string().min(1).max(64);
/** A table's name: the view, and the section or list inside it (`firewall.alerts`, `firewall.devices`). */
const tableId = z.string().regex(/^[a-z][A-Za-z0-9.-]{0,63}$/);
const columnId = z.string().min(1).max(40);
const filterName = z.string().trim().min(1).max(80);

export { densities, type Density } from '../../src-shared/view-constants.ts';

/** What the analyst made of one table: the columns' order, the hidden ones, their widths, the detail pane's width and the columns kept beside it. */
export const tableLayoutSchema = z.object({
  order: z.array(columnId).max(40),
  hidden: z.array(columnId).max(40),
  widths: z.record(columnId, z.int().min(24).max(4000)),
  detailWidth: z.int().min(200).max(4000).optional(),
});
export type TableLayout = z.infer<typeof tableLayoutSchema>;
  /** The columns that stay while the detail is open beside the table; absent: the table's own choice. */
  withDetail: z.array(columnId).max(40).optional(),

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

/** The window's own state, kept in main so it outlives a restart: table layouts, density, the views' filters. */
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
  },
  events: {},
};
