// A bulk block as the window makes it: 50 distinct sources blocked together through the outbox while
// the appliance drops answers after committing, resets connections and answers 5xx: each address
// ends blocked, and the appliance carried out each block exactly once.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startSimulators, type Simulators } from '../../sim/index.ts';
import { FakeClock } from '../../support/fake-clock.ts';
import { driveUntil, settle } from '../outbox/outbox-fixture.ts';
import { addFirewallProfile, data, openWorkspace, type Workspace } from './firewall-fixture.ts';

let sims: Simulators;
let clock: FakeClock;
let workspace: Workspace;
let profileId: string;

beforeAll(async () => {
  sims = await startSimulators({ alertCount: 0 });
  clock = new FakeClock();
  workspace = await openWorkspace(clock);
  profileId = await addFirewallProfile(workspace, sims);
});
afterAll(async () => {
  await workspace?.close();
  await sims.close();
});

test('50 sources blocked together through faults: each blocked, each exactly once', async () => {
  const addresses = Array.from({ length: 50 }, (_, index) => `198.18.${Math.floor(index / 10)}.${index + 1}`);
  sims.firewall.faults.add({ method: 'POST', path: '/blocklist', kind: 'drop-after-commit', times: 8 });
  sims.firewall.faults.add({ method: 'POST', path: '/blocklist', kind: 'reset', keep: 0, times: 6 });
  sims.firewall.faults.add({ method: 'POST', path: '/blocklist', kind: 'status', status: 503, times: 6 });
  sims.firewall.faults.add({ method: 'GET', path: '/blocklist', kind: 'status', status: 502, times: 2 });
  const { api, services } = workspace;

  const results = await settle(clock, Promise.all(addresses.map((ip) => api.firewall.block({ profileId, ip, durationSeconds: 0, reason: 'bulk from alerts' }))));
  const first = results.map((result) => data(result));
  expect(first.filter((entry) => entry.pending).length).toBeGreaterThan(0);
  await driveUntil(clock, () => services.outbox.pendingCounts()[profileId] === undefined);

  const listed = data(await api.firewall.blocklist({ profileId })).items;
  expect(addresses.filter((ip) => !listed.some((entry) => entry.ip === ip && !entry.pending))).toEqual([]);
  const blocksOf = (ip: string) => sims.firewall.committedWrites.filter((write) => write.method === 'POST' && write.key === ip).length;
  expect(addresses.filter((ip) => blocksOf(ip) !== 1)).toEqual([]);
  expect(sims.firewall.blockedAddresses().filter((ip) => addresses.includes(ip)).sort()).toEqual([...addresses].sort());
}, 120_000);
