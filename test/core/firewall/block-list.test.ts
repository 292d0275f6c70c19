// Blocking as the analyst does it: one click from an alert, the row shows its source blocked, the
// block's notification in the center opens the entry, unblock; releases found by sync are notified.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NavigationTarget } from '../../../src-preload/contract/notifications.ts';
import { startSimulators, type Simulators } from '../../sim/index.ts';
import { FakeClock } from '../../support/fake-clock.ts';
import { addFirewallProfile, data, openWorkspace, type Workspace } from './firewall-fixture.ts';

const clock = new FakeClock();
let sims: Simulators;
let workspace: Workspace;
let profileId: string;

beforeAll(async () => {
  sims = await startSimulators({ alertCount: 300, clock });
  workspace = await openWorkspace(clock);
  profileId = await addFirewallProfile(workspace, sims);
  await clock.run(workspace.services.firewall.syncNow(profileId));
});
afterAll(async () => {
  await workspace.close();
  await sims.close();
});

describe('block list', () => {
  it('blocks an alert\'s source in one click, shows it on the row, notifies, and the notification opens the entry', async () => {
    const { api, platform } = workspace;
    const [alert] = data(await api.firewall.alerts({ profileId, filter: { cells: [{ field: 'srcIp', value: '203.0.113.250', mode: 'out' }] }, limit: 1 })).rows;
    expect(alert!.sourceBlocked).toBe(false);
    const navigations: NavigationTarget[] = [];
    await api.notifications.onNavigate((target) => navigations.push(target));
    const entry = data(await clock.run(api.firewall.blockAlertSource({ profileId, alertId: alert!.id, durationSeconds: 86_400 })));
    expect(entry).toMatchObject({ ip: alert!.srcIp, durationSeconds: 86_400, reason: `Alert ${alert!.id}: ${alert!.signature}` });
    expect(data(await api.firewall.blocklist({ profileId })).items.map((item) => item.id)).toContain(entry.id);
    const [row] = data(await api.firewall.alerts({ profileId, filter: { cells: [{ field: 'srcIp', value: alert!.srcIp!, mode: 'in' }] }, limit: 1 })).rows;
    expect(row!.sourceBlocked).toBe(true);

    const center = data(await api.notifications.list({}));
    const [item] = center.items;
    expect(item).toMatchObject({ kind: 'block-created', read: false, target: { kind: 'block', params: { profileId, entryId: entry.id } } });
    expect(item!.body).toContain(alert!.srcIp!);
    expect(platform.badgeCount).toBe(center.unread);
    const shown = platform.notifications.at(-1)!;
    expect(shown.id).toBe(item!.id);
    platform.click(shown.id);
    expect(navigations).toEqual([item!.target]);
    expect(data(await api.notifications.list({})).unread).toBe(center.unread - 1);
    expect(platform.badgeCount).toBe(center.unread - 1);

    data(await clock.run(api.firewall.unblock({ profileId, entryId: entry.id })));
    expect(data(await api.firewall.blocklist({ profileId })).items.map((item) => item.id)).not.toContain(entry.id);
    const after = data(await api.firewall.alerts({ profileId, filter: { cells: [{ field: 'srcIp', value: alert!.srcIp!, mode: 'in' }] }, limit: 1 })).rows;
    expect(after[0]!.sourceBlocked).toBe(false);
  });

  it('refuses what the appliance would refuse before sending it: a range, a word', async () => {
    for (const ip of ['10.0.0.0/8', 'attacker']) {
      const result = await workspace.api.firewall.block({ profileId, ip, durationSeconds: 60, reason: '' });
      expect(result.ok).toBe(false);
      expect(!result.ok && result.error.code).toBe('bad_request');
    }
  });

  it('notices blocks made elsewhere and blocks that expire, grouped, with a click target', async () => {
    const { services, api } = workspace;
    const key = sims.firewall.addKey({ role: 'operations', rate: { requests: 100, windowSeconds: 60 } });
    const response = await fetchAsAppliance(key, '/blocklist', { ip: '198.51.100.77', duration: 120, reason: 'from the appliance UI' });
    expect(response.status).toBe(201);
    await fetchAsAppliance(key, '/blocklist', { ip: '198.51.100.78', duration: 120, reason: 'from the appliance UI' });
    await clock.run(services.firewall.syncNow(profileId));
    const created = data(await api.notifications.list({})).items.find((item) => item.kind === 'block-created' && item.count === 2);
    expect(created).toMatchObject({ title: '2 new blocks', target: { kind: 'firewall', params: { profileId, section: 'blocklist' } } });
    await clock.advance(121_000);
    await clock.run(services.firewall.syncNow(profileId));
    // Blocks the appliance already had may expire in the same two minutes: they count too.
    const released = data(await api.notifications.list({})).items.find((item) => item.kind === 'block-released')!;
    expect(released.count).toBeGreaterThanOrEqual(2);
    expect(released.title).toBe(`${released.count} blocks released`);
    expect(data(await api.firewall.blocklist({ profileId })).items.map((item) => item.ip)).not.toContain('198.51.100.77');
  });

  async function fetchAsAppliance(key: string, path: string, body: unknown): Promise<{ status: number }> {
    const { call, trustingAgent } = await import('../../sim/test-helpers.ts');
    const agent = trustingAgent(sims.ca.certPem);
    try {
      return await call(agent, `${sims.firewall.url}${path}`, { method: 'POST', json: body, headers: { authorization: `Bearer ${key}` } });
    } finally {
      await agent.close();
    }
  }
});

describe('allow list and domain rules', () => {
  it('lists, adds and deletes allow-list entries and domain rules on the appliance', async () => {
    const { api } = workspace;
    const allow = data(await clock.run(api.firewall.addAllow({ profileId, ip: '192.0.2.0/24', description: 'lab' })));
    expect(data(await clock.run(api.firewall.allowlist({ profileId }))).items).toContainEqual(allow);
    data(await clock.run(api.firewall.removeAllow({ profileId, entryId: allow.id })));
    expect(data(await clock.run(api.firewall.allowlist({ profileId }))).items.map((item) => item.id)).not.toContain(allow.id);

    const rule = data(await clock.run(api.firewall.addDomainRule({ profileId, domain: '*.Evil.example', action: 'block', description: '' })));
    expect(rule).toMatchObject({ domain: '*.evil.example', action: 'block' });
    expect(data(await clock.run(api.firewall.domainRules({ profileId }))).items.map((item) => item.id)).toContain(rule.id);
    data(await clock.run(api.firewall.removeDomainRule({ profileId, ruleId: rule.id })));
    expect(data(await clock.run(api.firewall.domainRules({ profileId }))).items.map((item) => item.id)).not.toContain(rule.id);
  });
});
