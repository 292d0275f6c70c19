import { randomUUID } from 'node:crypto';
import type { KeyStore } from './key-store.ts';
import { OsKeychainStore } from './os-keychain-store.ts';
import { SessionKeyStore } from './session-key-store.ts';

/**
 * The OS keychain when it works (a probe entry is written, read back and deleted), otherwise a
 * session-only store whose `reason` is what the keychain said (the window explains the rest).
 */
export async function openKeyStore(): Promise<KeyStore> {
  const keychain = new OsKeychainStore();
  const probeId = `opsdesk-probe-${randomUUID()}`;
  const probeValue = randomUUID();
  try {
    await keychain.set(probeId, probeValue);
    const readBack = await keychain.get(probeId);
    await keychain.delete(probeId);
    if (readBack !== probeValue) throw new Error('a key written to it could not be read back');
    return keychain;
  } catch (error) {
    return new SessionKeyStore(error instanceof Error ? error.message : String(error));
  }
}
