// Needs a real Secret Service: `npm test` runs under a private D-Bus session with gnome-keyring.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { createAppServices } from '../../../src-main/core/app-services.ts';
import { RecordingPlatform } from '../../support/recording-platform.ts';
import type { AppServices } from '../../../src-main/core/app-services.ts';
import { OsKeychainStore } from '../../../src-main/core/secrets/os-keychain-store.ts';
import { decodeStoredKey } from '../../../src-main/core/secrets/stored-key.ts';

const hasSecretService = Boolean(process.env.DBUS_SESSION_BUS_ADDRESS);
if (!hasSecretService) console.log('skipped: no D-Bus session, so no Secret Service (run through npm test)');

const key = 'svc_live_0123456789ab.Zm9vYmFyLXNlY3JldC1wYXJ0LTQy';
const secretPart = key.split('.')[1]!;
const supportProfile = {
  service: 'support' as const,
  name: 'Support production',
  baseUrl: 'https://support.example.com/api/open/v1/',
  apiKey: key,
  trust: { mode: 'system' as const },
  settings: { site: 'site-main', ratePerMinute: 60 },
};

let dataDir: string | undefined;
let services: AppServices | undefined;
afterEach(async () => {
  await services?.dispose();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function databaseBytes(dir: string): Promise<string> {
  const files = (await readdir(dir)).filter((file) => file.startsWith('opsdesk.sqlite'));
  expect(files).toContain('opsdesk.sqlite');
  return (await Promise.all(files.map((file) => readFile(path.join(dir, file), 'latin1')))).join('');
}

describe.skipIf(!hasSecretService)('profile keys in the OS keychain', () => {
  test('a key is stored in the keychain, never in SQLite, kept on edit and deleted with its profile', async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'opsdesk-profile-keys-'));
    // Not openTestServices: what is tested is the key store the app picks itself, the OS keychain.
    services = await createAppServices({ dataDir, platform: new RecordingPlatform(), logSink: () => {} });
    const keychain = new OsKeychainStore();

    const saved = await services.profiles.save(supportProfile);
    expect(saved).toMatchObject({ hasKey: true, keyHint: 'svc_live_0123…', live: true, baseUrl: 'https://support.example.com' });
    expect(JSON.stringify(saved)).not.toContain(secretPart);
    expect(decodeStoredKey((await keychain.get(saved.id))!).key).toBe(key);

    const edited = await services.profiles.save({ ...supportProfile, id: saved.id, apiKey: undefined, name: 'Support (prod)' });
    expect(edited).toMatchObject({ name: 'Support (prod)', hasKey: true, live: true });
    expect(decodeStoredKey((await keychain.get(saved.id))!).key).toBe(key);

    const listed = await services.profiles.list();
    expect(listed.keychain).toEqual({ kind: 'os-keychain' });
    expect(JSON.stringify(listed)).not.toContain(secretPart);

    // The file is encrypted at rest (issue 45): the rows are read through the key, the bytes show neither.
    const rows = JSON.stringify(services.db.prepare('SELECT * FROM profiles').all());
    expect(rows).toContain('Support (prod)');
    expect(rows).not.toContain(secretPart);
    const bytes = await databaseBytes(dataDir);
    expect(bytes).not.toContain('Support (prod)');
    expect(bytes).not.toContain(secretPart);
    expect(bytes).not.toContain(key);

    await services.profiles.remove(saved.id);
    expect(await keychain.get(saved.id)).toBeNull();
    expect((await services.profiles.list()).profiles).toEqual([]);
  });

  test('a fresh start reads the key the previous run stored', async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'opsdesk-profile-keys-'));
    services = await createAppServices({ dataDir, platform: new RecordingPlatform(), logSink: () => {} });
    const saved = await services.profiles.save({ ...supportProfile, name: 'Persisted' });
    await services.dispose();

    services = await createAppServices({ dataDir, platform: new RecordingPlatform(), logSink: () => {} });
    const [profile] = (await services.profiles.list()).profiles;
    expect(profile).toMatchObject({ id: saved.id, hasKey: true, keyHint: 'svc_live_0123…' });
    expect(await services.profiles.apiKeyProvider(services.profiles.find(saved.id)!)()).toBe(key);
    await services.profiles.remove(saved.id);
  });
});
