import { afterAll, describe, expect, test } from 'vitest';
import { startSimulators } from '../sim/index.ts';
import { bridgeInProcess } from '../support/bridge-in-process.ts';
import { openTestServices } from '../support/test-services.ts';

// The bridge is read at call time; it is in place before anything calls.
const sims = await startSimulators({ alertCount: 0 });
const { services, dispose } = await openTestServices();
const bridge = bridgeInProcess(services);
Object.assign(globalThis, { window: { opsdesk: bridge } });
const { createQueryClient } = await import('../../src-renderer/data/ipc-query.ts');
const { invalidations } = await import('../../src-renderer/data/invalidations.ts');
const { healthRead } = await import('../../src-renderer/features/connections/connections-data.ts');

afterAll(async () => {
  await dispose();
  await sims.close();
});

describe('connection health', () => {
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

    const client = createQueryClient();
    invalidations(client, bridge);
    const read = healthRead(client);
    expect((await client.fetchQuery(read))[reachable.id]).toEqual(known);

    sims.firewall.faults.add({ path: /.*/, kind: 'reset' });
    try {
      await expect(services.clients.testConnection(reachable.id)).rejects.toThrow();
    } finally {
      sims.firewall.faults.clear();
    }
    const followed = client.getQueryData<Awaited<ReturnType<typeof read.queryFn>>>(read.queryKey)?.[reachable.id];
    expect(followed?.state).toBe('unreachable');
    expect(followed?.lastReachedAt).toBe(known.lastReachedAt);
    expect(followed?.error?.message).toBeTruthy();
  });
});
