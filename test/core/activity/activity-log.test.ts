// The activity log against the simulators over real HTTPS, through the real router (window.opsdesk
// under Node), with a real SQLite file and a fake clock: what each action records, the outbox's
// queued write settling, retention, a restart, and that neither the file nor the CSV holds a key.
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import type { ActivityEntry, IpcResult, OpsDeskApi } from '../../../src-shared/contract/index.ts';
import { SUPPORT_SCOPES, startSimulators, type Simulators } from '../../sim/index.ts';
import { FakeClock } from '../../support/fake-clock.ts';
import { driveUntil, settle } from '../outbox/outbox-fixture.ts';
import { SessionKeyStore } from '../../../src-main/core/secrets/session-key-store.ts';
import { bridgeInProcess } from '../../support/bridge-in-process.ts';
import { openTestServices, type TestServices } from '../../support/test-services.ts';
import { applied } from '../../support/applied.ts';

let sims: Simulators;
let clock: FakeClock;
let dataDir: string;
let opened: TestServices | undefined;
let api: OpsDeskApi;
let keyStore: SessionKeyStore;
let profileNumber = 0;

const DAY_MS = 24 * 3_600_000;

beforeAll(async () => {
  sims = await startSimulators({ alertCount: 0 });
});
afterAll(async () => {
  await sims.close();
});
beforeEach(async () => {
  clock = new FakeClock();
  keyStore = new SessionKeyStore('activity test');
  dataDir = await mkdtemp(path.join(tmpdir(), 'opsdesk-activity-'));
  await open();
});
afterEach(async () => {
  sims.support.faults.clear();
  await opened?.dispose();
  opened = undefined;
  await rm(dataDir, { recursive: true, force: true });
});

async function open(): Promise<void> {
  opened = await openTestServices({ dataDir, clock, keyStore });
  api = bridgeInProcess(opened.services);
}

function ok<T>(result: IpcResult<T>): T {
  if (!result.ok) throw new Error(`call failed: ${result.error.code} ${result.error.message}`);
  return result.data;
}

async function firewallProfile(role: 'operations' | 'administrator' | 'read-only' = 'administrator', apiKey = sims.firewall.addKey({ role, rate: { requests: 100_000, windowSeconds: 60 } })) {
  const { id } = await opened!.services.profiles.save({
    service: 'firewall',
    name: `Edge firewall ${++profileNumber}`,
    baseUrl: sims.firewall.url,
    apiKey,
    trust: { mode: 'ca-only', caPem: sims.ca.certPem },
    settings: { rateLimit: { requests: 10_000, windowSeconds: 60 } },
  });
  return { profileId: id, apiKey };
}

async function supportProfile(apiKey = sims.support.addKey({ site: 'site-main', scopes: [...SUPPORT_SCOPES], ratePerMinute: 100_000 })) {
  const { id } = await opened!.services.profiles.save({
    service: 'support',
    name: `Help desk ${++profileNumber}`,
    baseUrl: sims.support.url,
    apiKey,
    trust: { mode: 'ca-only', caPem: sims.ca.certPem },
    timeouts: { connectMs: 2_000, headersMs: 5_000, bodyMs: 5_000, streamIdleMs: 5_000 },
    settings: { site: 'site-main', ratePerMinute: 10_000 },
  });
  return { profileId: id, apiKey };
}

const entries = async (filter: Parameters<OpsDeskApi['activity']['list']>[0]['filter'] = {}): Promise<ActivityEntry[]> => ok(await api.activity.list({ filter })).rows;
const requestIdsSentBy = (sim: { requests: { requestId?: string }[] }) => sim.requests.map((request) => request.requestId);

describe('firewall writes', () => {
  test('a block records the address, the appliance request id, sent, and the conversation that proposed it', async () => {
    const { profileId } = await firewallProfile('operations');
    const entry = ok(await api.firewall.block({ profileId, ip: '203.0.113.77', durationSeconds: 3600, reason: 'scanner', proposedBy: { conversationId: 'conv-1' } }));

    const [logged] = await entries();
    expect(logged).toMatchObject({
      profileId,
      profileName: expect.stringMatching(/^Edge firewall/),
      backEnd: 'firewall',
      action: { code: 'block' },
      target: { kind: 'blockEntry', id: entry.id, address: '203.0.113.77' },
      outcome: 'sent',
      errorCode: null,
      proposedBy: { conversationId: 'conv-1' },
    });
    expect(logged!.requestId).toMatch(/^req_/);
    await vi.waitFor(() => expect(requestIdsSentBy(sims.firewall)).toContain(logged!.requestId));
    expect(JSON.stringify(logged)).not.toContain('scanner');

    ok(await api.firewall.unblock({ profileId, entryId: entry.id }));
    expect((await entries({ target: { address: '203.0.113.77' } })).map((row) => row.action.code)).toEqual(['unblock', 'block']);
  });

  test('a write the key may not make is recorded as failed with its code and the request id of the refusal', async () => {
    const { profileId } = await firewallProfile('read-only');
    const result = await api.firewall.block({ profileId, ip: '198.51.100.5', durationSeconds: 60, reason: '' });
    expect(result.ok).toBe(false);
    const [logged] = await entries();
    expect(logged).toMatchObject({ action: { code: 'block' }, target: { address: '198.51.100.5' }, outcome: 'failed', errorCode: 'forbidden_role' });
    expect(logged!.requestId).toMatch(/^req_/);
  });

  test('a policy, an allow entry and a domain rule are named by what the appliance calls them', async () => {
    const { profileId } = await firewallProfile('administrator');
    const policy = applied(ok(await api.firewallAdmin.createPolicy({ profileId, policy: { name: 'Deny telnet', action: 'deny', enabled: true, priority: 10 } })));
    applied(ok(await api.firewall.addAllow({ profileId, ip: '192.0.2.10', description: 'office' })));
    ok(await api.firewallAdmin.deletePolicy({ profileId, id: policy.id }));
    const rows = await entries();
    expect(rows.map(({ action, target, outcome }) => ({ code: action.code, target, outcome }))).toEqual([
      { code: 'deletePolicy', target: { kind: 'policy', id: policy.id }, outcome: 'sent' },
      { code: 'addAllow', target: { kind: 'allowEntry', id: expect.any(String), address: '192.0.2.10' }, outcome: 'sent' },
      { code: 'createPolicy', target: { kind: 'policy', id: policy.id, label: 'Deny telnet' }, outcome: 'sent' },
    ]);
    expect(await entries({ target: { kind: 'policy', id: policy.id } })).toHaveLength(2);
  });
});

describe('support writes through the outbox', () => {
  test('a write made while the help desk is down is queued, then the same row says sent with the server request id', async () => {
    const { profileId } = await supportProfile();
    sims.support.faults.add({ method: 'POST', path: '/tickets', kind: 'status', status: 503 });
    const write = ok(await settle(clock, api.support.createTicket({ profileId, subject: 'Printer on fire', message: 'Customer text that stays out of the log' })));
    expect(write.state).toBe('queued');
    expect(await entries()).toMatchObject([{ backEnd: 'support', action: { code: 'createTicket' }, target: { kind: 'ticket' }, outcome: 'queued', errorCode: 'service_unavailable' }]);

    sims.support.faults.clear();
    await driveUntil(clock, () => opened!.services.outbox.get(write.id)?.state === 'sent');
    const rows = await entries();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ outcome: 'sent', errorCode: null, target: { kind: 'ticket', id: expect.any(String) } });
    expect(rows[0]!.requestId).toMatch(/^req_/);
    expect(JSON.stringify(rows)).not.toContain('Customer text');
  });
});

describe('a write the help desk refused', () => {
  test('is failed with its code, and discarded when the analyst gives it up', async () => {
    const { profileId } = await supportProfile();
    sims.support.faults.add({ method: 'POST', path: '/tickets', kind: 'status', status: 409, times: 1 });
    const write = ok(await settle(clock, api.support.createTicket({ profileId, subject: 'Refund', message: 'Please refund' })));
    expect(write.state).toBe('failed');
    expect(await entries()).toMatchObject([{ outcome: 'failed', errorCode: 'conflict', requestId: expect.stringMatching(/^req_/) }]);
    ok(await api.outbox.discard({ id: write.id }));
    expect(await entries()).toMatchObject([{ outcome: 'discarded', errorCode: 'conflict' }]);
  });
});

describe('the log over time', () => {
  test('keeps its rows across a restart, and deletes those older than the retention at start and daily', async () => {
    const { profileId } = await firewallProfile('operations');
    ok(await api.firewall.block({ profileId, ip: '203.0.113.1', durationSeconds: 60, reason: '' }));
    expect(ok(await api.activity.settings())).toEqual({ retentionDays: 180 });

    await opened!.dispose();
    clock = new FakeClock(clock.now() + 100 * DAY_MS);
    await open();
    expect((await entries()).map((row) => row.target.address)).toEqual(['203.0.113.1']);
    ok(await api.firewall.block({ profileId, ip: '203.0.113.2', durationSeconds: 60, reason: '' }));

    await clock.advance(81 * DAY_MS);
    expect((await entries()).map((row) => row.target.address)).toEqual(['203.0.113.2']);

    ok(await api.activity.saveSettings({ retentionDays: 30 }));
    expect(await entries()).toEqual([]);
    await opened!.dispose();
    await open();
    expect(ok(await api.activity.settings())).toEqual({ retentionDays: 30 });
  });

  test('filters by back end, outcome, time and words, and pages', async () => {
    const firewall = await firewallProfile('operations');
    const readOnly = await firewallProfile('read-only');
    for (const ip of ['203.0.113.10', '203.0.113.11', '203.0.113.12']) ok(await api.firewall.block({ profileId: firewall.profileId, ip, durationSeconds: 60, reason: '' }));
    await clock.advance(60_000);
    const since = new Date(clock.now()).toISOString();
    await api.firewall.block({ profileId: readOnly.profileId, ip: '198.51.100.99', durationSeconds: 60, reason: '' });

    expect((await entries({ outcomes: ['failed'] })).map((row) => row.target.address)).toEqual(['198.51.100.99']);
    expect((await entries({ from: since })).map((row) => row.target.address)).toEqual(['198.51.100.99']);
    expect((await entries({ text: '113.11' })).map((row) => row.target.address)).toEqual(['203.0.113.11']);
    expect(await entries({ backEnds: ['support'] })).toEqual([]);
    expect(await entries({ text: '%' })).toEqual([]);
    const page = ok(await api.activity.list({ filter: { backEnds: ['firewall'] }, offset: 1, limit: 2 }));
    expect({ total: page.total, addresses: page.rows.map((row) => row.target.address) }).toEqual({ total: 4, addresses: ['203.0.113.12', '203.0.113.11'] });
    expect(opened!.services.activity.search('203.0.113.1', 2)).toHaveLength(2);
    expect(ok(await api.activity.actions())).toEqual(['block']);
  });
});

describe('what the log never holds', () => {
  test('no key reaches the SQLite file or the CSV; a hostile name is written as text', async () => {
    const firewall = await firewallProfile('administrator');
    const support = await supportProfile();
    ok(await api.firewall.block({ profileId: firewall.profileId, ip: '203.0.113.50', durationSeconds: 60, reason: 'customer note' }));
    applied(ok(await api.firewallAdmin.createPolicy({ profileId: firewall.profileId, policy: { name: '=cmd|\' /C calc\'!A0', action: 'deny', enabled: true, priority: 5 } })));
    await settle(clock, api.support.createTicket({ profileId: support.profileId, subject: 'Login', message: 'pasted customer text' }));
    await driveUntil(clock, () => opened!.services.outbox.list({ states: ['sending', 'queued'] }).length === 0);

    const csvPath = path.join(dataDir, 'activity.csv');
    opened!.platform.savePath = csvPath;
    const exported = ok(await api.activity.exportCsv({ filter: {} }));
    expect(exported).toEqual({ path: csvPath, rows: 3 });
    const csv = await readFile(csvPath, 'utf8');
    expect(csv).toContain(`,'=cmd|' /C calc'!A0,`);
    expect(csv.split('\n').some((line) => /(^|,)"?=/.test(line))).toBe(false);
    expect((await entries())[0]).toMatchObject({ backEnd: 'local', action: { code: 'exportActivityCsv' }, target: { kind: 'activity', label: 'activity.csv' }, outcome: 'sent' });

    opened!.services.db.pragma('wal_checkpoint(TRUNCATE)');
    const files = (await readdir(dataDir)).filter((name) => name.startsWith('opsdesk.sqlite'));
    const stored = Buffer.concat(await Promise.all(files.map((name) => readFile(path.join(dataDir, name)))));
    const activityRows = JSON.stringify(opened!.services.db.prepare('SELECT * FROM activity_log').all());
    for (const key of [firewall.apiKey, support.apiKey]) {
      expect(activityRows).not.toContain(key);
      expect(csv).not.toContain(key);
      expect(stored.includes(Buffer.from(key))).toBe(false);
    }
    expect(activityRows).not.toContain('customer');
  });
});
