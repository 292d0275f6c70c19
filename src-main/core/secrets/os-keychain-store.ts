import type { AsyncEntry } from '@napi-rs/keyring';
import type * as Keyring from '@napi-rs/keyring';
import PQueue from 'p-queue';
import type { KeyStore } from './key-store.ts';

export const KEYCHAIN_SERVICE = 'OpsDesk';

// A locked keychain may wait for an unlock prompt; beyond this the call fails instead of hanging.
const KEYCHAIN_TIMEOUT_MS = 15_000;

export type KeyringModule = Pick<typeof Keyring, 'AsyncEntry'>;

// Loaded on first use, not on import: a native binding that cannot load (a missing prebuild, an
// OS policy) must leave the app able to start and fall back to session-only keys.
export const loadKeyring = (): Promise<KeyringModule> => import('@napi-rs/keyring');

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

export interface OsKeychainOptions {
  load?: () => Promise<KeyringModule>;
  /** null waits as long as the keychain takes (the start-up probe, while an unlock prompt is up). */
  timeoutMs?: number | null;
}

/**
 * Keys in the OS keychain (macOS Keychain, Windows Credential Manager, Secret Service on Linux),
 * one entry per profile. On Linux the store is pinned to Secret Service: the library's fallback,
 * the kernel keyring, forgets every key at reboot.
 */
export class OsKeychainStore implements KeyStore {
  /**
   * The process's keychain calls, one at a time. The binding opens a Secret Service session per
   * call, and gnome-keyring's daemon can abort on sessions opened and left in a burst (GNOME GitLab
   * gnome-keyring #190, #196, #199), taking every app's keys offline until it is unlocked again.
   */
  static readonly #calls = new PQueue({ concurrency: 1 });
  readonly kind = 'os-keychain';
  readonly #load: () => Promise<KeyringModule>;
  readonly #timeoutMs: number | null;

  constructor(options: OsKeychainOptions = {}) {
    this.#load = options.load ?? loadKeyring;
    this.#timeoutMs = options.timeoutMs === undefined ? KEYCHAIN_TIMEOUT_MS : options.timeoutMs;
  }

  async #call<T>(action: string, profileId: string, use: (entry: AsyncEntry, signal?: AbortSignal) => Promise<T>): Promise<T> {
    const fail = (error: unknown): never => {
      throw new KeychainError(action, error);
    };
    // Loading the binding talks to no keychain, so it does not wait its turn.
    const { AsyncEntry } = await this.#load().catch(fail);
    // The time limit starts with the call itself, not while it waits its turn.
    const call = async () => {
      try {
        const entry = new AsyncEntry(KEYCHAIN_SERVICE, profileId, { linux: { store: 'secret-service' } });
        return await use(entry, this.#timeoutMs === null ? undefined : AbortSignal.timeout(this.#timeoutMs));
      } catch (error) {
        return fail(error);
      }
    };
    return OsKeychainStore.#calls.add(call);
  }

  async get(profileId: string): Promise<string | null> {
    return (await this.#call('read a key from', profileId, (entry, signal) => entry.getPassword(signal))) ?? null;
  }

  async set(profileId: string, key: string): Promise<void> {
    await this.#call('store a key in', profileId, (entry, signal) => entry.setPassword(key, signal));
  }

  async delete(profileId: string): Promise<void> {
    await this.#call('delete a key from', profileId, (entry, signal) => entry.deleteCredential(signal));
  }
}
