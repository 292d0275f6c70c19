// The simulators' `plain` dialect: another server's documented-compatible choices, as it sends them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from 'undici';
import { SUPPORT_PLAIN_SITE_IDS, startSimulators, type Simulators } from './index.ts';
import { call, parseSse, trustingAgent, type CallResult } from './test-helpers.ts';

let sims: Simulators;
let agent: Agent;

beforeAll(async () => {
  sims = await startSimulators({ alertCount: 50, dialect: 'plain' });
  agent = trustingAgent(sims.ca.certPem);
});
afterAll(async () => {
  await agent.close();
  await sims.close();
});

const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

describe('firewall, plain', () => {
  const fw = (path: string): Promise<CallResult> => call(agent, `${sims.firewall.url}${path}`, { headers: bearer(sims.firewall.keys.readOnly) });

  it('sends the status flat, with the edition in its own words and the figures in other shapes', async () => {
    const res = await fw('/system/status');
    expect(res.json).toEqual({
      version: 'V3.6.2 build 20251014', uptime: expect.any(Number), license: 'Enterprise Edition', cpu: '17.4%',
      memory: { total: 17_179_869_184, used: 7_181_185_433, usage: 41.8 }, sessions: 15230,
    });
  });

  it('sends at most 100 items a page, silently, and describes no bound', async () => {
    const res = await fw('/alerts?page_size=500&page=2');
    expect(res.json).toMatchObject({ page: 2, page_size: 100, total: 50 });
    expect(res.json.items).toHaveLength(0);
    expect((await fw('/alerts?page_size=500')).json.items).toHaveLength(50);
    expect((await fw('/openapi.json')).json.paths['/alerts'].get.parameters).toBeUndefined();
  });

  it('ignores the address-object type and device filters, and carries trigger events in the honeypot', async () => {
    const all = (await fw('/objects/addresses?page_size=100')).json.items;
    expect((await fw('/objects/addresses?type=host&page_size=100')).json.items).toEqual(all);
    const devices = (await fw('/devices?page_size=100')).json.items;
    expect((await fw('/devices?online=true&page_size=100')).json.items).toEqual(devices);
    const [honeypot] = (await fw('/honeypots')).json.items;
    expect((await fw(`/honeypots/${honeypot.id}`)).json.recent_events).toEqual(expect.any(Array));
    expect((await fw(`/honeypots/${honeypot.id}/events`)).status).toBe(404);
  });

  it('names an expired key TOKEN_EXPIRED', async () => {
    const res = await call(agent, `${sims.firewall.url}/alerts`, { headers: bearer(sims.firewall.keys.expired) });
    expect(res.status).toBe(401);
    expect(res.json.error.code).toBe('TOKEN_EXPIRED');
  });

  it('numbers alerts, gives their time in Unix seconds, and finds one by its number', async () => {
    const list = await fw('/alerts?page_size=2');
    const [first] = list.json.items;
    expect(first).toMatchObject({ id: expect.any(Number), occurred_at: expect.any(Number), src_ip: expect.any(String) });
    expect((await fw(`/alerts/${first.id}`)).json.id).toBe(first.id);
  });

  it('describes only what the running edition offers', async () => {
    sims.firewall.setEdition('free-waf');
    try {
      const paths = Object.keys((await fw('/openapi.json')).json.paths);
      expect(paths).toContain('/alerts');
      expect(paths).not.toContain('/honeypots');
    } finally {
      sims.firewall.setEdition('enterprise');
    }
  });
});

describe('support, plain', () => {
  const api = () => `${sims.support.url}/api/open/v1`;
  const svc = (path: string, key = sims.support.keys.demo, headers: Record<string, string> = {}) =>
    call(agent, `${api()}${path}`, { headers: { ...bearer(key), ...headers } });

  it('answers with a string code, numeric sites, channel switches keyed by channel and the meta fields at the top of data', async () => {
    const res = await svc('/meta');
    expect(res.json).toMatchObject({ code: '0', success: true, data: { site: 1024, channels: { api: true, web_widget: true }, scopes: expect.any(Array) } });
    expect(res.json.data.sites).toContainEqual({ id: 1026, name: expect.any(String), channels: { api: false, web_widget: true } });
  });

  it('takes the site from the site_id query parameter and ignores the header', async () => {
    expect((await svc('/meta', sims.support.keys.demo, { 'x-svc-site': 'site-eu' })).json.data.site).toBe(SUPPORT_PLAIN_SITE_IDS['site-main']);
    const wrong = await svc(`/meta?site_id=${SUPPORT_PLAIN_SITE_IDS['site-eu']}`);
    expect(wrong.status).toBe(200);
    expect(wrong.json).toMatchObject({ code: 40302, success: false, error: 'wrong_site' });
  });

  it('refuses inside an HTTP 200 with a business code, and keeps 429 as a status', async () => {
    const refused = await svc('/contacts', sims.support.keys.runtime);
    expect(refused.status).toBe(200);
    expect(refused.json).toMatchObject({ code: 40301, success: false, error: 'forbidden_scope', message: expect.any(String) });
    sims.support.faults.add({ path: '/tickets', kind: 'status', status: 429, times: 1 });
    const limited = await svc('/tickets');
    expect(limited.status).toBe(429);
    expect(limited.json).toMatchObject({ success: false, code: 'rate_limited' });
  });

  it('numbers records, gives times in Unix seconds, and finds a record by its number', async () => {
    const [ticket] = (await svc('/tickets?limit=1')).json.data.items;
    expect(ticket).toMatchObject({ id: expect.any(Number), site: 1024, created_at: expect.any(Number) });
    expect((await svc(`/tickets/${ticket.id}`)).json.data.id).toBe(ticket.id);
  });

  it('announces the site parameter in /openapi.json, with paths written in full', async () => {
    const description = (await call(agent, `${api()}/openapi.json`)).json;
    expect(description.paths['/api/open/v1/tickets'].get.parameters).toContainEqual({ $ref: '#/components/parameters/SiteId' });
    expect(description.components.parameters.SiteId).toMatchObject({ name: 'site_id', in: 'query' });
  });
});

describe('gateway, plain', () => {
  const gw = (path: string, key: string, json?: unknown) => call(agent, `${sims.gateway.url}${path}`, { method: json ? 'POST' : 'GET', headers: bearer(key), json });

  it('lists models under `models` by name', async () => {
    const res = await gw('/models', sims.gateway.keys.limited);
    expect(res.json).toEqual({ models: [{ name: 'gpt-4o-mini', provider: expect.any(String), created: expect.any(String) }] });
  });

  it('names its whitelist refusal model_not_allowed, and refuses a streamed chat inside the 200 stream without [DONE]', async () => {
    const ask = { model: 'claude-sonnet-4', messages: [{ role: 'user', content: 'hi' }] };
    const plainRefusal = await gw('/chat/completions', sims.gateway.keys.limited, ask);
    expect(plainRefusal.status).toBe(403);
    expect(plainRefusal.json.error.code).toBe('model_not_allowed');
    const streamed = await gw('/chat/completions', sims.gateway.keys.limited, { ...ask, stream: true });
    expect(streamed.status).toBe(200);
    const events = parseSse(streamed.text);
    expect(events).toHaveLength(1);
    expect(JSON.parse(events[0]!.data)).toMatchObject({ error: { code: 'model_not_allowed', type: 'permission_error' } });
  });

  it('answers with an error event in a 200 stream when told to (fault stream-error), in any dialect', async () => {
    sims.gateway.faults.add({ path: '/chat/completions', kind: 'stream-error', times: 1 });
    const res = await gw('/chat/completions', sims.gateway.keys.demo, { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }], stream: true });
    expect(res.status).toBe(200);
    expect(parseSse(res.text).map((event) => event.data)).toEqual([JSON.stringify({ error: { message: 'upstream model overloaded', type: 'server_error', code: 'upstream_error' } })]);
  });
});
