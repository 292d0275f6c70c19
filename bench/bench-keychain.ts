// The keychain the bench's encrypted side opens the app with. The app encrypts its database only
// with a keychain that keeps keys across restarts (kind 'os-keychain'); a bench run has no Secret
// Service, so the keys stay in this process, which outlives every start the bench makes.
import type { KeyStore } from '../src-main/core/secrets/key-store.ts';

export class BenchKeychain implements KeyStore {
  readonly kind = 'os-keychain';
  readonly #keys = new Map<string, string>();

  async get(entry: string): Promise<string | null> {
    return this.#keys.get(entry) ?? null;
  }

  async set(entry: string, key: string): Promise<void> {
    this.#keys.set(entry, key);
  }

  async delete(entry: string): Promise<void> {
    this.#keys.delete(entry);
  }
}
