// An appliance that allows smaller pages than OpsDesk asks for: it sends fewer items silently, or
// refuses a larger page with a 400 naming its bound. The alert cache, the block list, the short
// lists and the window's pages still hold every item, in both dialects.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startSimulators, type Simulators } from '../../sim/index.ts';
import type { SimDialect } from '../../sim/sim-server.ts';
import { FakeClock } from '../../support/fake-clock.ts';
import { addFirewallProfile, data, cachedAlertIds, openWorkspace, simulatorIds, sorted, type Workspace } from './firewall-fixture.ts';

const clock = new FakeClock();
let sims: Simulators;
let workspace: Workspace;

beforeAll(async () => {
  sims = await startSimulators({ alertCount: 300, clock });
  workspace = await openWorkspace(clock);
});
afterEach(() => sims.firewall.setPageCap(null));
afterAll(async () => {
  await workspace.close();
  await sims.close();
});

const refusedPages = (from: number) => sims.firewall.requests.slice(from).filter((request) => request.status === 400);

describe.each<SimDialect>(['opsdesk', 'plain'])('page-size caps, %s dialect', (dialect) => {
  let expected: { alerts: string[]; blocks: string[]; allows: string[]; domains: string[] };
  beforeAll(async () => {
    sims.firewall.setDialect(dialect);
    expected = {
      alerts: await simulatorIds(sims, '/alerts'),
      blocks: await simulatorIds(sims, '/blocklist'),
      allows: await simulatorIds(sims, '/allowlist'),
      domains: await simulatorIds(sims, '/domains/rules'),
    };
  });

  it('an appliance that silently sends fewer items than asked: the cache, the block list and the short lists fill', async () => {
    sims.firewall.setPageCap({ max: 7, over: 'truncate' });
    const profileId = await addFirewallProfile(workspace, sims);
    await clock.run(workspace.services.firewall.syncNow(profileId));
    expect(sorted(cachedAlertIds(workspace.services, profileId))).toEqual(sorted(expected.alerts.map(String)));
    expect(sorted(data(await workspace.api.firewall.blocklist({ profileId })).items.map((entry) => entry.id))).toEqual(sorted(expected.blocks.map(String)));
    expect(sorted(data(await clock.run(workspace.api.firewall.allowlist({ profileId }))).items.map((entry) => entry.id))).toEqual(sorted(expected.allows.map(String)));
    expect(sorted(data(await clock.run(workspace.api.firewall.domainRules({ profileId }))).items.map((rule) => rule.id))).toEqual(sorted(expected.domains.map(String)));
  });

  it('a 400 naming the bound: smaller pages, remembered for the profile, and nothing lost', async () => {
    sims.firewall.setPageCap({ max: 30, over: 'refuse' });
    const profileId = await addFirewallProfile(workspace, sims);
    const before = sims.firewall.requests.length;
    await clock.run(workspace.services.firewall.syncNow(profileId));
    expect(sorted(cachedAlertIds(workspace.services, profileId))).toEqual(sorted(expected.alerts.map(String)));
    expect(sorted(data(await workspace.api.firewall.blocklist({ profileId })).items.map((entry) => entry.id))).toEqual(sorted(expected.blocks.map(String)));
    // The opsdesk dialect gives the bound in its OpenAPI description: no page is refused at all.
    // The plain one does not: the first walk learns it from one 400, and nothing is refused after.
    expect(refusedPages(before).length).toBeLessThanOrEqual(dialect === 'opsdesk' ? 0 : 2);
    const again = sims.firewall.requests.length;
    expect(data(await clock.run(workspace.api.firewall.allowlist({ profileId }))).items).toHaveLength(expected.allows.length);
    await clock.run(workspace.services.firewall.syncNow(profileId));
    expect(refusedPages(again)).toEqual([]);
  });

  it("the window's pages follow the size the appliance honours", async () => {
    sims.firewall.setPageCap({ max: 7, over: 'truncate' });
    const profileId = await addFirewallProfile(workspace, sims);
    const first = data(await clock.run(workspace.api.firewallAdmin.listDevices({ profileId, page: 1, pageSize: 50 })));
    expect(first).toMatchObject({ page: 1, pageSize: 7, total: 60 });
    const second = data(await clock.run(workspace.api.firewallAdmin.listDevices({ profileId, page: 2, pageSize: 50 })));
    expect(second.items.map((device) => device.id)).not.toEqual(expect.arrayContaining(first.items.map((device) => device.id)));
  });
});
