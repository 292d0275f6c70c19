// The database's key: 32 random bytes made once, kept in the OS keychain beside the profiles' keys
// (service `OpsDesk`, account `opsdesk-database-key:<id>`), never written anywhere else. Read and
// saved through the registering key store like every other secret, so the log redactor knows it.
// The id is in a small file beside the database (no secret): a second data folder (the demo's) has
// a key of its own, and a data folder moved whole keeps finding its key.
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { KeyStore } from './key-store.ts';

const ENTRY_PREFIX = 'opsdesk-database-key';

/** The keychain entry of the database in `dataDir`, its id made on first use. */
export function databaseKeyEntry(dataDir: string): string {
  const idFile = path.join(dataDir, 'opsdesk-database.key-id');
  if (!existsSync(idFile)) writeFileSync(idFile, `${randomUUID()}\n`, { flag: 'wx' });
  return `${ENTRY_PREFIX}:${readFileSync(idFile, 'utf8').trim()}`;
}

/** The entry a key goes to when the file it opened had to be set aside: kept, in case the file is ever read again. */
export const setAsideKeyEntry = (entry: string, setAsideFile: string) => `${entry}:${path.basename(setAsideFile)}`;

export function newDatabaseKey(): string {
  return randomBytes(32).toString('hex');
}

/** The stored key, or null when the keychain holds none (a new install, or a keychain that lost it). */
export async function readDatabaseKey(store: KeyStore, entry: string): Promise<string | null> {
  const stored = await store.get(entry);
  return stored !== null && /^[0-9a-f]{64}$/i.test(stored) ? stored : null;
}

/** Saves a new key and reads it back: a file is encrypted only with a key the keychain has shown it keeps. */
export async function saveDatabaseKey(store: KeyStore, entry: string, key: string): Promise<void> {
  await store.set(entry, key);
  if ((await store.get(entry)) !== key) throw new Error('the keychain did not give back the database key it was given');
}
