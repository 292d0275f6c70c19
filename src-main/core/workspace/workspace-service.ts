import { tabSchema, workspaceStateSchema } from '../../../src-preload/contract/workspace.ts';
import type { Tab, WorkspaceState } from '../../../src-preload/contract/workspace.ts';
import type { SettingsTable } from '../db/settings.ts';

const key = 'workspace';

/** The tab layout, kept in SQLite so a restart brings the same tabs back. */
export class WorkspaceService {
  readonly #settings: SettingsTable;
  constructor(settings: SettingsTable) {
    this.#settings = settings;
  }

  /**
   * Tolerant of older saves: a tab stored as `{ id, view }` (before tabs held items) comes back
   * with that view as its kind, and a tab that no longer parses is dropped, not the whole layout.
   */
  load(): WorkspaceState | null {
    const saved = this.#settings.read(key);
    if (typeof saved !== 'object' || saved === null) return null;
    const { tabs, activeTabId } = saved as { tabs?: unknown; activeTabId?: unknown };
    const parsed = workspaceStateSchema.safeParse({
      tabs: Array.isArray(tabs) ? tabs.map(upgradeTab).filter((tab) => tab !== null) : [],
      activeTabId: typeof activeTabId === 'string' ? activeTabId : null,
    });
    return parsed.success ? parsed.data : null;
  }

  save(state: WorkspaceState): null {
    this.#settings.write(key, state);
    return null;
  }
}

function upgradeTab(saved: unknown): Tab | null {
  const candidate = typeof saved === 'object' && saved !== null && !('kind' in saved) && 'view' in saved ? { ...saved, kind: saved.view } : saved;
  const parsed = tabSchema.safeParse(candidate);
  return parsed.success ? parsed.data : null;
}
