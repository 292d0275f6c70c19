// Signing secrets of the webhooks registered here: one keychain entry per profile and webhook,
// never SQLite. Which ones exist is kept in the settings table (ids only), because a key store
// cannot list its entries.
import type { SettingsTable } from '../db/settings.ts';
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

export class WebhookSecrets {
  readonly #keyStore: KeyStore;
  readonly #settings: SettingsTable;

  constructor(keyStore: KeyStore, settings: SettingsTable) {
    this.#keyStore = keyStore;
    this.#settings = settings;
  }

  /** Stores the secret; true when the OS keychain holds it, false when it lasts this session only. */
  async store(profileId: string, webhookId: string, secret: string): Promise<boolean> {
    await this.#keyStore.set(entryName({ profileId, webhookId }), secret);
    const held = this.#held().filter((entry) => entry.profileId !== profileId || entry.webhookId !== webhookId);
    this.#settings.write(HELD_KEY, [...held, { profileId, webhookId }]);
    return this.#keyStore.kind === 'os-keychain';
  }

  heldIds(profileId: string): Set<string> {
    return new Set(this.#held().filter((entry) => entry.profileId === profileId).map((entry) => entry.webhookId));
  }

  /** Every secret still in the key store (a session-only one is gone after a restart). */
  async all(): Promise<HeldSecret[]> {
    const found = await Promise.all(this.#held().map(async (entry) => ({ ...entry, secret: await this.#keyStore.get(entryName(entry)) })));
    return found.filter((entry): entry is HeldSecret => entry.secret !== null);
  }

  #held(): HeldEntry[] {
    const value = this.#settings.read(HELD_KEY);
    return Array.isArray(value) ? (value as HeldEntry[]) : [];
  }
}
