import { workspaceStateSchema } from '../../../src-shared/contract/workspace.ts';
import type { WorkspaceState } from '../../../src-shared/contract/workspace.ts';
import { backEnds, type BackEnd } from '../../../src-shared/contract/profiles.ts';
import type { SettingsTable } from '../db/settings.ts';
import { readSavedTab } from './saved-targets.ts';

const key = 'workspace';
const lastProfilesKey = 'lastProfiles';

/** The tab layout, and the connection each kind of view last used, kept in SQLite so a restart brings them back. */
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

  lastProfiles(): Partial<Record<BackEnd, string>> {
    const saved = this.#settings.read(lastProfilesKey);
    if (typeof saved !== 'object' || saved === null) return {};
    return Object.fromEntries(Object.entries(saved).filter(([service, id]) => (backEnds as readonly string[]).includes(service) && typeof id === 'string'));
  }

  rememberProfile(service: BackEnd, profileId: string): null {
    this.#settings.write(lastProfilesKey, { ...this.lastProfiles(), [service]: profileId });
    return null;
  }
}
