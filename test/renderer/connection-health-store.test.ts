import { afterAll, describe, expect, test } from 'vitest';
import { startSimulators } from '../sim/index.ts';
import { bridgeInProcess } from '../support/bridge-in-process.ts';
import { openTestServices } from '../support/test-services.ts';

// The store reads window.opsdesk when it is imported, so the bridge is in place first.
const sims = await startSimulators({ alertCount: 0 });
const { services, dispose } = await openTestServices();
Object.assign(globalThis, { window: { opsdesk: bridgeInProcess(services) } });
const { useConnectionHealthStore } = await import('../../src-renderer/features/connections/connection-health-store.ts');

afterAll(async () => {
  await dispose();
  await sims.close();
});

describe('connection health store', () => {
  test('starts from what main knows and follows every later call of the profile', async () => {
    const reachable = await services.profiles.save({
      service: 'firewall',
      name: 'Reachable firewall',
      baseUrl: sims.firewall.url,
      apiKey: sims.firewall.keys.readOnly,
      trust: { mode: 'ca-only', caPem: sims.ca.certPem },
      settings: { rateLimit: { requests: 50, windowSeconds: 1 } },
    });
    await services.clients.testConnection(reachable.id);
    const known = services.health.of(reachable.id);
    expect(known.state).toBe('reachable');

    await useConnectionHealthStore.getState().follow();
    expect(useConnectionHealthStore.getState().health[reachable.id]).toEqual(known);

    sims.firewall.faults.add({ path: /.*/, kind: 'reset' });
    try {
      await expect(services.clients.testConnection(reachable.id)).rejects.toThrow();
    } finally {
      sims.firewall.faults.clear();
    }
    const followed = useConnectionHealthStore.getState().health[reachable.id];
    expect(followed?.state).toBe('unreachable');
    expect(followed?.lastReachedAt).toBe(known.lastReachedAt);
    expect(followed?.error?.message).toBeTruthy();
  });
});
