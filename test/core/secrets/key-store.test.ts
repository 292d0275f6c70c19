// Runs against a real Secret Service: under `dbus-run-session` with gnome-keyring unlocked, e.g.
//   dbus-run-session -- sh -c 'echo -n pw | gnome-keyring-daemon --unlock --components=secrets; npx vitest run test/core/secrets'
// (with fresh XDG_* directories), as scripts/with-test-keyring.sh does. Without a session bus or
// without secret-tool these cases fail and say what is missing: a keychain test that asserts nothing must not pass.
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { maskKey } from '../../../src-main/core/secrets/mask-key.ts';
import { openKeyStore } from '../../../src-main/core/secrets/open-key-store.ts';
import { OsKeychainStore } from '../../../src-main/core/secrets/os-keychain-store.ts';
import { SessionKeyStore } from '../../../src-main/core/secrets/session-key-store.ts';

const run = promisify(execFile);

describe('OS keychain (Secret Service)', () => {
  beforeAll(() => {
    expect(
      process.env.DBUS_SESSION_BUS_ADDRESS,
      'no D-Bus session, so no Secret Service: run through `npm test` or `bash scripts/with-test-keyring.sh npx vitest run …`',
    ).toBeTruthy();
  });

  it('opens the OS keychain when a Secret Service is running', async () => {
    const store = await openKeyStore();
    expect(store.kind).toBe('os-keychain');
    expect(store.reason).toBeUndefined();
  });

  it('stores, reads back and deletes a key', async () => {
    const store = new OsKeychainStore();
    const profileId = `test-${randomUUID()}`;
    await store.set(profileId, 'svc_test_0123456789ab.secretpartsecretpart');
    expect(await store.get(profileId)).toBe('svc_test_0123456789ab.secretpartsecretpart');
    await store.delete(profileId);
    expect(await store.get(profileId)).toBeNull();
  });

  it('replaces a key stored again under the same profile', async () => {
    const store = new OsKeychainStore();
    const profileId = `test-${randomUUID()}`;
    await store.set(profileId, 'sk-first-0000000000');
    await store.set(profileId, 'sk-second-1111111111');
    expect(await store.get(profileId)).toBe('sk-second-1111111111');
    await store.delete(profileId);
  });

  it('keeps a key for a fresh store instance and for another process (it is in the keychain, not in memory)', async () => {
    const profileId = `test-${randomUUID()}`;
    await new OsKeychainStore().set(profileId, 'sk-persisted-2222222222');
    expect(await new OsKeychainStore().get(profileId)).toBe('sk-persisted-2222222222');
    // Another process reads it through the Secret Service itself, under the documented service name.
    const { stdout } = await run('secret-tool', ['lookup', 'service', 'OpsDesk', 'username', profileId]).catch(
      (error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') expect.fail('secret-tool is missing: install the Debian package libsecret-tools');
        throw error;
      },
    );
    expect(stdout).toBe('sk-persisted-2222222222');
    await new OsKeychainStore().delete(profileId);
  });

  it('makes one keychain call at a time, however many the app starts at once (a burst can make gnome-keyring abort)', async () => {
    const keyring = await import('@napi-rs/keyring');
    let inFlight = 0;
    let most = 0;
    const counted = async <T>(call: () => Promise<T>): Promise<T> => {
      most = Math.max(most, ++inFlight);
      try {
        return await call();
      } finally {
        inFlight--;
      }
    };
    // The real binding, each call counted while it runs.
    class CountedEntry extends keyring.AsyncEntry {
      override setPassword(password: string, signal?: AbortSignal | null) {
        return counted(() => super.setPassword(password, signal));
      }
      override getPassword(signal?: AbortSignal | null) {
        return counted(() => super.getPassword(signal));
      }
      override deleteCredential(signal?: AbortSignal | null) {
        return counted(() => super.deleteCredential(signal));
      }
    }
    const store = () => new OsKeychainStore({ load: async () => ({ AsyncEntry: CountedEntry }) });
    const profileIds = Array.from({ length: 6 }, () => `test-${randomUUID()}`);
    await Promise.all(profileIds.map((profileId, i) => store().set(profileId, `sk-burst-${i}-0000000000`)));
    expect(await Promise.all(profileIds.map((profileId) => store().get(profileId)))).toEqual(profileIds.map((_, i) => `sk-burst-${i}-0000000000`));
    await Promise.all(profileIds.map((profileId) => store().delete(profileId)));
    expect(await Promise.all(profileIds.map((profileId) => store().get(profileId)))).toEqual(profileIds.map(() => null));
    expect(most).toBe(1);
  });

  it('deleting a key that was never stored is not an error', async () => {
    await expect(new OsKeychainStore().delete(`test-${randomUUID()}`)).resolves.toBeUndefined();
  });
});

describe('without a Secret Service', () => {
  it('falls back to a session-only store that says why, and never to the kernel keyring', async () => {
    // A child process whose session bus points at nothing: the pinned store must fail, not fall back.
    const script = `
      import { openKeyStore } from ${JSON.stringify(new URL('../../../src-main/core/secrets/open-key-store.ts', import.meta.url).pathname)};
      const store = await openKeyStore();
      await store.set('profile-1', 'sk-session-3333333333');
      console.log(JSON.stringify({ kind: store.kind, reason: store.reason, readBack: await store.get('profile-1') }));
    `;
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], {
      env: { ...process.env, DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/opsdesk-test-bus' },
    });
    const result = JSON.parse(stdout) as { kind: string; reason: string; readBack: string };
    expect(result.kind).toBe('session-only');
    // The keychain's own words; Settings words the notice around them (test/e2e/languages.test.ts).
    expect(result.reason).toMatch(/\w/);
    expect(result.reason).not.toContain('sk-session-3333333333');
    expect(result.readBack).toBe('sk-session-3333333333');
  });

  it('a session-only store forgets nothing during the session and everything with the instance', async () => {
    const store = new SessionKeyStore('test');
    await store.set('p', 'sk-memory-4444444444');
    expect(await store.get('p')).toBe('sk-memory-4444444444');
    expect(await new SessionKeyStore('test').get('p')).toBeNull();
    await store.delete('p');
    expect(await store.get('p')).toBeNull();
  });
});

describe('maskKey', () => {
  it('shows the support key prefix and four id characters, never the secret', () => {
    const key = 'svc_live_3fa9c0ffee12.SuperSecretPartThatMustNotShow';
    expect(maskKey(key)).toBe('svc_live_3fa9…');
    expect(maskKey(key)).not.toContain('Secret');
  });

  it('shows only the start of an sk- key', () => {
    expect(maskKey('sk-abcdefghijklmnopqrstuvwxyz')).toBe('sk-ab…');
  });

  it('reveals nothing of a short key of unknown shape', () => {
    expect(maskKey('hunter2hunter2')).toBe('…');
  });
});
