// Listing profiles must not read every secret: each keychain read is ~10 ms, and an import saves
// (and lists) many profiles in a row.
// Needs a real Secret Service: `npm test` runs under a private D-Bus session with gnome-keyring.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import type { AppServices } from '../../../src-main/core/app-services.ts';
import type { KeyStore } from '../../../src-main/core/secrets/key-store.ts';
import { OpeningKeyStore } from '../../../src-main/core/secrets/open-key-store.ts';
import { loadKeyring, OsKeychainStore } from '../../../src-main/core/secrets/os-keychain-store.ts';
import type { ProfileList } from '../../../src-shared/contract/profiles.ts';
import { expectEach } from '../../support/expect-each.ts';
import { openTestServices } from '../../support/test-services.ts';

const hasSecretService = Boolean(process.env.DBUS_SESSION_BUS_ADDRESS);
if (!hasSecretService) console.log('skipped: no D-Bus session, so no Secret Service (run through npm test)');

/** The real keychain (or a store over it), counting how often a profile's key is read. */
class CountingKeychain implements KeyStore {
  readonly #keychain: KeyStore;
  reads = 0;
  constructor(keychain: KeyStore = new OsKeychainStore()) {
    this.#keychain = keychain;
  }
  get kind() {
    return this.#keychain.kind;
  }
  get reason() {
    return this.#keychain.reason;
  }
  async get(entry: string) {
    // The database's own key is read once at every start, before any profile: it is not a profile key.
    if (!entry.startsWith('opsdesk-database-key')) this.reads += 1;
    return this.#keychain.get(entry);
  }
  set(profileId: string, key: string) {
    return this.#keychain.set(profileId, key);
  }
  delete(profileId: string) {
    return this.#keychain.delete(profileId);
  }
}

const PROFILES = 40;
let dataDir: string | undefined;
let services: AppServices | undefined;
afterEach(async () => {
  if (services) for (const id of services.profiles.ids()) await services.profiles.remove(id);
  await services?.dispose();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
  services = undefined;
  dataDir = undefined;
});

async function open(keyStore: KeyStore, published: ProfileList[] = []) {
  dataDir ??= await mkdtemp(path.join(tmpdir(), 'opsdesk-profile-list-'));
  ({ services } = await openTestServices({ dataDir, keyStore }));
  services.profiles.onChanged((list) => published.push(list));
  return services;
}

const gateway = (index: number) => ({
  service: 'gateway' as const,
  name: `Gateway ${index}`,
  baseUrl: `https://gateway-${index}.example.com/v1`,
  apiKey: `sk-test-${String(index).padStart(4, '0')}-abcdefghijklmnop`,
  trust: { mode: 'system' as const },
  settings: { rateTier: 60 as const },
});

describe.skipIf(!hasSecretService)('listing profiles', () => {
  test(`saving ${PROFILES} profiles and listing them after each save reads no key; a new run reads each once`, async () => {
    const keychain = new CountingKeychain();
    const published: ProfileList[] = [];
    const first = await open(keychain, published);
    for (let index = 0; index < PROFILES; index += 1) await first.profiles.save(gateway(index));
    const list = await first.profiles.list();
    expect(list.profiles).toHaveLength(PROFILES);
    expectEach(list.profiles, (profile) => profile.hasKey && profile.keyHint === 'sk-te…', 'have its key, hinted as sk-te…');
    await expect.poll(() => published.length).toBe(PROFILES);
    expect(keychain.reads).toBe(0);

    await first.dispose();
    const restarted = new CountingKeychain();
    const second = await open(restarted);
    await second.profiles.list();
    expect(restarted.reads).toBe(PROFILES);
    await second.profiles.list();
    await second.profiles.save({ ...gateway(0), id: list.profiles[0]!.id, name: 'Renamed', apiKey: undefined });
    expect(restarted.reads).toBe(PROFILES);
  });

  test('a key removed through the app, or never stored, is listed as missing without a read', async () => {
    const keychain = new CountingKeychain();
    const running = await open(keychain);
    const withKey = await running.profiles.save(gateway(1));
    const withoutKey = await running.profiles.save({ ...gateway(2), apiKey: undefined });
    const listed = await running.profiles.list();
    expect(listed.profiles.map((profile) => [profile.id, profile.hasKey])).toEqual([
      [withKey.id, true],
      [withoutKey.id, false],
    ]);
    await running.profiles.remove(withKey.id);
    expect((await running.profiles.list()).profiles.map((profile) => profile.id)).toEqual([withoutKey.id]);
    expect(keychain.reads).toBeLessThanOrEqual(1);
  });

  test('a start while the keychain is still opening waits for it, says so, and then lists what the keychain holds', async () => {
    const first = await open(new CountingKeychain());
    const saved = await first.profiles.save(gateway(3));
    await first.dispose();

    let unlock!: () => void;
    const unlocked = new Promise<void>((resolve) => (unlock = resolve));
    const opening = new OpeningKeyStore({ loadKeyring: () => unlocked.then(loadKeyring) });
    let waitingSaid = 0;
    let started = false;
    const starting = openTestServices({ dataDir, keyStore: opening, onWaitingForKeychain: () => (waitingSaid += 1) }).then((opened) => {
      started = true;
      return opened;
    });
    // The database's key is in the keychain: nothing opens before it answers, and the window says why.
    await expect.poll(() => waitingSaid).toBe(1);
    expect(started).toBe(false);

    // Removed behind OpsDesk's back while it waited: the keychain's answer, not a remembered hint, decides.
    await new OsKeychainStore().delete(saved.id);
    unlock();
    ({ services } = await starting);
    expect(await services.profiles.list()).toMatchObject({ keychain: { kind: 'os-keychain' }, profiles: [{ id: saved.id, hasKey: false, keyHint: null }] });
    expect(waitingSaid).toBe(1);
  });
});
