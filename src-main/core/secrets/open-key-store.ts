import { randomUUID } from 'node:crypto';
import { UserFacingError } from '../user-facing-error.ts';
import type { KeyStore } from './key-store.ts';
import { OsKeychainStore } from './os-keychain-store.ts';
import type { KeyringModule } from './os-keychain-store.ts';
import { SessionKeyStore } from './session-key-store.ts';

export interface OpenKeyStoreOptions {
  /** Loads the keychain binding; the default imports `@napi-rs/keyring`. */
  loadKeyring?: () => Promise<KeyringModule>;
}

/**
 * The OS keychain when it works (a probe entry is written, read back and deleted), otherwise a
 * session-only store whose `reason` is what the keychain said (the window words the rest). The
 * probe has no time limit: a keychain waiting to be unlocked is slow, not missing.
 */
export async function openKeyStore(options: OpenKeyStoreOptions = {}): Promise<KeyStore> {
  const load = options.loadKeyring ? { load: options.loadKeyring } : {};
  const probe = new OsKeychainStore({ ...load, timeoutMs: null });
  const probeId = `opsdesk-probe-${randomUUID()}`;
  const probeValue = randomUUID();
  try {
    await probe.set(probeId, probeValue);
    const readBack = await probe.get(probeId);
    await probe.delete(probeId);
    if (readBack !== probeValue) throw new Error('a key written to it could not be read back');
    return new OsKeychainStore(load);
  } catch (error) {
    return new SessionKeyStore(error instanceof Error ? error.message : String(error));
  }
}

/**
 * A key store to start with before the keychain has answered, so the window opens at once. It says
 * `waiting` until `opened` settles on the keychain or on session-only keys, then acts as that store.
 */
export class OpeningKeyStore implements KeyStore {
  readonly opened: Promise<KeyStore>;
  #store: KeyStore | null = null;

  constructor(options: OpenKeyStoreOptions = {}) {
    this.opened = openKeyStore(options).then((store) => (this.#store = store));
  }

  get kind(): KeyStore['kind'] {
    return this.#store?.kind ?? 'waiting';
  }

  get reason(): string | undefined {
    return this.#store?.reason;
  }

  #opened(): KeyStore {
    if (!this.#store) {
      throw new UserFacingError({ code: 'keychain_unavailable', params: { context: 'waiting' }, retryable: true });
    }
    return this.#store;
  }

  async get(profileId: string): Promise<string | null> {
    return this.#opened().get(profileId);
  }

  async set(profileId: string, key: string): Promise<void> {
    return this.#opened().set(profileId, key);
  }

  async delete(profileId: string): Promise<void> {
    return this.#opened().delete(profileId);
  }
}
