import type { KeyStore } from './key-store.ts';

/** Keys in memory only, for when the OS offers no keychain. */
export class SessionKeyStore implements KeyStore {
  readonly kind = 'session-only';
  readonly reason: string;
  readonly #keys = new Map<string, string>();

  constructor(reason: string) {
    this.reason = reason;
  }

  async get(profileId: string): Promise<string | null> {
    return this.#keys.get(profileId) ?? null;
  }

  async set(profileId: string, key: string): Promise<void> {
    this.#keys.set(profileId, key);
  }

  async delete(profileId: string): Promise<void> {
    this.#keys.delete(profileId);
  }
}
