import { afterAll, describe, expect, test, vi } from 'vitest';
import { startSimulators } from '../sim/index.ts';
import { bridgeInProcess } from '../support/bridge-in-process.ts';
import { openTestServices } from '../support/test-services.ts';

// The store reads window.opsdesk when it is imported, so the bridge is in place first.
const sims = await startSimulators({ alertCount: 20 });
const { services, dispose } = await openTestServices();
Object.assign(globalThis, { window: { opsdesk: bridgeInProcess(services) } });
const { useProfilesStore } = await import('../../src-renderer/features/connections/profiles-store.ts');

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

describe('profiles store', () => {
  test('loads the list with the keychain status and follows changes made elsewhere', async () => {
    await useProfilesStore.getState().load();
    expect(useProfilesStore.getState()).toMatchObject({ status: 'ready', profiles: [], keychain: { kind: 'session-only', reason: 'test' } });
    await services.profiles.save(firewallInput('Saved in main'));
    await expect.poll(() => useProfilesStore.getState().profiles.map((profile) => profile.name)).toEqual(['Saved in main']);
  });

  test('the window and its views loading at once read the list once; a load after that reads it again', async () => {
    const reads = vi.spyOn(services.profiles, 'list');
    try {
      const { load } = useProfilesStore.getState();
      await Promise.all([load(), load(), load()]);
      expect(reads).toHaveBeenCalledTimes(1);
      await load();
      expect(reads).toHaveBeenCalledTimes(2);
    } finally {
      reads.mockRestore();
    }
  });

  test('asking to test while a test runs joins it instead of sending a second request', async () => {
    const saved = await useProfilesStore.getState().save(firewallInput('Joined'));
    if (!saved.ok) throw new Error(saved.error.message);
    const before = sims.firewall.requests.filter((request) => request.path.endsWith('/system/status')).length;
    const [first, second] = await Promise.all([useProfilesStore.getState().test(saved.data.id), useProfilesStore.getState().test(saved.data.id)]);
    expect(first).toBe(second);
    expect(first.state).toBe('passed');
    expect(sims.firewall.requests.filter((request) => request.path.endsWith('/system/status')).length).toBe(before + 1);
  });

  test('Retry tests again even while a test runs, and only its outcome reports: the earlier one may have started before the server came back', async () => {
    const saved = await useProfilesStore.getState().save(firewallInput('Retried while testing'));
    if (!saved.ok) throw new Error(saved.error.message);
    const before = sims.firewall.requests.filter((request) => request.path.endsWith('/system/status')).length;
    sims.firewall.faults.add({ path: '/system/status', kind: 'delay', ms: 300, times: 1 });
    const earlier = useProfilesStore.getState().test(saved.data.id);
    const retried = useProfilesStore.getState().test(saved.data.id, true);
    const [earlierOutcome, retriedOutcome] = await Promise.all([earlier, retried]);
    expect(retriedOutcome).not.toBe(earlierOutcome);
    expect(useProfilesStore.getState().tests[saved.data.id]).toBe(retriedOutcome);
    expect(sims.firewall.requests.filter((request) => request.path.endsWith('/system/status')).length).toBe(before + 2);
  });

  test('a test that started before an edit does not report on the edited profile', async () => {
    const saved = await useProfilesStore.getState().save(firewallInput('Edited while testing'));
    if (!saved.ok) throw new Error(saved.error.message);
    sims.firewall.faults.add({ path: '/system/status', kind: 'delay', ms: 300, times: 1 });
    const stale = useProfilesStore.getState().test(saved.data.id);
    const edited = await useProfilesStore.getState().save({ ...firewallInput('Edited while testing'), id: saved.data.id, apiKey: sims.firewall.keys.expired });
    expect(edited.ok).toBe(true);
    const outcome = await stale;
    expect(outcome.state).toBe('passed');
    expect(useProfilesStore.getState().tests[saved.data.id]).toBeUndefined();
  });
});
