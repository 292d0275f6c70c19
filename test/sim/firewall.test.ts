import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createHmac } from 'node:crypto';
import type { Agent } from 'undici';
import { FakeClock } from '../support/fake-clock.ts';
import { createCertificateAuthority, issueServerCertificate } from './certs.ts';
import { FirewallSim } from './firewall.ts';
import { call, startReceiver, trustingAgent } from './test-helpers.ts';
import type { CallResult, Json, Receiver } from './test-helpers.ts';
import { expectEach, expectNone } from '../support/expect-each.ts';

// Report generation, key expiry, rate windows and block expiry run on this clock: tests move it, never sleep.
const clock = new FakeClock();
let firewall: FirewallSim;
let agent: Agent;
let admin: string;

beforeAll(async () => {
  const ca = await createCertificateAuthority();
  firewall = new FirewallSim({ seed: 5, alertCount: 2000, caPem: ca.certPem, clock });
  await firewall.listen(0, await issueServerCertificate(ca));
  agent = trustingAgent(ca.certPem);
  admin = firewall.addKey({ role: 'administrator', rate: { requests: 100_000, windowSeconds: 60 } });
});

afterAll(async () => {
  await agent.close();
  await firewall.close();
});

afterEach(() => {
  firewall.setEdition('enterprise');
  firewall.setWebhook(null);
});

function fw(path: string, options: { key?: string; method?: string; json?: unknown } = {}): Promise<CallResult> {
  const method = options.method ?? (options.json === undefined ? 'GET' : 'POST');
  return call(agent, `${firewall.url}${path}`, { method, json: options.json, headers: { authorization: `Bearer ${options.key ?? admin}` } });
}

function expectError(res: CallResult, status: number, code: string): void {
  expect(res.status).toBe(status);
  expect(res.json).toEqual({ error: { code, message: expect.any(String) } });
}

function expectPage(res: CallResult, page: number, pageSize: number): Json[] {
  expect(res.status).toBe(200);
  expect(res.json).toMatchObject({ page, page_size: pageSize, total: expect.any(Number) });
  expect(Object.keys(res.json).sort()).toEqual(['items', 'page', 'page_size', 'total']);
  return res.json.items;
}

describe('firewall simulator: resources', () => {
  it('serves /api/v1 and reports system status', async () => {
    expect(firewall.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+\/api\/v1$/);
    const status = (await fw('/system/status')).json;
    expect(status).toMatchObject({ edition: 'enterprise', version: expect.any(String), uptime_seconds: expect.any(Number), cpu_percent: expect.any(Number) });
    expect(status.memory).toMatchObject({ total_mb: 16384 });
    expect(status.sessions.active).toBeGreaterThan(0);
    expect(status.time).toMatch(/\+08:00$/);
  });

  it('pages every list endpoint as {items, page, page_size, total}', async () => {
    for (const path of ['/policies', '/objects/addresses', '/blocklist', '/allowlist', '/domains/rules', '/alerts', '/devices', '/honeypots', '/reports']) {
      const items = expectPage(await fw(`${path}?page=1&page_size=3`), 1, 3);
      expect(items.length, path).toBe(3);
    }
    expectPage(await fw('/alerts'), 1, 50);
    expectError(await fw('/alerts?page_size=501'), 400, 'bad_request');
    expectError(await fw('/alerts?page=0'), 400, 'bad_request');
    expect(expectPage(await fw('/alerts?page=999'), 999, 50)).toEqual([]);
  });

  it('lists alerts newest first, shows details and filters', async () => {
    const listed = await fw('/alerts?page_size=20');
    const page = expectPage(listed, 1, 20);
    // The newest alert has the highest id; another test may have added alerts to the 2000 seeded.
    expect(page[0]).toMatchObject({ id: `alt_${String(listed.json.total).padStart(8, '0')}`, severity: expect.any(String), src_ip: expect.any(String), occurred_at: expect.stringMatching(/\+08:00$/) });
    expect(page.map((a) => a.id)).toEqual([...page.map((a) => a.id)].sort().reverse());
    const detail = (await fw(`/alerts/${page[0].id}`)).json;
    expect(detail).toMatchObject({ id: page[0].id, payload_excerpt: expect.any(String), rule_id: expect.any(String) });
    expectError(await fw('/alerts/alt_99999999'), 404, 'not_found');

    const critical = await fw('/alerts?severity=critical,high&page_size=500');
    expect(critical.json.total).toBeGreaterThan(0);
    expect(critical.json.total).toBeLessThan(listed.json.total);
    expectEach(critical.json.items, (a: Json) => a.severity === 'critical' || a.severity === 'high', 'be critical or high');
    const ip = page[0].src_ip;
    expectEach((await fw(`/alerts?src_ip=${ip}`)).json.items, (a: Json) => a.src_ip === ip, `come from ${ip}`);
    const since = new Date(Date.now() - 86_400_000).toISOString();
    const recent = (await fw(`/alerts?since=${since}&page_size=500`)).json;
    expect(recent.total).toBeGreaterThan(0);
    expectEach(recent.items, (a: Json) => Date.parse(a.occurred_at) >= Date.parse(since), `occur at or after ${since}`);
    expectError(await fw('/alerts?severity=apocalyptic'), 400, 'bad_request');
    expectError(await fw('/alerts?since=yesterday'), 400, 'bad_request');
  });

  it('adds, queries and removes block-list entries, validating the IP', async () => {
    const created = await fw('/blocklist', { json: { ip: '192.0.2.44', duration: 600, reason: 'brute force' } });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ id: expect.stringMatching(/^blk_/), ip: '192.0.2.44', duration: 600, reason: 'brute force', source: 'api', expires_at: expect.stringMatching(/\+08:00$/) });
    const renewed = await fw('/blocklist', { json: { ip: '192.0.2.44', duration: 0, reason: 'permanent now' } });
    expect(renewed.status).toBe(200);
    expect(renewed.json).toMatchObject({ id: created.json.id, duration: 0, expires_at: null });
    expect((await fw('/blocklist?ip=192.0.2.44')).json.items.map((b: Json) => b.id)).toEqual([created.json.id]);
    expect((await fw('/blocklist', { json: { ip: '2001:db8::7' } })).json).toMatchObject({ duration: 3600, reason: '' });
    for (const ip of ['999.1.1.1', 'example.com', '10.0.0.0/8', '']) {
      expectError(await fw('/blocklist', { json: { ip, duration: 60, reason: 'x' } }), 400, 'bad_request');
    }
    expectError(await fw('/blocklist', { json: { ip: '192.0.2.45', duration: -1 } }), 400, 'bad_request');
    expectError(await fw('/blocklist', { json: { ip: '192.0.2.45', duration: 1.5 } }), 400, 'bad_request');
    const deleted = await fw(`/blocklist/${created.json.id}`, { method: 'DELETE' });
    expect(deleted.status).toBe(204);
    expect(deleted.text).toBe('');
    expectError(await fw(`/blocklist/${created.json.id}`), 404, 'not_found');
    expectError(await fw(`/blocklist/${created.json.id}`, { method: 'DELETE' }), 404, 'not_found');
  });

  it('does CRUD on policies', async () => {
    const created = await fw('/policies', { json: { name: 'deny telnet', action: 'deny', service: ['tcp/23'] } });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ name: 'deny telnet', action: 'deny', enabled: true, source: ['any'], service: ['tcp/23'], hit_count: 0 });
    const updated = await fw(`/policies/${created.json.id}`, { method: 'PUT', json: { enabled: false, smuggled: 'x' } });
    expect(updated.json).toMatchObject({ id: created.json.id, enabled: false, name: 'deny telnet' });
    expect(updated.json.smuggled).toBeUndefined();
    expect((await fw(`/policies/${created.json.id}`)).json.enabled).toBe(false);
    expectError(await fw('/policies', { json: { name: 'x', action: 'maybe' } }), 400, 'bad_request');
    expectError(await fw(`/policies/${created.json.id}`, { method: 'PUT', json: { priority: 0 } }), 400, 'bad_request');
    expect((await fw(`/policies/${created.json.id}`, { method: 'DELETE' })).status).toBe(204);
    expectError(await fw(`/policies/${created.json.id}`), 404, 'not_found');
  });

  it('does CRUD on address objects and groups with type-checked values', async () => {
    const host = await fw('/objects/addresses', { json: { name: 'db', type: 'host', value: '10.1.1.1' } });
    expect(host.status).toBe(201);
    const group = await fw('/objects/addresses', { json: { name: 'dbs', type: 'group', members: [host.json.id] } });
    expect(group.json).toMatchObject({ type: 'group', value: null, members: [host.json.id] });
    expectError(await fw('/objects/addresses', { json: { name: 'bad', type: 'host', value: '10.1.1' } }), 400, 'bad_request');
    expectError(await fw('/objects/addresses', { json: { name: 'bad', type: 'subnet', value: '10.1.1.0' } }), 400, 'bad_request');
    expectError(await fw('/objects/addresses', { json: { name: 'bad', type: 'group', members: ['addr_nope'] } }), 400, 'bad_request');
    expect((await fw(`/objects/addresses/${host.json.id}`, { method: 'PUT', json: { type: 'subnet', value: '10.1.0.0/16' } })).json.value).toBe('10.1.0.0/16');
    expect((await fw(`/objects/addresses/${host.json.id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await fw(`/objects/addresses/${group.json.id}`)).json.members).toEqual([]);
    expectEach((await fw('/objects/addresses?type=group&page_size=500')).json.items, (a: Json) => a.type === 'group', 'be a group');
  });

  it('manages the allow list and domain rules', async () => {
    const allow = await fw('/allowlist', { json: { ip: '198.51.100.0/24', description: 'partner' } });
    expect(allow.status).toBe(201);
    expectError(await fw('/allowlist', { json: { ip: '198.51.100.0/33' } }), 400, 'bad_request');
    expect((await fw(`/allowlist/${allow.json.id}`, { method: 'DELETE' })).status).toBe(204);
    const rule = await fw('/domains/rules', { json: { domain: '*.Phish.Example', action: 'block' } });
    expect(rule.json).toMatchObject({ domain: '*.phish.example', action: 'block' });
    expectError(await fw('/domains/rules', { json: { domain: 'not a domain', action: 'block' } }), 400, 'bad_request');
    expectEach((await fw('/domains/rules?action=allow&page_size=500')).json.items, (d: Json) => d.action === 'allow', 'allow');
    expect((await fw(`/domains/rules/${rule.json.id}`, { method: 'DELETE' })).status).toBe(204);
  });

  it('manages honeypots and lists their trigger events', async () => {
    const honeypot = await fw('/honeypots', { json: { name: 'fake-ftp', type: 'telnet', ip: '10.20.99.50', port: 2323 } });
    expect(honeypot.json).toMatchObject({ enabled: true, trigger_count: 0 });
    expect((await fw(`/honeypots/${honeypot.json.id}`, { method: 'PUT', json: { enabled: false } })).json.enabled).toBe(false);
    expectError(await fw('/honeypots', { json: { name: 'x', type: 'ssh', ip: '10.0.0.1', port: 70000 } }), 400, 'bad_request');
    const seeded = (await fw('/honeypots')).json.items[0];
    const events = expectPage(await fw(`/honeypots/${seeded.id}/events?page_size=5`), 1, 5);
    expect(events[0]).toMatchObject({ honeypot_id: seeded.id, src_ip: expect.any(String) });
    expect((await fw(`/honeypots/${honeypot.json.id}`, { method: 'DELETE' })).status).toBe(204);
  });

  it('searches logs with a query object and returns a list page', async () => {
    const denied = await fw('/logs/search', { json: { action: 'deny', type: 'traffic', page: 2, page_size: 10 } });
    const items = expectPage(denied, 2, 10);
    expectEach(items, (l) => l.action === 'deny' && l.type === 'traffic', 'be a denied traffic line');
    expectError(await fw('/logs/search', { json: { src_ip: 'nope' } }), 400, 'bad_request');
    expect((await fw('/logs/search', { json: {} })).json.total).toBe(5000);
  });

  it('lists devices with filters', async () => {
    const online = await fw('/devices?online=true&page_size=500');
    expectEach(online.json.items, (d: Json) => d.online === true, 'be online');
    expect(online.json.total).toBeLessThan(60);
    const device = online.json.items[0];
    expect((await fw(`/devices/${device.id}`)).json).toEqual(device);
  });

  it('generates reports asynchronously', async () => {
    const alertsTotal = (await fw('/alerts?page_size=1')).json.total;
    const created = await fw('/reports', { json: { type: 'top_sources', from: new Date(Date.now() - 40 * 86_400_000).toISOString() } });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ status: 'generating', content: null });
    await clock.advance(999);
    expect((await fw(`/reports/${created.json.id}`)).json).toMatchObject({ status: 'generating' });
    await clock.advance(1);
    const ready = (await fw(`/reports/${created.json.id}`)).json;
    expect(ready).toMatchObject({ status: 'ready', completed_at: expect.any(String) });
    expect(ready.content.alerts_total).toBe(alertsTotal);
    expect(ready.content.top_sources.length).toBeGreaterThan(0);
    expectError(await fw('/reports', { json: { type: 'weather' } }), 400, 'bad_request');
  });

  it('publishes an OpenAPI 3.1 description without a key', async () => {
    const res = await call(agent, `${firewall.url}/openapi.json`);
    expect(res.json.openapi).toBe('3.1.0');
    expect(res.json.paths['/blocklist'].post['x-required-role']).toBe('operations');
  });
});

describe('firewall simulator: keys, roles, editions', () => {
  it('gives 401 for no key, an invalid key and an expired key', async () => {
    expectError(await call(agent, `${firewall.url}/alerts`), 401, 'unauthorized');
    expectError(await fw('/alerts', { key: 'fwk_nope' }), 401, 'unauthorized');
    expectError(await fw('/alerts', { key: firewall.keys.expired }), 401, 'key_expired');
    const soon = firewall.addKey({ role: 'read-only', expiresAt: new Date(clock.now() + 300) });
    expect((await fw('/alerts?page_size=1', { key: soon })).status).toBe(200);
    await clock.advance(300);
    expectError(await fw('/alerts?page_size=1', { key: soon }), 401, 'key_expired');
  });

  it('lets read-only query (including log search and reports) but not write', async () => {
    const key = firewall.keys.readOnly;
    expect((await fw('/alerts?page_size=1', { key })).status).toBe(200);
    expect((await fw('/logs/search', { key, json: { page_size: 1 } })).status).toBe(200);
    expect((await fw('/reports', { key, json: { type: 'traffic' } })).status).toBe(201);
    expectError(await fw('/blocklist', { key, json: { ip: '192.0.2.1' } }), 403, 'forbidden_role');
    expectError(await fw('/allowlist', { key, json: { ip: '192.0.2.1' } }), 403, 'forbidden_role');
    expectError(await fw('/policies', { key, json: { name: 'x', action: 'deny' } }), 403, 'forbidden_role');
  });

  it('lets operations block, unblock, allow and write domain rules, but not policies, objects or honeypots', async () => {
    const key = firewall.keys.operations;
    const block = await fw('/blocklist', { key, json: { ip: '192.0.2.2', duration: 60, reason: 'ops' } });
    expect(block.status).toBe(201);
    expect((await fw(`/blocklist/${block.json.id}`, { key, method: 'DELETE' })).status).toBe(204);
    expect((await fw('/allowlist', { key, json: { ip: '192.0.2.3' } })).status).toBe(201);
    expect((await fw('/domains/rules', { key, json: { domain: 'ops.example', action: 'allow' } })).status).toBe(201);
    expectError(await fw('/policies', { key, json: { name: 'x', action: 'deny' } }), 403, 'forbidden_role');
    expectError(await fw('/objects/addresses', { key, json: { name: 'x', type: 'host', value: '10.0.0.1' } }), 403, 'forbidden_role');
    expectError(await fw('/honeypots/hp_00001', { key, method: 'DELETE' }), 403, 'forbidden_role');
  });

  it('lets the administrator do everything', async () => {
    expect((await fw('/policies', { key: firewall.keys.demo, json: { name: 'admin', action: 'allow' } })).status).toBe(201);
  });

  it('makes the free WAF edition read-only and without honeypots and devices', async () => {
    firewall.setEdition('free-waf');
    expect((await fw('/system/status')).json.edition).toBe('free-waf');
    expect((await fw('/alerts?page_size=1')).status).toBe(200);
    expect((await fw('/logs/search', { json: {} })).status).toBe(200);
    expectError(await fw('/blocklist', { json: { ip: '192.0.2.9' } }), 403, 'edition_unsupported');
    expectError(await fw('/policies', { json: { name: 'x', action: 'deny' } }), 403, 'edition_unsupported');
    expectError(await fw('/honeypots'), 403, 'edition_unsupported');
    expectError(await fw('/devices'), 403, 'edition_unsupported');
    firewall.setEdition('data-center');
    expect((await fw('/devices?page_size=1')).status).toBe(200);
  });

  it('refuses a key used from outside its IP allowlist', async () => {
    expectError(await fw('/alerts', { key: firewall.keys.ipRestricted }), 403, 'forbidden_ip');
    const local = firewall.addKey({ role: 'read-only', ipAllowlist: ['127.0.0.1'] });
    expect((await fw('/alerts?page_size=1', { key: local })).status).toBe(200);
  });

  it('limits calls per key with a sliding window: 429 with Retry-After, then recovers', async () => {
    const key = firewall.addKey({ role: 'read-only', rate: { requests: 3, windowSeconds: 2 } });
    const statuses = [];
    let last!: CallResult;
    for (let i = 0; i < 4; i++) {
      last = await fw('/system/status', { key });
      statuses.push(last.status);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    expectError(last, 429, 'rate_limited');
    expect(Number(last.headers['retry-after'])).toBe(2);
    await clock.advance(1_999);
    expectError(await fw('/system/status', { key }), 429, 'rate_limited');
    await clock.advance(1);
    expect((await fw('/system/status', { key })).status).toBe(200);
  });

  it('answers 413 with the error body for a request over 10 MiB', async () => {
    expectError(await fw('/logs/search', { json: { query: 'x'.repeat(10 * 1024 * 1024) } }), 413, 'payload_too_large');
  });

  it('answers unknown paths and unsupported methods with 404', async () => {
    expectError(await fw('/nothing'), 404, 'not_found');
    expectError(await fw('/blocklist/blk_00001', { method: 'PUT', json: {} }), 404, 'not_found');
  });
});

describe('firewall simulator: event pushes', () => {
  let receiver: Receiver;
  beforeAll(async () => {
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await receiver.close();
  });

  function pushes(event: string): { body: Json; raw: string; headers: Json }[] {
    return receiver.hits.map((h) => ({ body: JSON.parse(h.body), raw: h.body, headers: h.headers })).filter((p) => p.body.event === event);
  }

  it('pushes block.created and block.released, signed when a secret is set', async () => {
    firewall.setWebhook({ url: receiver.url, secret: 's3cret' });
    const block = (await fw('/blocklist', { json: { ip: '203.0.113.99', duration: 120, reason: 'push test' } })).json;
    await fw(`/blocklist/${block.id}`, { method: 'DELETE' });
    await clock.run(firewall.webhooksIdle());
    const created = pushes('block.created').find((p) => p.body.data.ip === '203.0.113.99')!;
    expect(created.body).toEqual({
      event: 'block.created', id: expect.stringMatching(/^evt_/), occurred_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+08:00$/),
      data: { entry_id: block.id, ip: '203.0.113.99', reason: 'push test', duration: 120, source: 'api' },
    });
    expect(created.headers['x-fw-signature']).toBe(`sha256=${createHmac('sha256', 's3cret').update(created.raw).digest('hex')}`);
    expect(created.headers['x-fw-event']).toBe('block.created');
    const released = pushes('block.released').find((p) => p.body.data.entry_id === block.id)!;
    expect(released.body.data).toMatchObject({ ip: '203.0.113.99', released_by: 'api' });
  });

  it('releases a block when its duration expires', async () => {
    firewall.setWebhook({ url: receiver.url });
    const block = (await fw('/blocklist', { json: { ip: '203.0.113.98', duration: 1, reason: 'short' } })).json;
    await clock.advance(999);
    expect((await fw(`/blocklist/${block.id}`)).status).toBe(200);
    await clock.advance(1);
    await clock.run(firewall.webhooksIdle());
    const released = pushes('block.released').find((p) => p.body.data.entry_id === block.id)!;
    expect(released.body.data.released_by).toBe('expiry');
    expect(released.headers['x-fw-signature']).toBeUndefined();
    expectError(await fw(`/blocklist/${block.id}`), 404, 'not_found');
  });

  it('pushes alert.created for added alerts, which then lead the alert list', async () => {
    firewall.setWebhook({ url: receiver.url, events: ['alert.created'] });
    const [alert] = firewall.addAlerts(1);
    await clock.run(firewall.webhooksIdle());
    expect(pushes('alert.created').map((p) => p.body.data)).toContainEqual(alert);
    expect((await fw('/alerts?page_size=1')).json.items[0].id).toBe(alert!.id);
    const other = firewall.emit('device.discovered', { id: 'dev_x' });
    await clock.run(firewall.webhooksIdle());
    expectNone(receiver.hits, (h) => JSON.parse(h.body).id === other.id, `carry ${other.id}, an event it did not subscribe to`);
  });

  it('emits arbitrary events and retries failed deliveries with the same id', async () => {
    const failing = await startReceiver();
    try {
      failing.statuses.push(502);
      firewall.setWebhook({ url: failing.url, secret: 'k' });
      const push = firewall.emit('honeypot.triggered', { honeypot_id: 'hp_00001', src_ip: '45.1.2.3' });
      await clock.run(firewall.webhooksIdle());
      expect(failing.hits).toHaveLength(2);
      expect(failing.hits.map((h) => JSON.parse(h.body).id)).toEqual([push.id, push.id]);
      expect(failing.hits[0]!.body).toBe(failing.hits[1]!.body);
    } finally {
      await failing.close();
    }
  });
});
