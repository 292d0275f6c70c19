// Blocking as the analyst does it: one click from an alert, the row shows its source blocked, unblock;
// the analyst's own changes notify nobody, blocks made elsewhere and releases found by sync are notified.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startSimulators, type Simulators } from '../../sim/index.ts';
import { FakeClock } from '../../support/fake-clock.ts';
import { addFirewallProfile, data, openWorkspace, type Workspace } from './firewall-fixture.ts';
import { applied } from '../../support/applied.ts';
import { driveInStep } from '../outbox/outbox-fixture.ts';

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


/** Who every block's reason names: the OS account, as the activity log has it. */
const osUser = () => workspace.services.activity.osUser ?? 'an unknown user';
describe('block list', () => {
  it('blocks an alert\'s source in one click and shows it on the row; the analyst\'s own block and release notify nobody, the log has them', async () => {
    const { api, platform } = workspace;
    const [alert] = data(await api.firewall.alerts({ profileId, filter: { cells: [{ field: 'srcIp', value: '203.0.113.250', mode: 'out' }] }, limit: 1 })).rows;
    expect(alert!.sourceBlocked).toBe(false);
    const shownBefore = platform.notifications.length;
    const entry = data(await clock.run(api.firewall.block({ profileId, ip: alert!.srcIp!, durationSeconds: 86_400, reason: alert!.signature!, origin: { kind: 'alert', alertId: alert!.id } })));
    expect(entry).toMatchObject({ ip: alert!.srcIp, durationSeconds: 86_400, reason: `OpsDesk: alert ${alert!.id} by ${osUser()}: ${alert!.signature}` });
    expect(entry.pending).toBeUndefined();
    expect(data(await api.firewall.blocklist({ profileId })).items.map((item) => item.id)).toContain(entry.id);
    const [row] = data(await api.firewall.alerts({ profileId, filter: { cells: [{ field: 'srcIp', value: alert!.srcIp!, mode: 'in' }] }, limit: 1 })).rows;
    expect(row!.sourceBlocked).toBe(true);

    data(await clock.run(api.firewall.unblock({ profileId, entryId: entry.id })));
    // The appliance pushes its block.released and the sync that follows finds the entry gone: still the analyst's own doing.
    await clock.run(workspace.services.firewall.syncNow(profileId));
    expect(data(await api.firewall.blocklist({ profileId })).items.map((item) => item.id)).not.toContain(entry.id);
    const after = data(await api.firewall.alerts({ profileId, filter: { cells: [{ field: 'srcIp', value: alert!.srcIp!, mode: 'in' }] }, limit: 1 })).rows;
    expect(after[0]!.sourceBlocked).toBe(false);

    expect(data(await api.notifications.list({})).items.filter((item) => item.kind === 'block-created')).toEqual([]);
    expect(platform.notifications.length).toBe(shownBefore);
    const logged = data(await api.activity.list({ filter: { target: { kind: 'blockEntry', id: entry.id } }, offset: 0, limit: 10 })).rows;
    expect(logged.map(({ action, outcome }) => [action.code, outcome])).toEqual([['unblock', 'sent'], ['block', 'sent']]);
  });

  it('a sync that finds the analyst\'s block before its lost answer is retried takes it as theirs: no notification, the block made once', async () => {
    const { api, platform } = workspace;
    const ip = '192.0.2.177';
    const shownBefore = platform.notifications.length;
    sims.firewall.faults.add({ method: 'POST', path: '/blocklist', kind: 'drop-after-commit', times: 1 });
    const waiting = data(await clock.run(api.firewall.block({ profileId, ip, durationSeconds: 0, reason: 'lost answer' })));
    expect(waiting.pending).toMatchObject({ change: 'block', state: 'queued' });
    expect(data(await api.firewall.blocklist({ profileId })).items.find((item) => item.ip === ip)?.pending?.writeId).toBe(waiting.pending!.writeId);

    await clock.run(workspace.services.firewall.syncNow(profileId));
    const { outbox } = workspace.services;
    // In step with real time: the outbox's look-up travels for real, and a fake clock jumping ahead
    // would time it out on a loaded machine and look again and again.
    await driveInStep(clock, () => outbox.get(waiting.pending!.writeId)?.state === 'sent');
    expect(outbox.get(waiting.pending!.writeId)!.attempts).toBe(2);
    const listed = data(await api.firewall.blocklist({ profileId })).items.filter((item) => item.ip === ip);
    expect(listed).toEqual([expect.objectContaining({ ip, reason: `OpsDesk: manual block by ${osUser()}: lost answer` })]);
    expect(listed[0]!.pending).toBeUndefined();
    expect(sims.firewall.committedWrites.filter((committed) => committed.method === 'POST' && committed.key === ip)).toHaveLength(1);
    expect(platform.notifications.length).toBe(shownBefore);
  });

  it('with the appliance away a block is queued and shown waiting; when it is back the block goes once', async () => {
    const { api, services } = workspace;
    const ip = '192.0.2.178';
    await sims.firewall.goDown();
    const waiting = data(await clock.run(api.firewall.block({ profileId, ip, durationSeconds: 0, reason: 'while away' })));
    expect(waiting).toMatchObject({ ip, pending: { change: 'block', state: 'queued', error: { code: 'connection_refused' } } });
    expect(data(await api.firewall.blocklist({ profileId })).items[0]).toMatchObject({ ip, pending: { writeId: waiting.pending!.writeId } });
    expect(services.outbox.get(waiting.pending!.writeId)).toMatchObject({ service: 'firewall', state: 'queued', action: { code: 'block', params: { address: ip } } });

    await sims.firewall.comeBack();
    // The next call that reaches it (a sync here) says it is back: the queued block goes at once.
    await clock.run(services.firewall.syncNow(profileId));
    await vi.waitFor(() => expect(services.outbox.get(waiting.pending!.writeId)?.state).toBe('sent'), { timeout: 20_000 });
    const listed = data(await api.firewall.blocklist({ profileId })).items.filter((item) => item.ip === ip);
    expect(listed).toEqual([expect.objectContaining({ ip, reason: `OpsDesk: manual block by ${osUser()}: while away`, id: expect.stringMatching(/^blk_/) })]);
    expect(listed[0]!.pending).toBeUndefined();
    expect(sims.firewall.committedWrites.filter((committed) => committed.method === 'POST' && committed.key === ip)).toHaveLength(1);
  });

  it('a new block of an address the list holds waits as an extension of its entry, not as a block of its own', async () => {
    const { api } = workspace;
    const ip = '192.0.2.179';
    const held = data(await clock.run(api.firewall.block({ profileId, ip, durationSeconds: 600, reason: 'first' })));
    expect(held.pending).toBeUndefined();
    await sims.firewall.goDown();
    data(await clock.run(api.firewall.block({ profileId, ip, durationSeconds: 3600, reason: 'longer' })));
    const listed = data(await api.firewall.blocklist({ profileId })).items.filter((item) => item.ip === ip);
    expect(listed).toEqual([expect.objectContaining({ id: held.id, pending: expect.objectContaining({ change: 'extend', state: 'queued' }) })]);
    await sims.firewall.comeBack();
  });

  it('a bulk block\'s preview names each distinct source once, and which are blocked or allowed already', async () => {
    const { api } = workspace;
    const rows = data(await api.firewall.alerts({ profileId, limit: 40 })).rows;
    const preview = data(await clock.run(api.firewall.blockSources({ profileId, alertIds: rows.map((row) => row.id) })));
    const distinct = [...new Set(rows.flatMap((row) => row.srcIp ?? []))];
    expect(preview.addresses.map((address) => address.ip).sort()).toEqual(distinct.sort());
    expect(preview.addresses.filter((address) => address.blocked).map((address) => address.ip).sort())
      .toEqual(distinct.filter((ip) => rows.find((row) => row.srcIp === ip)!.sourceBlocked).sort());
    const [first] = distinct;
    applied(data(await clock.run(api.firewall.addAllow({ profileId, ip: `${first}/32`, description: 'office' }))));
    const again = data(await clock.run(api.firewall.blockSources({ profileId, alertIds: rows.map((row) => row.id) })));
    expect(again.addresses.find((address) => address.ip === first)?.allowed).toBe(true);
    const everything = data(await clock.run(api.firewall.blockSources({ profileId, filter: {} })));
    expect(new Set(everything.addresses.map((address) => address.ip)).size).toBe(everything.addresses.length);
    expect(everything.addresses.length).toBeGreaterThanOrEqual(distinct.length);
  });

  it('every block says on the appliance where it was made and by whom: the address card, a bulk block, an approved proposal', async () => {
    const { api } = workspace;
    const user = osUser();
    const made = [
      { ip: '192.0.2.181', reason: '', origin: { kind: 'manual' } },
      { ip: '192.0.2.182', reason: 'campaign', origin: { kind: 'bulk', count: 12, from: 'filter severity=high' } },
      { ip: '192.0.2.183', reason: 'scanner', origin: { kind: 'proposal', alertId: 'alt_9' } },
    ] as const;
    for (const block of made) data(await clock.run(api.firewall.block({ profileId, ip: block.ip, durationSeconds: 600, reason: block.reason, origin: block.origin })));
    const reasons = made.map(({ ip }) => sims.firewall.committedWrites.findLast((write) => write.method === 'POST' && write.key === ip)?.body['reason']);
    expect(reasons).toEqual([
      `OpsDesk: manual block by ${user}`,
      `OpsDesk: bulk block of 12 from filter severity=high by ${user}: campaign`,
      `OpsDesk: approved model proposal for alert alt_9 by ${user}: scanner`,
    ]);
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
    const allow = applied(data(await clock.run(api.firewall.addAllow({ profileId, ip: '192.0.2.0/24', description: 'lab' }))));
    expect(data(await clock.run(api.firewall.allowlist({ profileId }))).items).toContainEqual(allow);
    data(await clock.run(api.firewall.removeAllow({ profileId, entryId: allow.id })));
    expect(data(await clock.run(api.firewall.allowlist({ profileId }))).items.map((item) => item.id)).not.toContain(allow.id);

    const rule = applied(data(await clock.run(api.firewall.addDomainRule({ profileId, domain: '*.Evil.example', action: 'block', description: '' }))));
    expect(rule).toMatchObject({ domain: '*.evil.example', action: 'block' });
    expect(data(await clock.run(api.firewall.domainRules({ profileId }))).items.map((item) => item.id)).toContain(rule.id);
    data(await clock.run(api.firewall.removeDomainRule({ profileId, ruleId: rule.id })));
    expect(data(await clock.run(api.firewall.domainRules({ profileId }))).items.map((item) => item.id)).not.toContain(rule.id);
  });
});
