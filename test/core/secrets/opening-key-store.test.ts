import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { OpeningKeyStore } from '../../../src-main/core/secrets/open-key-store.ts';
import { loadKeyring } from '../../../src-main/core/secrets/os-keychain-store.ts';

const run = promisify(execFile);
const hasSecretService = Boolean(process.env.DBUS_SESSION_BUS_ADDRESS);
if (!hasSecretService) console.log('skipped: no D-Bus session, so no Secret Service (run through npm test)');

describe('a keychain binding that cannot load', () => {
  it('does not stop the app: its services start, and keys are kept for the session with the reason shown', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'opsdesk-no-binding-'));
    // A child process in which @napi-rs/keyring fails to load, as a missing or blocked native binding does.
    const script = `
      import { registerHooks } from 'node:module';
      registerHooks({
        resolve(specifier, context, next) {
          if (specifier === '@napi-rs/keyring') throw new Error('Cannot find native binding for this platform');
          return next(specifier, context);
        },
      });
      const { createAppServices } = await import(${JSON.stringify(new URL('../../../src-main/core/app-services.ts', import.meta.url).pathname)});
      const { RecordingPlatform } = await import(${JSON.stringify(new URL('../../support/recording-platform.ts', import.meta.url).pathname)});
      // Not openTestServices: a child process whose keyring binding fails, opening the app's own key store.
      const services = await createAppServices({ dataDir: ${JSON.stringify(dataDir)}, logSink: () => {}, platform: new RecordingPlatform() });
      const { keychain } = await services.profiles.list();
      await services.dispose();
      console.log(JSON.stringify(keychain));
    `;
    try {
      const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script]);
      const keychain = JSON.parse(stdout) as { kind: string; reason: string };
      expect(keychain.kind).toBe('session-only');
      // The keychain's own words; Settings words the session-only notice around them.
      expect(keychain.reason).toMatch(/Cannot find native binding/);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe.skipIf(!hasSecretService)('a keychain that is slow to answer (a locked keyring)', () => {
  it('says it is waiting, refuses keys with that reason, and becomes the OS keychain once it answers', async () => {
    let answer!: () => void;
    const unlocked = new Promise<void>((resolve) => (answer = resolve));
    const store = new OpeningKeyStore({ loadKeyring: () => unlocked.then(loadKeyring) });

    expect(store.kind).toBe('waiting');
    await expect(store.set('profile-1', 'sk-waiting-5555555555')).rejects.toMatchObject({
      detail: { code: 'keychain_unavailable', params: { context: 'waiting' }, message: expect.stringMatching(/Waiting for the OS keychain/), retryable: true },
    });

    answer();
    await store.opened;
    expect(store.kind).toBe('os-keychain');
    expect(store.reason).toBeUndefined();
    await store.set('profile-1', 'sk-unlocked-6666666666');
    expect(await store.get('profile-1')).toBe('sk-unlocked-6666666666');
    await store.delete('profile-1');
  });
});
