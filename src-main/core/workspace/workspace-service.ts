import { workspaceStateSchema } from '../../../src-preload/contract/workspace.ts';
import type { WorkspaceState } from '../../../src-preload/contract/workspace.ts';
import type { SettingsTable } from '../db/settings.ts';
import { readSavedTab } from './saved-targets.ts';

const key = 'workspace';

/** The tab layout, kept in SQLite so a restart brings the same tabs back. */
export class WorkspaceService {
  readonly #settings: SettingsTable;
  constructor(settings: SettingsTable) {
    this.#settings = settings;
  }

  /** Tolerant of older saves (see `readSavedTab`): a tab that no longer parses is dropped, not the whole layout. */
  load(): WorkspaceState | null {
    const saved = this.#settings.read(key);
    if (typeof saved !== 'object' || saved === null) return null;
    const tabs = 'tabs' in saved ? saved.tabs : undefined;
    const activeTabId = 'activeTabId' in saved ? saved.activeTabId : undefined;
    const parsed = workspaceStateSchema.safeParse({
      tabs: Array.isArray(tabs) ? tabs.map(readSavedTab).filter((tab) => tab !== null) : [],
      activeTabId: typeof activeTabId === 'string' ? activeTabId : null,
    });
    return parsed.success ? parsed.data : null;
  }

  save(state: WorkspaceState): null {
    this.#settings.write(key, state);
    return null;
  }
}
