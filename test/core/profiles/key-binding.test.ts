// A stored key goes only to the server, and through the way there, it was entered for.
// Needs a real Secret Service: `npm test` runs under a private D-Bus session with gnome-keyring.
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import type { AppServices } from '../../../src-main/core/app-services.ts';
import { OsKeychainStore } from '../../../src-main/core/secrets/os-keychain-store.ts';
import { decodeStoredKey } from '../../../src-main/core/secrets/stored-key.ts';
import type { ParsedProfileInput } from '../../../src-shared/contract/profiles.ts';
import { createCertificateAuthority, startSimulators } from '../../sim/index.ts';
import type { Simulators } from '../../sim/index.ts';
import { openTestServices, type TestServices } from '../../support/test-services.ts';

const hasSecretService = Boolean(process.env.DBUS_SESSION_BUS_ADDRESS);
if (!hasSecretService) console.log('skipped: no D-Bus session, so no Secret Service (run through npm test)');

let sims: Simulators;
let interceptorCaPem: string;
const opened: TestServices[] = [];
const keychain = new OsKeychainStore();

beforeAll(async () => {
  sims = await startSimulators({ alertCount: 0 });
  interceptorCaPem = (await createCertificateAuthority('Intercepting Proxy CA')).certPem;
});
afterAll(() => sims.close());
afterEach(async () => {
  for (const { services, dispose } of opened.splice(0)) {
    for (const id of services.profiles.ids()) await services.profiles.remove(id).catch(() => {});
    await dispose();
  }
});

async function openServices(): Promise<AppServices> {
  const test = await openTestServices({ keyStore: keychain });
  opened.push(test);
  return test.services;
}

const firewall = (overrides: Partial<Extract<ParsedProfileInput, { service: 'firewall' }>> = {}) =>
  ({
    service: 'firewall',
    name: 'Lab firewall',
    baseUrl: sims.firewall.url,
    apiKey: sims.firewall.keys.readOnly,
    trust: { mode: 'ca-only', caPem: sims.ca.certPem },
    settings: { rateLimit: { requests: 20, windowSeconds: 1 } },
    ...overrides,
  }) satisfies ParsedProfileInput;

const requestsWithKey = (sim: { requests: { headers: Record<string, string> }[] }) =>
  sim.requests.filter((request) => 'authorization' in request.headers || 'x-svc-token' in request.headers).length;

describe.skipIf(!hasSecretService)('a key is bound to where it was entered for', () => {
  const interceptingProxy = { mode: 'explicit', url: 'http://127.0.0.1:9/' } as const;
  const interceptorTrust = () => ({ mode: 'ca-only', caPem: interceptorCaPem }) as const;
  test.each([
    ['the proxy', () => ({ proxy: interceptingProxy }), /proxy changed/],
    ['the trust', () => ({ trust: interceptorTrust() }), /trusted certificates changed/],
    ['the proxy and the trust together', () => ({ proxy: interceptingProxy, trust: interceptorTrust() }), /proxy changed/],
    ['the address', () => ({ baseUrl: sims.support.url }), /another server/],
  ])('an edit of %s without the key is refused and changes nothing', async (_what, change, message) => {
    const services = await openServices();
    const saved = await services.profiles.save(firewall());
    const edit = { ...firewall(), ...change(), id: saved.id, apiKey: undefined } as ParsedProfileInput;

    await expect(services.profiles.save(edit)).rejects.toMatchObject({
      detail: { code: 'bad_request', message: expect.stringMatching(message), fieldErrors: [{ path: 'apiKey' }] },
    });
    expect(services.profiles.find(saved.id)).toMatchObject({ baseUrl: sims.firewall.url, proxy: { mode: 'none' }, trust: { caPem: sims.ca.certPem } });
    expect((await services.clients.testConnection(saved.id)).summary).toMatchObject({ service: 'firewall' });
  });

  test('the same edit with the key entered again is saved, and the key is bound to the new settings', async () => {
    const services = await openServices();
    const saved = await services.profiles.save(firewall());
    await services.profiles.save({ ...firewall(), id: saved.id, trust: { mode: 'system-plus-ca', caPem: sims.ca.certPem } });
    const stored = decodeStoredKey((await keychain.get(saved.id))!);
    expect(stored).toMatchObject({ key: sims.firewall.keys.readOnly, boundTo: { origin: new URL(sims.firewall.url).origin, proxy: 'none' } });
    expect((await services.clients.testConnection(saved.id)).summary).toMatchObject({ service: 'firewall' });
  });

  test('a profile with no key stored may change its address, proxy and trust', async () => {
    const services = await openServices();
    const saved = await services.profiles.save(firewall({ apiKey: undefined }));
    const moved = await services.profiles.save({ ...firewall({ apiKey: undefined }), id: saved.id, baseUrl: sims.support.url, trust: { mode: 'system' } });
    expect(moved).toMatchObject({ trust: { mode: 'system' }, hasKey: false });
    expect(new URL(moved.baseUrl).origin).toBe(new URL(sims.support.url).origin);
  });

  test('an edit that keeps address, proxy and trust needs no key', async () => {
    const services = await openServices();
    const saved = await services.profiles.save(firewall());
    const renamed = await services.profiles.save({ ...firewall(), id: saved.id, name: 'Renamed', apiKey: undefined, trust: { mode: 'ca-only' } });
    expect(renamed).toMatchObject({ name: 'Renamed', hasKey: true });
    expect((await services.clients.testConnection(saved.id)).summary).toMatchObject({ service: 'firewall' });
  });

  test.each([
    ['its address', (services: AppServices, id: string) => services.db.prepare('UPDATE profiles SET base_url = ? WHERE id = ?').run(sims.support.url, id), /points at https:\/\/127\.0\.0\.1/],
    ['its trust', (services: AppServices, id: string) => services.db.prepare('UPDATE profiles SET trust = ? WHERE id = ?').run(JSON.stringify({ mode: 'system' }), id), /other trusted certificates/],
    [
      'its proxy',
      (services: AppServices, id: string) =>
        services.db.prepare('UPDATE profiles SET proxy = ? WHERE id = ?').run(JSON.stringify({ mode: 'explicit', url: 'http://127.0.0.1:9/' }), id),
      /another proxy/,
    ],
  ])('a database row edited by hand (%s) does not take the key anywhere', async (_what, editRow, message) => {
    const services = await openServices();
    const saved = await services.profiles.save(firewall());
    editRow(services, saved.id);
    const before = requestsWithKey(sims.support);
    const refused = await services.clients.testConnection(saved.id).catch((error: unknown) => error);
    expect(refused).toMatchObject({ serviceError: { code: 'key_bound_elsewhere', message: expect.stringMatching(message), hint: expect.stringMatching(/enter its key again/) } });
    expect(requestsWithKey(sims.support)).toBe(before);
  });

  test('another user-data folder with the same profile id pointing elsewhere does not get the key', async () => {
    const first = await openServices();
    const saved = await first.profiles.save(firewall());
    const second = await openServices();
    // The first folder's row, copied into the second with the address changed.
    const row = first.db.prepare('SELECT * FROM profiles WHERE id = ?').get(saved.id) as Record<string, unknown>;
    second.db
      .prepare(`INSERT INTO profiles (${Object.keys(row).join(', ')}) VALUES (${Object.keys(row).map((name) => `@${name}`).join(', ')})`)
      .run({ ...row, base_url: sims.support.url });

    const before = requestsWithKey(sims.support);
    await expect(second.clients.testConnection(saved.id)).rejects.toMatchObject({ serviceError: { code: 'key_bound_elsewhere' } });
    expect(requestsWithKey(sims.support)).toBe(before);
    second.db.prepare('DELETE FROM profiles').run();
  });

  test('a key stored before keys were bound is bound on first use to where it is used', async () => {
    const services = await openServices();
    const saved = await services.profiles.save(firewall());
    await keychain.set(saved.id, sims.firewall.keys.readOnly);
    expect((await services.clients.testConnection(saved.id)).summary).toMatchObject({ service: 'firewall' });
    expect(decodeStoredKey((await keychain.get(saved.id))!).boundTo).toMatchObject({ origin: new URL(sims.firewall.url).origin });
  });
});
