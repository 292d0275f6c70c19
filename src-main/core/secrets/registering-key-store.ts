import type { KeyStore } from './key-store.ts';
import { decodeStoredKey } from './stored-key.ts';

/**
 * The key store every service is given: each secret it reads or saves (profile keys, webhook
 * secrets, the firewall receiver's signing and TLS keys) is registered with the log redactor, so
 * no caller can forget to, and no prompt, log line, IPC answer or stored row carries it.
 */
export class RegisteringKeyStore implements KeyStore {
  readonly #store: KeyStore;
  readonly #registerSecret: (secret: string) => void;

  constructor(store: KeyStore, registerSecret: (secret: string) => void) {
    this.#store = store;
    this.#registerSecret = registerSecret;
  }

  get kind(): KeyStore['kind'] {
    return this.#store.kind;
  }

  get reason(): string | undefined {
    return this.#store.reason;
  }

  async get(name: string): Promise<string | null> {
    const stored = await this.#store.get(name);
    if (stored !== null) this.#register(stored);
    return stored;
  }

  async set(name: string, value: string): Promise<void> {
    try {
      await this.#store.set(name, value);
    } finally {
      // After the answer that saved it has gone: the one answer that hands out a secret just made
      // (a support webhook's, shown once) must carry it; the IPC router redacts an answer in the
      // microtasks after it resolves. A secret the keychain refused is still held for the session.
      setImmediate(() => this.#register(value));
    }
  }

  delete(name: string): Promise<void> {
    return this.#store.delete(name);
  }

  #register(stored: string): void {
    // A profile's entry holds its key with what the key is bound to; any other entry is the secret itself.
    this.#registerSecret(decodeStoredKey(stored).key);
  }
}
