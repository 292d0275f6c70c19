// Addresses that must never be blocked (issue 40, item 2): what main says of each kind of address
// (refused, asked again, or said), IPv4 and IPv6 and IPv4-mapped IPv6 alike; the appliance's own
// address found by its name too; and main refusing such a block itself, whatever path asks.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blockCautionsOf, BlockCautions, type CautionContext } from '../../../src-main/core/firewall/blocklist/block-cautions.ts';
import type { BlockCaution } from '../../../src-shared/contract/firewall.ts';
import { FIREWALL_API_PREFIX, startSimulators, type Simulators } from '../../sim/index.ts';
import { FakeClock } from '../../support/fake-clock.ts';
import { addFirewallProfile, data, openWorkspace, type Workspace } from './firewall-fixture.ts';

const context: CautionContext = {
  appliance: { service: 'firewall', name: 'Branch firewall', host: '10.9.0.1', addresses: ['10.9.0.1'] },
  workstation: ['10.9.0.50', 'fd00::50'],
  connections: [
    { service: 'gateway', name: 'Analyst gateway', host: 'models.lab.test', addresses: ['100.64.0.7', '2001:db8:77::7'] },
    { service: 'support', name: 'Help desk', host: '172.20.0.9', addresses: ['172.20.0.9'] },
  ],
};

/** What main says of an address, as kind:level pairs, most serious first. */
const said = (ip: string) => blockCautionsOf(ip, context).map((caution) => `${caution.kind}:${caution.level}`);

describe('what an address is, before it is blocked', () => {
  it.each([
    // Refused: never a sender that a block should stop, or the analyst's own way to the appliance.
    ['127.0.0.1', ['loopback:refuse']],
    ['127.255.0.9', ['loopback:refuse']],
    ['::1', ['loopback:refuse']],
    ['::ffff:127.0.0.1', ['loopback:refuse']],
    ['0:0:0:0:0:ffff:7f00:1', ['loopback:refuse']],
    ['0.0.0.0', ['unspecified:refuse']],
    ['::', ['unspecified:refuse']],
    ['224.0.0.251', ['multicast:refuse']],
    ['239.255.255.250', ['multicast:refuse']],
    ['ff02::fb', ['multicast:refuse']],
    ['::ffff:224.0.0.1', ['multicast:refuse']],
    ['255.255.255.255', ['broadcast:refuse']],
    ['10.9.0.1', ['appliance:refuse']],
    ['::ffff:10.9.0.1', ['appliance:refuse']],
    ['10.9.0.50', ['workstation:refuse']],
    ['fd00:0:0:0::50', ['workstation:refuse']],
    // Warned, asked again: a real host may be behind them.
    ['169.254.10.20', ['linkLocal:warn']],
    ['fe80::1', ['linkLocal:warn']],
    ['fe80::1%eth0', ['linkLocal:warn']],
    ['100.64.0.7', ['ownConnection:warn']],
    ['172.20.0.9', ['ownConnection:warn']],
    // Said: labs and the simulators send from them.
    ['192.0.2.44', ['documentation:note']],
    ['198.51.100.23', ['documentation:note']],
    ['203.0.113.7', ['documentation:note']],
    ['2001:db8::1', ['documentation:note']],
    ['::ffff:203.0.113.7', ['documentation:note']],
    // More than one reason: the most serious first.
    ['2001:db8:77::7', ['ownConnection:warn', 'documentation:note']],
    // An address like any other, and what is not one address.
    ['45.33.32.156', []],
    ['2606:4700::1111', []],
    ['126.255.255.255', []],
    ['128.0.0.1', []],
    ['223.255.255.255', []],
    ['240.0.0.1', []],
    ['169.255.0.1', []],
    ['fec0::1', []],
    ['2001:db9::1', []],
    ['10.0.0.0/8', []],
    ['not an address', []],
  ])('%s', (ip, expected) => {
    expect(said(ip)).toEqual(expected);
  });

  it('names the range, the host and the connection the words need', () => {
    expect(blockCautionsOf('127.0.0.1', context)).toEqual([{ kind: 'loopback', level: 'refuse', range: '127.0.0.0/8' }]);
    expect(blockCautionsOf('10.9.0.1', context)).toEqual([{ kind: 'appliance', level: 'refuse', host: '10.9.0.1' }]);
    expect(blockCautionsOf('100.64.0.7', context)).toEqual([{ kind: 'ownConnection', level: 'warn', host: 'models.lab.test', connection: { service: 'gateway', name: 'Analyst gateway' } }]);
  });

  it('finds the appliance’s own address by its name, resolved, and another connection’s host as one of the analyst’s', async () => {
    const looked: string[] = [];
    const cautions = new BlockCautions({
      connections: () => [
        { id: 'fw', service: 'firewall', name: 'Branch firewall', baseUrl: 'https://fw.lab.test:8443/api/v1' },
        { id: 'gw', service: 'gateway', name: 'Analyst gateway', baseUrl: 'https://[2001:db8:5::5]/v1' },
      ],
      workstation: () => [],
      resolve: async (host) => {
        looked.push(host);
        return host === 'fw.lab.test' ? ['198.51.100.9', '2001:db8:9::9'] : [];
      },
      clock: new FakeClock(),
    });
    const kinds = (found: BlockCaution[]) => found.map((caution) => `${caution.kind}:${caution.level}`);
    expect(kinds(await cautions.of('fw', '198.51.100.9'))).toEqual(['appliance:refuse', 'documentation:note']);
    expect((await cautions.of('fw', '2001:db8:9::9'))[0]).toEqual({ kind: 'appliance', level: 'refuse', host: 'fw.lab.test' });
    expect(kinds(await cautions.of('fw', '2001:db8:5::5'))).toEqual(['ownConnection:warn', 'documentation:note']);
    // The other way round: on the gateway's side the appliance is one of the analyst's connections.
    expect(kinds(await cautions.of('gw', '198.51.100.9'))).toEqual(['ownConnection:warn', 'documentation:note']);
    // A name is resolved once and kept; an address literal is never looked up.
    expect(looked).toEqual(['fw.lab.test']);
  });

  it('a host that does not resolve leaves it unknown, not refused', async () => {
    const cautions = new BlockCautions({
      connections: () => [{ id: 'fw', service: 'firewall', name: 'Branch firewall', baseUrl: 'https://fw.gone.test/' }],
      workstation: () => [],
      resolve: () => Promise.reject(new Error('ENOTFOUND')),
      clock: new FakeClock(),
    });
    expect(await cautions.of('fw', '45.33.32.156')).toEqual([]);
    await expect(cautions.refuseNeverBlocked('fw', '45.33.32.156')).resolves.toBeUndefined();
    await expect(cautions.refuseNeverBlocked('fw', '127.0.0.1')).rejects.toThrow('OpsDesk never blocks 127.0.0.1: it is a loopback address (127.0.0.0/8)');
  });
});

describe('main refuses a block of an address it never blocks', () => {
  const clock = new FakeClock();
  let sims: Simulators;
  let workspace: Workspace;
  let profileId: string;
  /** A second appliance, at an address of its own in a documentation range (never reached: what it is refused is refused first). */
  let labProfileId: string;

  beforeAll(async () => {
    sims = await startSimulators({ alertCount: 0, clock });
    workspace = await openWorkspace(clock);
    profileId = await addFirewallProfile(workspace, sims);
    labProfileId = (
      await workspace.services.profiles.save({
        service: 'firewall',
        name: 'Lab firewall',
        baseUrl: 'https://198.51.100.200:9443/api/v1',
        apiKey: sims.firewall.addKey({ role: 'operations' }),
        trust: { mode: 'ca-only', caPem: sims.ca.certPem },
        settings: { rateLimit: { requests: 100, windowSeconds: 1 } },
      })
    ).id;
  });
  afterAll(async () => {
    await workspace?.close();
    await sims?.close();
  });

  const blockPosts = () => sims.firewall.requests.filter((request) => request.method === 'POST' && request.path === `${FIREWALL_API_PREFIX}/blocklist`).length;

  it('loopback, through the window’s call and straight to the service (IPv4-mapped too), and the appliance’s own: refused with the reason and the field, nothing sent or queued', async () => {
    const { api, services } = workspace;
    const refused = await api.firewall.block({ profileId: labProfileId, ip: '127.0.0.1', durationSeconds: 3600, reason: 'scan' });
    expect(refused.ok).toBe(false);
    if (refused.ok) return;
    expect(refused.error).toMatchObject({ code: 'bad_request', params: { context: 'never_block_loopback', ip: '127.0.0.1', range: '127.0.0.0/8' } });
    expect(refused.error.message).toBe('OpsDesk never blocks 127.0.0.1: it is a loopback address (127.0.0.0/8), which never leaves a machine.');
    expect(refused.error.fieldErrors?.map((field) => [field.path, field.code])).toEqual([['ip', 'never_block']]);
    await expect(services.firewall.blocks.block(labProfileId, '::ffff:127.0.0.1', 60, 'scan')).rejects.toMatchObject({ detail: { params: { context: 'never_block_loopback' } } });
    await expect(services.firewall.blocks.block(labProfileId, '::1', 60, 'scan')).rejects.toMatchObject({ detail: { params: { context: 'never_block_loopback' } } });
    // On the simulator's appliance, which listens on 127.0.0.1, the same address is that appliance's own.
    await expect(services.firewall.blocks.block(profileId, '127.0.0.1', 60, 'scan')).rejects.toMatchObject({ detail: { params: { context: 'never_block_appliance', host: '127.0.0.1' } } });
    expect(blockPosts()).toBe(0);
    expect(services.outbox.list({})).toEqual([]);
  });

  it('an alert from the appliance’s own address: its Block source is refused, and the bulk preview says why', async () => {
    const { api, services } = workspace;
    sims.firewall.addAlerts(2, { src_ip: '127.0.0.1', signature: 'ET SCAN forged from the appliance' });
    sims.firewall.addAlerts(1, { src_ip: '203.0.113.61', signature: 'ET SCAN lab' });
    await clock.run(services.firewall.syncNow(profileId));
    const alerts = data(await api.firewall.alerts({ profileId, filter: {}, limit: 10 })).rows;
    const fromAppliance = alerts.find((alert) => alert.srcIp === '127.0.0.1')!;
    const refused = await api.firewall.block({ profileId, ip: fromAppliance.srcIp!, durationSeconds: 3600, reason: fromAppliance.signature ?? '', origin: { kind: 'alert', alertId: fromAppliance.id } });
    expect(refused.ok ? null : refused.error.params?.['context']).toBe('never_block_appliance');

    const sources = data(await api.firewall.blockSources({ profileId, alertIds: alerts.map((alert) => alert.id) }));
    const cautionsOf = (ip: string) => sources.addresses.find((address) => address.ip === ip)?.cautions.map((caution) => `${caution.kind}:${caution.level}`);
    expect(cautionsOf('127.0.0.1')).toEqual(['appliance:refuse', 'loopback:refuse']);
    expect(cautionsOf('203.0.113.61')).toEqual(['documentation:note']);
    expect(blockPosts()).toBe(0);
  });

  it('the appliance’s own management address, a documentation one here: refused on that appliance, blocked after a warning on another', async () => {
    const { api, services } = workspace;
    const refused = await api.firewall.block({ profileId: labProfileId, ip: '198.51.100.200', durationSeconds: 3600, reason: '' });
    expect(refused.ok ? null : [refused.error.params, refused.error.message]).toEqual([
      { context: 'never_block_appliance', ip: '198.51.100.200', host: '198.51.100.200' },
      'OpsDesk never blocks 198.51.100.200: it is the appliance’s own address (198.51.100.200), and blocking it could cut you off from the appliance.',
    ]);
    expect(services.outbox.list({ profileId: labProfileId })).toEqual([]);

    // On the simulator's appliance it is the analyst's other appliance: warned (the window asks again), and main blocks it.
    expect(data(await api.firewall.blockCautions({ profileId, ip: '198.51.100.200' }))).toEqual([
      { kind: 'ownConnection', level: 'warn', host: '198.51.100.200', connection: { service: 'firewall', name: 'Lab firewall' } },
      { kind: 'documentation', level: 'note', range: '198.51.100.0/24' },
    ]);
    const entry = data(await clock.run(api.firewall.block({ profileId, ip: '198.51.100.200', durationSeconds: 0, reason: 'lab' })));
    expect(entry).toMatchObject({ ip: '198.51.100.200' });
    expect(entry.pending).toBeUndefined();
    expect(sims.firewall.blockedAddresses()).toContain('198.51.100.200');
  });
});
