// How long each support cache keeps a row after its last activity, as the analyst chose in
// Settings → Data on this computer (the settings table). Until they choose, a year: the limit the
// caches always had. The firewall's alerts keep their own limit per appliance (its sync settings).
import { cacheRetentionSchema, type CacheRetention, type KeptDays, type RetentionKind } from '../../../src-shared/contract/local-data.ts';
import type { SettingsTable } from '../db/settings.ts';

const SETTINGS_KEY = 'cache.retention';
export const DEFAULT_CACHE_RETENTION: CacheRetention = { tickets: 365, contacts: 365, work: 365 };

export class CacheRetentionSettings {
  readonly #settings: SettingsTable;

  constructor(settings: SettingsTable) {
    this.#settings = settings;
  }

  get(): CacheRetention {
    const stored = cacheRetentionSchema.partial().safeParse(this.#settings.read(SETTINGS_KEY));
    return { ...DEFAULT_CACHE_RETENTION, ...(stored.success ? stored.data : {}) };
  }

  save(retention: CacheRetention): CacheRetention {
    this.#settings.write(SETTINGS_KEY, retention);
    return retention;
  }

  keptDays(kind: RetentionKind): KeptDays {
    return this.get()[kind];
  }
}
