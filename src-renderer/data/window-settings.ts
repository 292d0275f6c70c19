// What main keeps of the window's own state so it outlives a restart: the theme, the language, each
// view's filters, the tables' layouts and density, and the tabs. The stores that hold that state
// (ui/, language/, navigation/) read and save it through these calls only.
import type { ThemeChoice } from '../../src-shared/contract/app.ts';
import type { Density, TableLayout, ViewFilter } from '../../src-shared/contract/views.ts';
import type { WorkspaceState } from '../../src-shared/contract/workspace.ts';
import type { LanguageChoice } from '../../src-shared/i18n/languages.ts';
import { opsdesk } from './bridge.ts';

/** Typing changes a filter, and a drag of a column's edge its width, many times a second; main hears where it settles. */
const SETTLES_AFTER_MS = 400;
const unsettled = new Map<string, ReturnType<typeof setTimeout>>();

/** Sends `save` once `key` has stopped changing; a change before then replaces the one waiting. */
function saveWhenSettled(key: string, save: () => Promise<unknown>): void {
  clearTimeout(unsettled.get(key));
  unsettled.set(
    key,
    setTimeout(() => {
      unsettled.delete(key);
      void save();
    }, SETTLES_AFTER_MS),
  );
}

export const savedTheme = () => opsdesk.app.theme();
export const saveTheme = (choice: ThemeChoice) => opsdesk.app.setTheme({ choice });

export const savedLanguage = () => opsdesk.app.language();
export const saveLanguage = (choice: LanguageChoice) => opsdesk.app.setLanguage({ choice });

/** Every view's kept filters for one connection, by view id. */
export const keptViewFilters = (profileId: string) => opsdesk.views.viewFilters({ profileId });
export function keepViewFilter(profileId: string, viewId: string, filter: ViewFilter): void {
  saveWhenSettled(`filter\u0000${profileId}\u0000${viewId}`, () => opsdesk.views.keepViewFilter({ profileId, viewId, filter }));
}

export const savedTableLayouts = () => opsdesk.views.tableLayouts();
export function saveTableLayout(tableId: string, layout: TableLayout): void {
  saveWhenSettled(`table\u0000${tableId}`, () => opsdesk.views.saveTableLayout({ tableId, layout }));
}
export const saveDensity = (density: Density) => opsdesk.views.setDensity({ density });

/** The tabs and the active one as last saved; null before the first save. */
export const savedWorkspace = () => opsdesk.workspace.load();
export const saveWorkspace = (state: WorkspaceState) => opsdesk.workspace.save(state);
