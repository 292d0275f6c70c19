import path from 'node:path';
import { openDatabase } from './db/database.ts';
import type { Db } from './db/database.ts';
import { SettingsTable } from './db/settings.ts';
import { WorkspaceService } from './workspace/workspace-service.ts';

export interface AppServicesOptions {
  /** The app's user-data folder; the SQLite file lives here. */
  dataDir: string;
}

/** Every main-process service, built from plain Node parts so tests can build the same thing. */
export interface AppServices {
  db: Db;
  workspace: WorkspaceService;
  close(): Promise<void>;
}

export async function createAppServices(options: AppServicesOptions): Promise<AppServices> {
  const db = openDatabase(path.join(options.dataDir, 'opsdesk.sqlite'));
  const settings = new SettingsTable(db);
  return {
    db,
    workspace: new WorkspaceService(settings),
    async close() {
      db.close();
    },
  };
}
