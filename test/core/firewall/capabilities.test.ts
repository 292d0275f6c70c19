// Edition and role, learned from what the appliance says, never probed: no request is sent only to
// learn, and a write the user tries that the appliance refuses turns the controls read-only at once.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FirewallCapabilities } from '../../../src-shared/contract/firewall.ts';
import { startSimulators, type Simulators } from '../../sim/index.ts';
import type { SimDialect } from '../../sim/sim-server.ts';
import { FakeClock } from '../../support/fake-clock.ts';
import { addFirewallProfile, openWorkspace, type Workspace } from './firewall-fixture.ts';

const clock = new FakeClock();
let sims: Simulators;
let workspace: Workspace;

beforeAll(async () => {
  sims = await startSimulators({ alertCount: 0, clock });
  workspace = await openWorkspace(clock);
});
afterEach(() => {
  sims.firewall.setEdition('enterprise');
  sims.firewall.setStatusShape(null);
});
afterAll(async () => {
  await workspace.close();
  await sims.close();
});

async function learn(apiKey: string): Promise<{ profileId: string; capabilities: FirewallCapabilities; writesSent: number }> {
  const profileId = await addFirewallProfile(workspace, sims, { apiKey });
  const before = sims.firewall.requests.length;
  const result = await clock.run(workspace.api.firewall.capabilities({ profileId }));
  if (!result.ok) throw new Error(result.error.message);
  const writesSent = sims.firewall.requests.slice(before).filter((request) => request.method !== 'GET').length;
  return { profileId, capabilities: result.data, writesSent };
}

describe.each<SimDialect>(['opsdesk', 'plain'])('capabilities, %s dialect', (dialect) => {
  beforeAll(() => sims.firewall.setDialect(dialect));

  it('learning them sends no write: a key is never probed with empty bodies', async () => {
    for (const key of [sims.firewall.keys.readOnly, sims.firewall.keys.operations, sims.firewall.keys.demo]) {
      expect((await learn(key)).writesSent).toBe(0);
    }
  });

  it('a 403 on Block turns the block controls read-only at once, with the reason', async () => {
    const { profileId } = await learn(sims.firewall.keys.readOnly);
    const heard: FirewallCapabilities[] = [];
    await workspace.api.firewall.onCapabilitiesChanged((capabilities) => heard.push(capabilities));
    const result = await clock.run(workspace.api.firewall.block({ profileId, ip: '192.0.2.9', durationSeconds: 60, reason: '' }));
    expect(!result.ok && result.error.code).toBe('forbidden_role');
    // Told before the refused call answered: the window never offers the block again.
    expect(heard.at(-1)).toMatchObject({ profileId, role: 'read-only', operate: { state: 'denied', reason: expect.stringContaining('read-only') }, administer: { state: 'denied' } });
    const now = await clock.run(workspace.api.firewall.capabilities({ profileId }));
    expect(now.ok && now.data.operate.state).toBe('denied');
  });

  it('a policy refused for the role leaves blocking as it was', async () => {
    const { profileId } = await learn(sims.firewall.keys.operations);
    const heard: FirewallCapabilities[] = [];
    await workspace.api.firewall.onCapabilitiesChanged((capabilities) => heard.push(capabilities));
    const result = await clock.run(workspace.api.firewallAdmin.createPolicy({ profileId, policy: { name: 'x', action: 'deny' } }));
    expect(!result.ok && result.error.code).toBe('forbidden_role');
    expect(heard.at(-1)).toMatchObject({ profileId, administer: { state: 'denied' } });
    expect(heard.at(-1)?.operate.state).not.toBe('denied');
  });

  it('the free WAF edition, however the appliance writes it: read-only whatever the key, no honeypots or devices, and it says why', async () => {
    sims.firewall.setEdition('free-waf');
    const { capabilities } = await learn(sims.firewall.keys.demo);
    expect(capabilities).toMatchObject({
      operate: { state: 'denied', reason: 'The free WAF edition\'s API is read-only.' },
      administer: { state: 'denied' },
      honeypots: { state: 'denied', reason: 'The free WAF edition has no honeypots.' },
      devices: { state: 'denied', reason: 'The free WAF edition has no device management.' },
    });
  });

  it.each(['Free WAF', 'free_waf', 'FREE-WAF', 'WAF Free Edition'])('the edition written as “%s” is the free one', async (written) => {
    sims.firewall.setStatusShape((status) => ({ version: status['version'], edition: written }));
    const { capabilities } = await learn(sims.firewall.keys.demo);
    expect(capabilities).toMatchObject({ edition: written, operate: { state: 'denied', reason: 'The free WAF edition\'s API is read-only.' }, honeypots: { state: 'denied' } });
  });

  it('an edition that cannot be read is not taken for full rights: the controls say a change may be refused', async () => {
    sims.firewall.setStatusShape((status) => ({ version: status['version'] }));
    const { capabilities } = await learn(sims.firewall.keys.demo);
    expect(capabilities).toMatchObject({ edition: null, operate: { state: 'unknown', reason: expect.stringContaining('did not say its edition') } });
  });

  it('a write refused for the edition updates what the window shows', async () => {
    const { profileId } = await learn(sims.firewall.keys.operations);
    const heard: FirewallCapabilities[] = [];
    await workspace.api.firewall.onCapabilitiesChanged((capabilities) => heard.push(capabilities));
    sims.firewall.setEdition('free-waf');
    const result = await clock.run(workspace.api.firewall.block({ profileId, ip: '192.0.2.9', durationSeconds: 60, reason: '' }));
    expect(!result.ok && result.error.code).toBe('edition_unsupported');
    expect(heard.at(-1)).toMatchObject({ profileId, operate: { state: 'denied' } });
  });
});

describe('capabilities, the role as the status says it', () => {
  beforeAll(() => sims.firewall.setDialect('opsdesk'));

  it('read-only, operations and administrator keys, from /system/status', async () => {
    expect((await learn(sims.firewall.keys.readOnly)).capabilities).toMatchObject({
      edition: 'enterprise',
      role: 'read-only',
      operate: { state: 'denied', reason: expect.stringContaining('read-only') },
      administer: { state: 'denied' },
      honeypots: { state: 'allowed' },
      described: true,
    });
    expect((await learn(sims.firewall.keys.operations)).capabilities).toMatchObject({ role: 'operations', operate: { state: 'allowed' }, administer: { state: 'denied' } });
    expect((await learn(sims.firewall.keys.demo)).capabilities).toMatchObject({ role: 'administrator', operate: { state: 'allowed' }, administer: { state: 'allowed' } });
  });

  it.each([['viewer', 'read-only'], ['Operator', 'operations'], ['admin', 'administrator']])('a role written “%s” is %s', async (written, role) => {
    sims.firewall.setStatusShape((status) => ({ ...status, api_key: undefined, key_role: written }));
    expect((await learn(sims.firewall.keys.demo)).capabilities.role).toBe(role);
  });
});
