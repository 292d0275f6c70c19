import { afterAll, describe, expect, test, vi } from 'vitest';
import type { ProfileList } from '../../src-shared/contract/profiles.ts';
import { startSimulators } from '../sim/index.ts';
import { bridgeInProcess } from '../support/bridge-in-process.ts';
import { openTestServices } from '../support/test-services.ts';

// The window's connections through its query client, over the real bridge and services.
const sims = await startSimulators({ alertCount: 20 });
const { services, dispose } = await openTestServices();
const bridge = bridgeInProcess(services);
Object.assign(globalThis, { window: { opsdesk: bridge } });
const { createQueryClient, unwrap } = await import('../../src-renderer/data/ipc-query.ts');
const { invalidations } = await import('../../src-renderer/data/invalidations.ts');
const { profileKeys } = await import('../../src-renderer/data/query-keys.ts');
const { keepProfile, profileList, runConnectionTest } = await import('../../src-renderer/features/connections/connections-data.ts');

const client = createQueryClient();
invalidations(client, bridge);
const testOf = (id: string) => client.getQueryData<Record<string, unknown>>(profileKeys.connectionTests())?.[id];

afterAll(async () => {
  await dispose();
  await sims.close();
});

const firewallInput = (name: string) => ({
  service: 'firewall' as const,
  name,
  baseUrl: sims.firewall.url,
  apiKey: sims.firewall.keys.readOnly,
  trust: { mode: 'ca-only' as const, caPem: sims.ca.certPem },
  settings: { rateLimit: { requests: 50, windowSeconds: 1 } },
});
const saved = async (name: string) => {
  const profile = await unwrap(bridge.profiles.save(firewallInput(name)));
  keepProfile(client, profile, true);
  return profile;
};

describe('connections data', () => {
  test('reads the list with the keychain status and follows changes made elsewhere', async () => {
    expect(await client.fetchQuery(profileList)).toMatchObject({ profiles: [], keychain: { kind: 'session-only', reason: 'test' } });
    await services.profiles.save(firewallInput('Saved in main'));
    await expect.poll(() => client.getQueryData<ProfileList>(profileKeys.list())?.profiles.map((profile) => profile.name)).toEqual(['Saved in main']);
  });

  test('the window and its views reading at once read the list once', async () => {
    const reads = vi.spyOn(services.profiles, 'list');
    try {
      const fresh = createQueryClient();
      await Promise.all([fresh.fetchQuery(profileList), fresh.fetchQuery(profileList), fresh.fetchQuery(profileList)]);
      expect(reads).toHaveBeenCalledTimes(1);
    } finally {
      reads.mockRestore();
    }
  });

  test('asking to test while a test runs joins it instead of sending a second request', async () => {
    const profile = await saved('Joined');
    const before = sims.firewall.requests.filter((request) => request.path.endsWith('/system/status')).length;
    const [first, second] = await Promise.all([runConnectionTest(client, profile.id), runConnectionTest(client, profile.id)]);
    expect(first).toBe(second);
    expect(first.state).toBe('passed');
    expect(sims.firewall.requests.filter((request) => request.path.endsWith('/system/status')).length).toBe(before + 1);
  });

  test('Retry tests again even while a test runs, and only its outcome reports: the earlier one may have started before the server came back', async () => {
    const profile = await saved('Retried while testing');
    const before = sims.firewall.requests.filter((request) => request.path.endsWith('/system/status')).length;
    sims.firewall.faults.add({ path: '/system/status', kind: 'delay', ms: 300, times: 1 });
    const earlier = runConnectionTest(client, profile.id);
    const retried = runConnectionTest(client, profile.id, true);
    const [earlierOutcome, retriedOutcome] = await Promise.all([earlier, retried]);
    expect(retriedOutcome).not.toBe(earlierOutcome);
    expect(testOf(profile.id)).toEqual(retriedOutcome);
    expect(sims.firewall.requests.filter((request) => request.path.endsWith('/system/status')).length).toBe(before + 2);
  });

  test('a test that started before an edit does not report on the edited profile', async () => {
    const profile = await saved('Edited while testing');
    sims.firewall.faults.add({ path: '/system/status', kind: 'delay', ms: 300, times: 1 });
    const stale = runConnectionTest(client, profile.id);
    const edited = await unwrap(bridge.profiles.save({ ...firewallInput('Edited while testing'), id: profile.id, apiKey: sims.firewall.keys.expired }));
    keepProfile(client, edited, true);
    const outcome = await stale;
    expect(outcome.state).toBe('passed');
    expect(testOf(profile.id)).toBeUndefined();
  });
});
