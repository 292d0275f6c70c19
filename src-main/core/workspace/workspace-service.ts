import { workspaceStateSchema } from '../../../src-preload/contract/workspace.ts';
import type { WorkspaceState } from '../../../src-preload/contract/workspace.ts';
import type { SettingsTable } from '../db/settings.ts';

const key = 'workspace';

/** The tab layout, kept in SQLite so a restart brings the same tabs back. */
export class WorkspaceService {
  readonly #settings: SettingsTable;
  constructor(settings: SettingsTable) {
    this.#settings = settings;
  }

  load(): WorkspaceState | null {
    const parsed = workspaceStateSchema.safeParse(this.#settings.read(key));
    return parsed.success ? parsed.data : null;
  }

  save(state: WorkspaceState): null {
    this.#settings.write(key, state);
    return null;
  }
}
