// The appliance's administration endpoints against the simulator over real HTTPS, through the real
// router and services (window.opsdesk under Node), with a real SQLite file.
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import type { AppServices } from '../../../src-main/core/app-services.ts';
import type { IpcResult, OpsDeskApi, ReportChanged, StatusSampled } from '../../../src-shared/contract/index.ts';
import { createCertificateAuthority, FirewallSim, issueServerCertificate, type CertificateAuthority } from '../../sim/index.ts';
import { bridgeInProcess } from '../../support/bridge-in-process.ts';
import { FakeClock } from '../../support/fake-clock.ts';
import { expectEach } from '../../support/expect-each.ts';
import { openTestServices, type TestServices } from '../../support/test-services.ts';
import { applied } from '../../support/applied.ts';

let ca: CertificateAuthority;
let firewall: FirewallSim;
const opened: TestServices[] = [];

beforeAll(async () => {
  ca = await createCertificateAuthority();
  firewall = await startFirewall();
});
afterAll(async () => {
  await firewall.close();
});
afterEach(async () => {
  for (const { dispose } of opened.splice(0)) {
    await dispose();
  }
});

async function startFirewall(clock?: FakeClock): Promise<FirewallSim> {
  const sim = new FirewallSim({ seed: 7, alertCount: 50, caPem: ca.certPem, ...(clock ? { clock } : {}) });
  await sim.listen(0, await issueServerCertificate(ca, { hostnames: ['localhost'], ips: ['127.0.0.1'] }));
  return sim;
}

/** The app's services over the real router, with one firewall profile using `apiKey`. */
async function openWith(sim: FirewallSim, apiKey: string, clock?: FakeClock): Promise<{ api: OpsDeskApi; profileId: string; services: AppServices }> {
  const test = await openTestServices(clock ? { clock } : {});
  opened.push(test);
  const { services } = test;
  const profile = await services.profiles.save({
    service: 'firewall',
    name: 'Lab firewall',
    baseUrl: sim.url,
    apiKey,
    trust: { mode: 'ca-only', caPem: ca.certPem },
    settings: { rateLimit: { requests: 500, windowSeconds: 1 } },
  });
  return { api: bridgeInProcess(services), profileId: profile.id, services };
}

function dataOf<T>(result: IpcResult<T>): T {
  if (!result.ok) throw new Error(`expected success, got ${result.error.code}: ${result.error.message}`);
  return result.data;
}

function errorOf<T>(result: IpcResult<T>) {
  if (result.ok) throw new Error('expected a failure');
  return result.error;
}

describe('policies', () => {
  test('list, create, edit and delete; the appliance refusing a value shows on that field', async () => {
    const { api, profileId } = await openWith(firewall, firewall.keys.demo);
    const first = dataOf(await api.firewallAdmin.listPolicies({ profileId, page: 1, pageSize: 5 }));
    expect(first.items).toHaveLength(5);
    expect(first.total).toBeGreaterThan(5);
    expect(first.items[0]).toMatchObject({ id: expect.any(String), name: expect.any(String), action: expect.stringMatching(/allow|deny|reject/) });

    const refused = errorOf(
      await api.firewallAdmin.createPolicy({ profileId, policy: { name: 'Block telnet', action: 'deny', service: ['tcp/23'], priority: 0 } }),
    );
    expect(refused.code).toBe('bad_request');
    expect(refused.fieldErrors).toEqual([{ path: 'priority', code: 'appliance_rejected', params: { detail: expect.stringContaining('priority') }, message: expect.stringContaining('priority') }]);

    const created = applied(dataOf(
      await api.firewallAdmin.createPolicy({ profileId, policy: { name: 'Block telnet', action: 'deny', service: ['tcp/23'], priority: 5 } }),
    ));
    expect(created).toMatchObject({ name: 'Block telnet', action: 'deny', service: ['tcp/23'], source: ['any'], enabled: true, priority: 5 });
    // The appliance's +08:00 times arrive as UTC.
    expect(created.createdAt).toMatch(/Z$/);

    const edited = applied(dataOf(await api.firewallAdmin.updatePolicy({ profileId, id: created.id, policy: { enabled: false, description: 'legacy' } })));
    expect(edited).toMatchObject({ id: created.id, name: 'Block telnet', enabled: false, description: 'legacy' });
    const editRefused = errorOf(await api.firewallAdmin.updatePolicy({ profileId, id: created.id, policy: { action: 'maybe' } }));
    expect(editRefused.fieldErrors?.[0]?.path).toBe('action');

    expect(dataOf(await api.firewallAdmin.deletePolicy({ profileId, id: created.id }))).toBeNull();
    // Deleting what is gone is done: the outbox may send a delete again after its answer was lost.
    expect(dataOf(await api.firewallAdmin.deletePolicy({ profileId, id: created.id }))).toBeNull();
  });

  test('a read-only key lists but may not write: the role is named', async () => {
    const { api, profileId } = await openWith(firewall, firewall.keys.readOnly);
    expect(dataOf(await api.firewallAdmin.listPolicies({ profileId, page: 1, pageSize: 50 })).items.length).toBeGreaterThan(0);
    const refused = errorOf(await api.firewallAdmin.createPolicy({ profileId, policy: { name: 'x', action: 'allow' } }));
    expect(refused).toMatchObject({ code: 'forbidden_role', status: 403 });
  });
});

describe('address objects and groups', () => {
  test('create a host and a group of it, filter by type, edit, and a bad value lands on its field', async () => {
    const { api, profileId } = await openWith(firewall, firewall.keys.demo);
    const badHost = errorOf(await api.firewallAdmin.createAddressObject({ profileId, addressObject: { name: 'Web', type: 'host', value: 'web01' } }));
    expect(badHost.fieldErrors).toEqual([{ path: 'value', code: 'appliance_rejected', params: { detail: expect.stringContaining('IP address') }, message: expect.stringContaining('IP address') }]);

    const host = applied(dataOf(await api.firewallAdmin.createAddressObject({ profileId, addressObject: { name: 'Web', type: 'host', value: '10.1.2.3' } })));
    expect(host).toMatchObject({ type: 'host', value: '10.1.2.3', members: [] });
    const badGroup = errorOf(
      await api.firewallAdmin.createAddressObject({ profileId, addressObject: { name: 'Webs', type: 'group', members: ['addr_missing'] } }),
    );
    expect(badGroup.fieldErrors?.[0]?.path).toBe('members');
    const group = applied(dataOf(await api.firewallAdmin.createAddressObject({ profileId, addressObject: { name: 'Webs', type: 'group', members: [host.id] } })));
    expect(group.members).toEqual([host.id]);
    expect(group.value).toBeUndefined();

    const groups = dataOf(await api.firewallAdmin.listAddressObjects({ profileId, page: 1, pageSize: 500, type: 'group' }));
    expectEach(groups.items, (item) => item.type === 'group', 'be a group');
    expect(groups.items.map((item) => item.id)).toContain(group.id);

    const moved = applied(dataOf(await api.firewallAdmin.updateAddressObject({ profileId, id: host.id, addressObject: { value: '10.1.2.4' } })));
    expect(moved.value).toBe('10.1.2.4');
    dataOf(await api.firewallAdmin.deleteAddressObject({ profileId, id: group.id }));
    dataOf(await api.firewallAdmin.deleteAddressObject({ profileId, id: host.id }));
  });
});

describe('log search', () => {
  test('the query object goes to the appliance, pages come back, and the search is kept once', async () => {
    const clock = new FakeClock(Date.parse('2026-01-01T00:00:00Z'));
    const { api, profileId } = await openWith(firewall, firewall.keys.readOnly, clock);
    const query = { type: 'traffic', action: 'deny', timePreset: 'all' } as const;
    const first = dataOf(await api.firewallAdmin.searchLogs({ profileId, query, page: 1, pageSize: 20 }));
    expect(first.sent).toEqual({ type: 'traffic', action: 'deny' });
    expect(first.items.length).toBe(20);
    expectEach(first.items, (entry) => entry.type === 'traffic' && entry.action === 'deny', 'be a denied traffic line');
    const second = dataOf(await api.firewallAdmin.searchLogs({ profileId, query, page: 2, pageSize: 20 }));
    expect(second.total).toBe(first.total);
    expect(second.items.map((entry) => entry.id)).not.toContain(first.items[0]!.id);

    clock.setTimeout(() => {}, 0);
    await clock.advance(60_000);
    const recent = { text: 'login', srcIp: ' ', timePreset: '1h' } as const;
    const found = dataOf(await api.firewallAdmin.searchLogs({ profileId, query: recent, page: 1, pageSize: 20 }));
    expect(found.sent).toEqual({ query: 'login', since: new Date(clock.now() - 3_600_000).toISOString() });
    await clock.advance(60_000);
    dataOf(await api.firewallAdmin.searchLogs({ profileId, query, page: 1, pageSize: 20 }));

    const kept = dataOf(await api.firewallAdmin.recentLogQueries({ profileId }));
    expect(kept.map((entry) => entry.query)).toEqual([query, recent]);
  });

  test('an address the appliance refuses is shown on the source field, and the search is not kept', async () => {
    const { api, profileId } = await openWith(firewall, firewall.keys.readOnly);
    const refused = errorOf(await api.firewallAdmin.searchLogs({ profileId, query: { srcIp: '10.0.0.999' }, page: 1, pageSize: 20 }));
    expect(refused.fieldErrors).toEqual([{ path: 'srcIp', code: 'appliance_rejected', params: { detail: expect.stringContaining('src_ip') }, message: expect.stringContaining('src_ip') }]);
    expect(dataOf(await api.firewallAdmin.recentLogQueries({ profileId }))).toEqual([]);
  });
});

describe('devices', () => {
  test('listed with filters; the free WAF edition has none and says so', async () => {
    const sim = await startFirewall();
    try {
      const { api, profileId } = await openWith(sim, sim.keys.readOnly);
      const all = dataOf(await api.firewallAdmin.listDevices({ profileId, page: 1, pageSize: 500 }));
      expect(all.items.length).toBeGreaterThan(0);
      const online = dataOf(await api.firewallAdmin.listDevices({ profileId, page: 1, pageSize: 500, online: true }));
      expectEach(online.items, (device) => device.online === true, 'be online');
      expect(online.total).toBeLessThan(all.total);
      const named = all.items[0]!;
      const found = dataOf(await api.firewallAdmin.listDevices({ profileId, page: 1, pageSize: 500, text: named.ip! }));
      expect(found.items.map((device) => device.id)).toContain(named.id);

      sim.setEdition('free-waf');
      expect(errorOf(await api.firewallAdmin.listDevices({ profileId, page: 1, pageSize: 50 }))).toMatchObject({ code: 'edition_unsupported', status: 403 });
      expect(errorOf(await api.firewallAdmin.listHoneypots({ profileId, page: 1, pageSize: 50 })).code).toBe('edition_unsupported');
    } finally {
      await sim.close();
    }
  });
});

describe('honeypots', () => {
  test('create, edit, list its trigger events, delete; a port out of range lands on the port field', async () => {
    const { api, profileId } = await openWith(firewall, firewall.keys.demo);
    const listed = dataOf(await api.firewallAdmin.listHoneypots({ profileId, page: 1, pageSize: 50 }));
    const busy = listed.items.find((honeypot) => (honeypot.triggerCount ?? 0) > 0)!;
    const events = dataOf(await api.firewallAdmin.listHoneypotEvents({ profileId, honeypotId: busy.id, page: 1, pageSize: 5 }));
    expect(events.total).toBe(busy.triggerCount);
    expectEach(events.items, (event) => event.honeypotId === busy.id, `belong to honeypot ${busy.id}`);
    const times = events.items.map((event) => event.occurredAt!);
    expect([...times].sort().reverse()).toEqual(times);

    const refused = errorOf(await api.firewallAdmin.createHoneypot({ profileId, honeypot: { name: 'Decoy', type: 'ssh', ip: '10.20.99.50', port: 70_000 } }));
    expect(refused.fieldErrors?.[0]?.path).toBe('port');
    const created = applied(dataOf(await api.firewallAdmin.createHoneypot({ profileId, honeypot: { name: 'Decoy', type: 'ssh', ip: '10.20.99.50', port: 2222 } })));
    expect(created).toMatchObject({ name: 'Decoy', type: 'ssh', port: 2222, enabled: true, triggerCount: 0 });
    const disabled = applied(dataOf(await api.firewallAdmin.updateHoneypot({ profileId, id: created.id, honeypot: { enabled: false } })));
    expect(disabled.enabled).toBe(false);
    expect(dataOf(await api.firewallAdmin.listHoneypotEvents({ profileId, honeypotId: created.id, page: 1, pageSize: 5 })).total).toBe(0);
    dataOf(await api.firewallAdmin.deleteHoneypot({ profileId, id: created.id }));
    expect(errorOf(await api.firewallAdmin.listHoneypotEvents({ profileId, honeypotId: created.id, page: 1, pageSize: 5 })).code).toBe('not_found');
  });
});

describe('reports', () => {
  test('a generated report is followed until ready and then read with its content', async () => {
    const clock = new FakeClock();
    const sim = await startFirewall(clock);
    try {
      const { api, profileId } = await openWith(sim, sim.keys.readOnly, clock);
      const changes: ReportChanged[] = [];
      await api.firewallAdmin.onReportChanged((change) => changes.push(change));
      const timersBefore = clock.pending().length;
      const started = applied(dataOf(await api.firewallAdmin.generateReport({ profileId, report: { type: 'top_sources', name: 'Top talkers' } })));
      expect(started).toMatchObject({ name: 'Top talkers', type: 'top_sources', status: 'generating' });

      // The simulator finishes a report 1 s after the request; OpsDesk asks every 0.5 s.
      for (let asked = 1; asked <= 2; asked++) {
        await clock.advance(500);
        await vi.waitFor(() => expect(changes).toHaveLength(asked));
      }
      expect(changes.map((change) => change.report.status)).toEqual(['generating', 'ready']);
      const ready = changes.at(-1)!;
      expect(ready).toMatchObject({ profileId, report: { id: started.id, status: 'ready', content: { top_sources: expect.any(Array) } } });
      // Following stopped with the report ready.
      expect(clock.pending()).toHaveLength(timersBefore);

      const list = dataOf(await api.firewallAdmin.listReports({ profileId, page: 1, pageSize: 50 }));
      expect(list.items[0]).toMatchObject({ id: started.id, status: 'ready' });
      expect(list.items[0]!.content).toBeUndefined();
      const read = dataOf(await api.firewallAdmin.getReport({ profileId, id: started.id }));
      expect(read.content).toEqual(ready.report.content);

      const refused = errorOf(await api.firewallAdmin.generateReport({ profileId, report: { type: 'everything' } }));
      expect(refused.fieldErrors?.[0]?.path).toBe('type');
    } finally {
      await sim.close();
    }
  });
});

describe('status', () => {
  test('the poller reads the status on its interval and keeps every CPU and memory reading since it started', async () => {
    const clock = new FakeClock();
    const sim = await startFirewall(clock);
    try {
      const { api, profileId, services } = await openWith(sim, sim.keys.readOnly, clock);
      const heard: StatusSampled[] = [];
      await api.firewallAdmin.onStatusSampled((sampled) => heard.push(sampled));
      // The start's own first steps run first (the meaning index's first pass among them): the count is the poller's alone.
      await clock.advance(0);
      const timersBefore = clock.pending().length;
      expect(dataOf(await api.firewallAdmin.status({ profileId }))).toMatchObject({ status: null, samples: [] });
      for (let read = 1; read <= 3; read++) {
        // At once, then every 5 s give or take the jitter.
        await clock.advance(read === 1 ? 0 : 6_000);
        await vi.waitFor(() => expect(heard).toHaveLength(read));
      }
      const history = dataOf(await api.firewallAdmin.status({ profileId }));
      expect(history.status).toMatchObject({ version: '7.4.2', edition: 'enterprise', cpuPercent: expect.any(Number), activeSessions: expect.any(Number) });
      expect(history.samples).toHaveLength(3);
      expect(history.samples.map((sample) => sample.cpuPercent)).toEqual(heard.map((sampled) => sampled.sample.cpuPercent));
      expectEach(history.samples, (sample) => typeof sample.memoryPercent === 'number', 'have a memory figure');
      expect(history.readAt).toBe(history.samples.at(-1)!.at);

      expect(errorOf(await api.firewallAdmin.status({ profileId: 'no-such-profile' })).code).toBe('not_found');
      services.firewallAdmin.dispose();
      expect(clock.pending()).toHaveLength(timersBefore);
    } finally {
      await sim.close();
    }
  });
});
