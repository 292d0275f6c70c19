import { AsyncEntry } from '@napi-rs/keyring';
import type { KeyStore } from './key-store.ts';

export const KEYCHAIN_SERVICE = 'OpsDesk';

// A locked keychain may wait for an unlock prompt; beyond this the call fails instead of hanging.
const KEYCHAIN_TIMEOUT_MS = 15_000;

export class KeychainError extends Error {
  /** What the keychain said, for the window's notice. */
  readonly reason: string;
  constructor(action: string, cause: unknown) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    super(`Could not ${action} the OS keychain: ${reason}`, { cause });
    this.name = 'KeychainError';
    this.reason = reason;
  }
}

/**
 * Keys in the OS keychain (macOS Keychain, Windows Credential Manager, Secret Service on Linux),
 * one entry per profile. On Linux the store is pinned to Secret Service: the library's fallback,
 * the kernel keyring, forgets every key at reboot.
 */
export class OsKeychainStore implements KeyStore {
  readonly kind = 'os-keychain';

  #entry(profileId: string): AsyncEntry {
    return new AsyncEntry(KEYCHAIN_SERVICE, profileId, { linux: { store: 'secret-service' } });
  }

  async get(profileId: string): Promise<string | null> {
    try {
      return await this.#entry(profileId).getPassword(AbortSignal.timeout(KEYCHAIN_TIMEOUT_MS));
    } catch (error) {
      throw new KeychainError('read a key from', error);
    }
  }

  async set(profileId: string, key: string): Promise<void> {
    try {
      await this.#entry(profileId).setPassword(key, AbortSignal.timeout(KEYCHAIN_TIMEOUT_MS));
    } catch (error) {
      throw new KeychainError('store a key in', error);
    }
  }

  async delete(profileId: string): Promise<void> {
    try {
      await this.#entry(profileId).deleteCredential(AbortSignal.timeout(KEYCHAIN_TIMEOUT_MS));
    } catch (error) {
      throw new KeychainError('delete a key from', error);
    }
  }
}
