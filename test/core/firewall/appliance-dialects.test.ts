// What two appliances answer differently within the same document: status figures in other shapes,
// an expired key under another code, trigger events inside the honeypot, filters the appliance
// ignores. Each is read the same in both dialects.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startSimulators, type Simulators } from '../../sim/index.ts';
import type { SimDialect } from '../../sim/sim-server.ts';
import { FakeClock } from '../../support/fake-clock.ts';
import { addFirewallProfile, data, openWorkspace, type Workspace } from './firewall-fixture.ts';

const clock = new FakeClock();
let sims: Simulators;
let workspace: Workspace;

beforeAll(async () => {
  sims = await startSimulators({ alertCount: 0, clock });
  workspace = await openWorkspace(clock);
});
afterEach(() => sims.firewall.setStatusShape(null));
afterAll(async () => {
  await workspace.close();
  await sims.close();
});

describe.each<SimDialect>(['opsdesk', 'plain'])('the %s dialect', (dialect) => {
  let profileId: string;
  beforeAll(async () => {
    sims.firewall.setDialect(dialect);
    profileId = await addFirewallProfile(workspace, sims);
  });

  const status = async () => workspace.services.clients.clientFor(profileId, 'firewall').getSystemStatus();

  it('status figures as the dialect sends them are percentages', async () => {
    const { cpuPercent, memoryPercent } = await status();
    expect(cpuPercent).toBeGreaterThan(0);
    expect(cpuPercent).toBeLessThanOrEqual(100);
    expect(memoryPercent).toBeGreaterThan(0);
    expect(memoryPercent).toBeLessThanOrEqual(100);
  });

  it.each([
    ['objects with the percentage inside', { cpu: { percent: 17.4 }, memory: { total: 17_179_869_184, used: 7_181_185_433, usage: 41.8 } }, { cpuPercent: 17.4, memoryPercent: 41.8 }],
    ['strings with a percent sign', { cpu: '17.4%', memory: '41.8%' }, { cpuPercent: 17.4, memoryPercent: 41.8 }],
    ['bytes beside no percentage: computed from used and total', { cpu_usage: { value: 3 }, memory: { total: 16_000, used: 4_000 } }, { cpuPercent: 3, memoryPercent: 25 }],
  ])('status figures as %s', async (_name, figures, expected) => {
    sims.firewall.setStatusShape((sent) => ({ version: sent['version'], ...figures }));
    expect(await status()).toMatchObject(expected);
  });

  it('a byte count alone is never shown as a percentage', async () => {
    sims.firewall.setStatusShape((sent) => ({ version: sent['version'], memory: 7_181_185_433, cpu: { used_bytes: 12 } }));
    const read = await status();
    expect(read.memoryPercent).toBeUndefined();
    expect(read.cpuPercent).toBeUndefined();
  });

  it('an expired key is worded as expired, with what to do', async () => {
    const expired = await addFirewallProfile(workspace, sims, { apiKey: sims.firewall.keys.expired });
    const result = await clock.run(workspace.api.firewall.capabilities({ profileId: expired, refresh: true }));
    expect(!result.ok && result.error).toMatchObject({ code: 'key_expired', message: 'The firewall key has expired.', hint: expect.stringContaining('Generate a new key') });
  });

  it("a honeypot's trigger events are shown, from the sub-path the description lists or from the honeypot itself", async () => {
    const honeypots = data(await clock.run(workspace.api.firewallAdmin.listHoneypots({ profileId, page: 1, pageSize: 50 }))).items;
    const triggered = honeypots.find((honeypot) => (honeypot.triggerCount ?? 0) > 0)!;
    const events = data(await clock.run(workspace.api.firewallAdmin.listHoneypotEvents({ profileId, honeypotId: triggered.id, page: 1, pageSize: 20 })));
    expect(events.items.length).toBeGreaterThan(0);
    expect(events.items.filter((event) => event.srcIp === undefined)).toEqual([]);
  });

  it("a finished report's content or file is saved where the user chooses, fetched by main", async () => {
    const [report] = data(await clock.run(workspace.api.firewallAdmin.listReports({ profileId, page: 1, pageSize: 20 }))).items;
    workspace.platform.savePath = path.join(workspace.dataDir, `report-${dialect}`);
    const saved = data(await clock.run(workspace.api.firewallAdmin.saveReport({ profileId, id: report!.id })));
    expect(saved.path).toBe(workspace.platform.savePath);
    const text = await readFile(saved.path!, 'utf8');
    // The opsdesk dialect sends the content (JSON); the plain one a CSV file at `download_url`.
    expect(text).toMatch(dialect === 'opsdesk' ? /^\{\n/ : /^field,value\n/);
    expect(text.length).toBeGreaterThan(20);
    expect(workspace.platform.saveDialogs.at(-1)?.defaultName).toMatch(dialect === 'opsdesk' ? /\.json$/ : /\.csv$/);
    workspace.platform.savePath = null;
    expect(data(await clock.run(workspace.api.firewallAdmin.saveReport({ profileId, id: report!.id }))).path).toBeNull();
  });

  it('the address-object type filter and the device filter show only what was asked, honoured or not', async () => {
    const hosts = data(await clock.run(workspace.api.firewallAdmin.listAddressObjects({ profileId, page: 1, pageSize: 100, type: 'host' }))).items;
    expect(hosts.length).toBeGreaterThan(0);
    expect(hosts.filter((address) => address.type !== 'host')).toEqual([]);
    const online = data(await clock.run(workspace.api.firewallAdmin.listDevices({ profileId, page: 1, pageSize: 100, online: true }))).items;
    expect(online.length).toBeGreaterThan(0);
    expect(online.filter((device) => device.online !== true)).toEqual([]);
  });
});
