// Background sync stays inside the key's call rate together with what the user does, and the
// user goes first: sync spends only its share, so an interactive call never queues behind it.
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { SYNC_SHARE_OF_RATE } from '../../../src-main/core/sync/sync-budget.ts';
import { startSimulators, type Simulators } from '../../sim/index.ts';
import { FakeClock } from '../../support/fake-clock.ts';
import { addFirewallProfile, cachedAlertIds, openWorkspace, simulatorAlertIds, sorted, type Workspace } from '../firewall/firewall-fixture.ts';
import { expectNone } from '../../support/expect-each.ts';

const clock = new FakeClock();
let sims: Simulators;
let workspace: Workspace;

beforeAll(async () => {
  sims = await startSimulators({ alertCount: 6_000, clock });
  workspace = await openWorkspace(clock);
});
afterAll(async () => {
  await workspace.close();
  await sims.close();
});

const alertPages = () => sims.firewall.requests.filter((request) => request.path === '/api/v1/alerts').length;

test('while a long sync waits for its share of the rate, the user\'s call goes at once', async () => {
  const rate = { requests: 10, windowSeconds: 60 };
  const profileId = await addFirewallProfile(workspace, sims, { rate });
  const before = alertPages();
  let finished = false;
  const sync = workspace.services.firewall.alerts.sync(profileId).then(() => (finished = true));
  const share = Math.floor(rate.requests * SYNC_SHARE_OF_RATE);
  await vi.waitFor(() => expect(alertPages() - before).toBe(share), { timeout: 10_000, interval: 10 });
  // The pages go to the store in the database worker, a moment after they arrive.
  await vi.waitFor(() => expect(cachedAlertIds(workspace.services, profileId).length).toBeGreaterThan(0), { timeout: 10_000, interval: 10 });

  const [alertId] = cachedAlertIds(workspace.services, profileId);
  const detail = await workspace.api.firewall.alert({ profileId, alertId: alertId! });
  expect(detail.ok && detail.data.from).toBe('appliance');
  expect(alertPages() - before).toBe(share);
  expect(finished).toBe(false);

  // Its wait was set before clock.run started watching: move past it, then let the rest settle.
  const startedAt = clock.now();
  await clock.advance(62_000);
  await clock.run(sync);
  expect(sorted(cachedAlertIds(workspace.services, profileId))).toEqual(sorted(await simulatorAlertIds(sims)));
  // Twelve pages at seven a minute: the walk took another window, and the appliance never said 429.
  expect(clock.now() - startedAt).toBeGreaterThanOrEqual(60_000);
  expectNone(sims.firewall.requests.slice(-20), (request) => request.status === 429, 'be answered 429');
});

test('retention keeps the cache bounded by rows and by age; the next sync does not fetch the removed ones again', async () => {
  const profileId = await addFirewallProfile(workspace, sims);
  workspace.services.firewall.syncSettings.save(profileId, { intervalSeconds: 60, backfillDays: 365, retentionDays: 3650, retentionRows: 1_000 });
  await clock.run(workspace.services.firewall.syncNow(profileId));
  const newest = sorted(await simulatorAlertIds(sims)).slice(0, 1_000);
  expect(sorted(cachedAlertIds(workspace.services, profileId))).toEqual(newest);
  const counted = await workspace.api.firewall.alerts({ profileId, limit: 1 });
  expect(counted.ok && counted.data.total).toBe(1_000);
  const before = alertPages();
  await clock.run(workspace.services.firewall.syncNow(profileId));
  expect(alertPages() - before).toBe(1);

  workspace.services.firewall.syncSettings.save(profileId, { intervalSeconds: 60, backfillDays: 365, retentionDays: 2, retentionRows: 1_000_000 });
  await clock.run(workspace.services.firewall.syncNow(profileId));
  const page = await workspace.api.firewall.alerts({ profileId, sort: { field: 'occurredAt', direction: 'asc' }, limit: 1 });
  const oldest = page.ok ? Date.parse(page.data.rows[0]!.occurredAt!) : 0;
  expect(oldest).toBeGreaterThanOrEqual(clock.now() - 2 * 86_400_000);
  expect(page.ok && page.data.total).toBe(cachedAlertIds(workspace.services, profileId).length);
});
