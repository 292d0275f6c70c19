// Edition and role, learned from what the appliance says before the user tries anything.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FirewallCapabilities } from '../../../src-preload/contract/firewall.ts';
import { startSimulators, type Simulators } from '../../sim/index.ts';
import { FakeClock } from '../../support/fake-clock.ts';
import { addFirewallProfile, openWorkspace, type Workspace } from './firewall-fixture.ts';
import { expectEach } from '../../support/expect-each.ts';

const clock = new FakeClock();
let sims: Simulators;
let workspace: Workspace;

beforeAll(async () => {
  sims = await startSimulators({ alertCount: 0, clock });
  workspace = await openWorkspace(clock);
});
afterEach(() => sims.firewall.setEdition('enterprise'));
afterAll(async () => {
  await workspace.close();
  await sims.close();
});

async function capabilitiesWith(apiKey: string): Promise<FirewallCapabilities> {
  const profileId = await addFirewallProfile(workspace, sims, { apiKey });
  const result = await clock.run(workspace.api.firewall.capabilities({ profileId }));
  if (!result.ok) throw new Error(result.error.message);
  return result.data;
}

describe('capabilities', () => {
  it('a read-only key: read-only controls with the reason, learned from the 403 code, nothing created', async () => {
    const blocksBefore = sims.firewall.requests.filter((request) => request.method === 'POST').length;
    const capabilities = await capabilitiesWith(sims.firewall.keys.readOnly);
    expect(capabilities).toMatchObject({
      edition: 'enterprise',
      role: 'read-only',
      operate: { state: 'denied', reason: expect.stringContaining('read-only') },
      administer: { state: 'denied' },
      honeypots: { state: 'allowed' },
      devices: { state: 'allowed' },
      described: true,
    });
    const posts = sims.firewall.requests.filter((request) => request.method === 'POST').slice(blocksBefore);
    expectEach(posts, (request) => request.status === 403, 'be refused 403');
  });

  it('an operations key may block but not administer; an administrator key may do both', async () => {
    expect(await capabilitiesWith(sims.firewall.keys.operations)).toMatchObject({ role: 'operations', operate: { state: 'allowed' }, administer: { state: 'denied' } });
    expect(await capabilitiesWith(sims.firewall.keys.demo)).toMatchObject({ role: 'administrator', operate: { state: 'allowed' }, administer: { state: 'allowed' } });
  });

  it('the free WAF edition: read-only whatever the key, no honeypots or devices, and it says why', async () => {
    sims.firewall.setEdition('free-waf');
    const capabilities = await capabilitiesWith(sims.firewall.keys.demo);
    expect(capabilities).toMatchObject({
      edition: 'free-waf',
      operate: { state: 'denied', reason: 'The free WAF edition\'s API is read-only.' },
      honeypots: { state: 'denied', reason: 'The free WAF edition has no honeypots.' },
      devices: { state: 'denied', reason: 'The free WAF edition has no device management.' },
    });
  });

  it('a write refused later with a 403 updates what the window shows', async () => {
    const profileId = await addFirewallProfile(workspace, sims, { apiKey: sims.firewall.keys.operations });
    await clock.run(workspace.api.firewall.capabilities({ profileId }));
    const heard: FirewallCapabilities[] = [];
    await workspace.api.firewall.onCapabilitiesChanged((capabilities) => heard.push(capabilities));
    sims.firewall.setEdition('free-waf');
    const result = await clock.run(workspace.api.firewall.block({ profileId, ip: '192.0.2.9', durationSeconds: 60, reason: '' }));
    expect(!result.ok && result.error.code).toBe('edition_unsupported');
    expect(heard.at(-1)).toMatchObject({ profileId, operate: { state: 'denied' } });
  });
});
