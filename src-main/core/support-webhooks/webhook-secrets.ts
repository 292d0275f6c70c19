// Signing secrets of the webhooks registered here: one keychain entry per profile and webhook,
// never SQLite. Which ones exist is kept in the settings table (ids only), because a key store
// cannot list its entries. The receiver checks every delivery against them, so they are read from
// the keychain once and kept in memory.
import type { SettingsTable } from '../db/settings.ts';
import type { Logger } from '../log/logger.ts';
import type { KeyStore } from '../secrets/key-store.ts';

export interface HeldSecret {
  profileId: string;
  webhookId: string;
  secret: string;
}

interface HeldEntry {
  profileId: string;
  webhookId: string;
}

const HELD_KEY = 'support-webhooks:held-secrets';
const entryName = ({ profileId, webhookId }: HeldEntry) => `${profileId}#support-webhook:${webhookId}`;
const sameEntry = (a: HeldEntry) => (b: HeldEntry) => a.profileId === b.profileId && a.webhookId === b.webhookId;

export class WebhookSecrets {
  readonly #keyStore: KeyStore;
  readonly #settings: SettingsTable;
  readonly #logger: Logger;
  #loaded: HeldSecret[] | null = null;
  #loading: Promise<HeldSecret[] | null> | null = null;
  /** Stored this session: usable even before the keychain could be read. */
  #stored: HeldSecret[] = [];

  constructor(keyStore: KeyStore, settings: SettingsTable, logger: Logger) {
    this.#keyStore = keyStore;
    this.#settings = settings;
    this.#logger = logger;
  }

  /**
   * Stores the secret; true when the OS keychain holds it, false when it lasts this session only
   * (no keychain, or it refused: the webhook exists on the site already, so the secret is kept).
   */
  async store(profileId: string, webhookId: string, secret: string): Promise<boolean> {
    const entry = { profileId, webhookId };
    this.#stored = [...this.#stored.filter((held) => !sameEntry(entry)(held)), { ...entry, secret }];
    try {
      await this.#keyStore.set(entryName(entry), secret);
    } catch (error) {
      this.#logger.warn('the keychain refused a support webhook secret; it is kept for this session', { error });
      return false;
    }
    this.#settings.write(HELD_KEY, [...this.#held().filter((held) => !sameEntry(entry)(held)), entry]);
    return this.#keyStore.kind === 'os-keychain';
  }

  /** Deletes every secret of a profile that no longer exists. */
  async forgetProfile(profileId: string): Promise<void> {
    const [gone, kept] = [this.#held().filter((entry) => entry.profileId === profileId), this.#held().filter((entry) => entry.profileId !== profileId)];
    if (gone.length === 0) return;
    this.#settings.write(HELD_KEY, kept);
    this.#stored = this.#stored.filter((held) => held.profileId !== profileId);
    this.#loaded = this.#loaded?.filter((held) => held.profileId !== profileId) ?? null;
    await Promise.all(gone.map((entry) => this.#keyStore.delete(entryName(entry))));
  }

  heldIds(profileId: string): Set<string> {
    return new Set(this.#held().filter((entry) => entry.profileId === profileId).map((entry) => entry.webhookId));
  }

  /**
   * Every secret held; null while the keychain cannot be read yet (still locked at start-up), tried
   * again on the next call. A session-only secret is gone after a restart.
   */
  async all(): Promise<HeldSecret[] | null> {
    const loaded = this.#loaded ?? (await (this.#loading ??= this.#load()));
    if (loaded === null) return null;
    return [...loaded.filter((held) => !this.#stored.some(sameEntry(held))), ...this.#stored];
  }

  async #load(): Promise<HeldSecret[] | null> {
    try {
      const found = await Promise.all(this.#held().map(async (entry) => ({ ...entry, secret: await this.#keyStore.get(entryName(entry)) })));
      const loaded = found.filter((entry): entry is HeldSecret => entry.secret !== null);
      this.#loaded = loaded;
      return loaded;
    } catch (error) {
      this.#logger.warn('support webhook secrets cannot be read yet', { error });
      return null;
    } finally {
      this.#loading = null;
    }
  }

  #held(): HeldEntry[] {
    const value = this.#settings.read(HELD_KEY);
    return Array.isArray(value) ? (value as HeldEntry[]) : [];
  }
}
