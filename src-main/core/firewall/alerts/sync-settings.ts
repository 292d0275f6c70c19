// Each firewall profile's sync settings (interval, first backfill, retention), in the settings table.
import type { SyncSettings } from '../../../../src-shared/contract/firewall.ts';
import { syncSettingsSchema } from '../../../../src-shared/contract/firewall.ts';
import type { SettingsTable } from '../../db/settings.ts';

export const DEFAULT_SYNC_SETTINGS: SyncSettings = { intervalSeconds: 60, backfillDays: 7, retentionDays: 90, retentionRows: 1_000_000 };

export class SyncSettingsStore {
  readonly #table: SettingsTable;

  constructor(table: SettingsTable) {
    this.#table = table;
  }

  get(profileId: string): SyncSettings {
    const stored = syncSettingsSchema.safeParse(this.#table.read(this.#key(profileId)));
    return stored.success ? stored.data : { ...DEFAULT_SYNC_SETTINGS };
  }

  save(profileId: string, settings: SyncSettings): SyncSettings {
    this.#table.write(this.#key(profileId), settings);
    return settings;
  }

  #key(profileId: string): string {
    return `firewall-sync:${profileId}`;
  }
}
