import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHmac, randomUUID } from 'node:crypto';
import type { Agent } from 'undici';
import { FakeClock } from '../support/fake-clock.ts';
import { createCertificateAuthority, issueServerCertificate } from './certs.ts';
import { SupportSim, maskPhone } from './support.ts';
import { WEBHOOK_RETRY_DELAYS_MS } from './webhook-sender.ts';
import { SUPPORT_SCOPES } from './support-keys.ts';
import { call, startReceiver, trustingAgent } from './test-helpers.ts';
import type { CallResult, Json, Receiver } from './test-helpers.ts';
import { expectEach } from '../support/expect-each.ts';

// Webhook retries and rate windows run on this clock: tests move it, never sleep.
const clock = new FakeClock();
let support: SupportSim;
let agent: Agent;
let api: string;
// The demo key keeps the documented 60 per minute; the suite makes more calls than that.
let main: string;

beforeAll(async () => {
  const ca = await createCertificateAuthority();
  support = new SupportSim({ seed: 3, caPem: ca.certPem, clock });
  await support.listen(0, await issueServerCertificate(ca));
  agent = trustingAgent(ca.certPem);
  api = `${support.url}/api/open/v1`;
  main = support.addKey({ site: 'site-main', scopes: [...SUPPORT_SCOPES], ratePerMinute: 100_000 });
});

afterAll(async () => {
  await agent.close();
  await support.close();
});

interface Options {
  key?: string;
  method?: string;
  json?: unknown;
  site?: string;
  idempotencyKey?: string | null; // null: leave the header out
  headers?: Record<string, string>;
}

// One call to the open API; every write gets a fresh Idempotency-Key unless told otherwise.
async function svc(path: string, options: Options = {}): Promise<CallResult> {
  const method = options.method ?? (options.json === undefined ? 'GET' : 'POST');
  const headers: Record<string, string> = { authorization: `Bearer ${options.key ?? main}`, ...options.headers };
  if (options.site !== undefined) headers['x-svc-site'] = options.site;
  const idempotencyKey = options.idempotencyKey === undefined ? randomUUID() : options.idempotencyKey;
  if (method !== 'GET' && idempotencyKey !== null) headers['idempotency-key'] = idempotencyKey;
  return call(agent, `${api}${path}`, { method, headers, json: options.json });
}

function expectError(res: CallResult, status: number, error: string): void {
  expect(res.status).toBe(status);
  expect(res.json).toMatchObject({ code: status, success: false, error, data: null, request_id: expect.stringMatching(/^req_/) });
}

describe('support simulator: envelope, sites, data', () => {
  it('wraps every success in the envelope {code, success, request_id, data}', async () => {
    const res = await svc('/meta', { site: 'site-main' });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ code: 0, success: true, request_id: expect.stringMatching(/^req_[0-9a-f]+$/) });
    expect(res.headers['x-request-id']).toBe(res.json.request_id);
    expect(res.json.data.site).toBe('site-main');
    expect(res.json.data.sites).toEqual(expect.arrayContaining([{ id: 'site-closed', name: expect.any(String), api_channel: false }]));
    expect(res.json.data.key.scopes).toHaveLength(14);
  });

  it('serves /openapi.json without a key, listing every documented path', async () => {
    const res = await call(agent, `${api}/openapi.json`);
    expect(res.status).toBe(200);
    expect(res.json.openapi).toBe('3.1.0');
    expect(Object.keys(res.json.paths).sort()).toEqual([
      '/analytics/overview', '/chat', '/chat/sessions/{id}', '/contacts', '/contacts/{id}', '/contacts/{id}/follows',
      '/kb/faq', '/kb/search', '/logs/chats', '/meta', '/openapi.json', '/tickets', '/tickets/{id}', '/tickets/{id}/close',
      '/tickets/{id}/messages', '/tickets/{id}/reply', '/webhooks', '/work', '/work/{id}', '/work/{id}/follows',
    ]);
  });

  it('lists tickets newest first with status filter, limit, cursor and include=last_message', async () => {
    const first = await svc('/tickets?status=queued,active&limit=7&include=last_message');
    const items: Json[] = first.json.data.items;
    expect(items).toHaveLength(7);
    expectEach(items, (t) => ['queued', 'active'].includes(t.status), 'be queued or active');
    expectEach(items, (t) => t.last_message && typeof t.last_message.text === 'string', 'include its last message');
    const second = await svc(`/tickets?status=queued,active&limit=7&cursor=${first.json.data.next_cursor}`);
    const secondItems: Json[] = second.json.data.items;
    expect(secondItems[0].last_message).toBeUndefined();
    const ids = [...items, ...secondItems].map((t) => t.id);
    expect(new Set(ids).size).toBe(14);
    expect([...ids].sort().reverse()).toEqual(ids);
    expectError(await svc('/tickets?limit=101'), 400, 'bad_request');
    expectError(await svc('/tickets?status=lost'), 400, 'bad_request');
  });

  it('walks every ticket of a site through the cursor exactly once', async () => {
    const ids: string[] = [];
    let cursor: string | null = null;
    do {
      const res: CallResult = await svc(`/tickets?limit=100${cursor ? `&cursor=${cursor}` : ''}`, { key: support.keys.eu });
      ids.push(...res.json.data.items.map((t: Json) => t.id));
      cursor = res.json.data.next_cursor;
    } while (cursor);
    expect(ids.length).toBeGreaterThanOrEqual(120);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('keeps data per site: another site\'s object is 404 not_found', async () => {
    const euTicket = (await svc('/tickets?limit=1', { key: support.keys.eu })).json.data.items[0].id;
    expect((await svc(`/tickets/${euTicket}`, { key: support.keys.eu })).status).toBe(200);
    expectError(await svc(`/tickets/${euTicket}`), 404, 'not_found');
  });

  it('masks phone numbers by default and unmasks only for crm.write', async () => {
    const contacts: Json[] = (await svc('/contacts?limit=50')).json.data.items;
    const withPhone = contacts.find((c) => c.phone !== null)!;
    expect(withPhone.phone_masked).toBe(true);
    expect(withPhone.phone).toMatch(/\*{4,}/);
    const unmasked = await svc(`/contacts/${withPhone.id}?unmask=phone`, { key: support.keys.ops });
    expect(unmasked.json.data.phone_masked).toBe(false);
    expect(unmasked.json.data.phone).not.toContain('*');
    expect(maskPhone(unmasked.json.data.phone)).toBe(withPhone.phone);
    expectError(await svc(`/contacts/${withPhone.id}?unmask=phone`, { key: support.keys.agent }), 403, 'forbidden_scope');
  });

  it('creates, messages, replies to and closes a ticket', async () => {
    const created = await svc('/tickets', { json: { message: 'My VPN drops', subject: 'VPN', visitor: { name: 'Rita', email: 'rita@example.com' } } });
    expect(created.json.data).toMatchObject({ status: 'queued', subject: 'VPN', message_count: 1, visitor: { name: 'Rita' } });
    const id = created.json.data.id;
    const offline = await svc('/tickets', { json: { message: 'Call me tomorrow', offline: true } });
    expect(offline.json.data).toMatchObject({ status: 'offline', offline: true });
    expect((await svc(`/tickets/${id}/messages`, { json: { text: 'still broken' } })).json.data.message_count).toBe(2);
    const replied = await svc(`/tickets/${id}/reply`, { json: { text: 'Try reconnecting' } });
    expect(replied.json.data.status).toBe('active');
    expect(replied.json.data.messages.at(-1)).toMatchObject({ from: 'robot', text: 'Try reconnecting' });
    const closed = await svc(`/tickets/${id}/close`, { json: { note: 'fixed' } });
    expect(closed.json.data).toMatchObject({ status: 'closed', close_note: 'fixed', closed_at: expect.any(String) });
    expectError(await svc(`/tickets/${id}/messages`, { json: { text: 'again' } }), 409, 'conflict');
    expectError(await svc('/tickets', { json: { subject: 'no message' } }), 400, 'bad_request');
  });

  it('manages contacts, follow-ups and work items', async () => {
    const contact = (await svc('/contacts', { json: { name: 'Ada', phone: '+8613812345678' } })).json.data;
    expect(contact).toMatchObject({ status: 'new', phone: '+861******5678', phone_masked: true });
    expect((await svc(`/contacts/${contact.id}`, { method: 'PATCH', json: { status: 'following' } })).json.data.status).toBe('following');
    expectError(await svc(`/contacts/${contact.id}`, { method: 'PATCH', json: { status: 'vip' } }), 400, 'bad_request');
    expect((await svc(`/contacts/${contact.id}/follows`, { json: { kind: 'phone', note: 'called' } })).json.data).toMatchObject({ kind: 'phone', note: 'called' });
    expectError(await svc(`/contacts/${contact.id}/follows`, { json: { kind: 'fax', note: 'x' } }), 400, 'bad_request');
    expect((await svc(`/contacts/${contact.id}`)).json.data.follows).toHaveLength(1);

    const work = (await svc('/work', { json: { title: 'Replace router', contact_id: contact.id, priority: 'high' } })).json.data;
    expect(work).toMatchObject({ status: 'open', priority: 'high', contact_id: contact.id });
    expect((await svc(`/work/${work.id}`, { json: { status: 'waiting' } })).json.data.status).toBe('waiting');
    expectError(await svc(`/work/${work.id}`, { json: { status: 'done' } }), 400, 'bad_request');
    await svc(`/work/${work.id}/follows`, { json: { note: 'courier booked' } });
    expect((await svc(`/work/${work.id}`)).json.data.follows[0].note).toBe('courier booked');
    expect((await svc('/work?status=waiting&limit=100')).json.data.items.map((w: Json) => w.id)).toContain(work.id);
  });

  it('searches the knowledge base, lists and adds FAQ (409 on a duplicate id)', async () => {
    const search = await svc('/kb/search?q=refund&top_k=3');
    expect(search.json.data.items.length).toBeGreaterThan(0);
    expect(search.json.data.items.length).toBeLessThanOrEqual(3);
    expect(search.json.data.items[0]).toMatchObject({ score: 1, title: expect.stringMatching(/refund/i) });
    expectError(await svc('/kb/search'), 400, 'bad_request');
    expect((await svc('/kb/faq?limit=5')).json.data.items).toHaveLength(5);
    const faq = { id: `faq-${randomUUID()}`, question: 'Is there a test?', answer: 'Yes.' };
    expect((await svc('/kb/faq', { json: faq })).json.data.id).toBe(faq.id);
    expectError(await svc('/kb/faq', { json: faq }), 409, 'conflict');
  });

  it('answers chat questions, summarises sessions and lists chat logs', async () => {
    const chat = (await svc('/chat', { json: { question: 'How do I change my password?' } })).json.data;
    expect(chat.answer).toMatch(/password/);
    expect(chat.sources[0].title).toMatch(/password/i);
    const session = (await svc(`/chat/sessions/${chat.session_id}`)).json.data;
    expect(session).toMatchObject({ id: chat.session_id, message_count: 2, summary: expect.stringContaining('password') });
    const logs = (await svc(`/logs/chats?session_id=${chat.session_id}`)).json.data.items;
    expect(logs.map((l: Json) => l.role)).toEqual(['robot', 'visitor']);
  });

  it('aggregates analytics per site', async () => {
    const overview = (await svc('/analytics/overview')).json.data;
    const byStatus: Record<string, number> = overview.tickets.by_status;
    expect(Object.values(byStatus).reduce((a, b) => a + b, 0)).toBe(overview.tickets.total);
    expect(overview.tickets.total).toBeGreaterThanOrEqual(400);
  });

  it('plants hostile strings in server-sent text', async () => {
    const texts: string[] = [];
    for (const path of ['/tickets?limit=100&include=last_message', '/contacts?limit=100', '/work?limit=100', '/logs/chats?limit=100']) {
      texts.push((await svc(path)).text);
    }
    const all = texts.join('\n');
    expect(all).toMatch(/<img src=x onerror=alert\(1\)>|<script>|\\u202e|\u202E|onload=/i);
  });

  it('never returns ticket_token, internal remarks or key material', async () => {
    // Records that carry them on the server: a ticket made through the open API, a contact, a work item.
    const ticket = await svc('/tickets', { json: { message: 'Leak check', visitor: { name: 'Lee', email: 'lee@example.com' } } });
    const contact = await svc('/contacts', { json: { name: 'Lee' } });
    const work = await svc('/work', { json: { title: 'Leak check', contact_id: contact.json.data.id } });
    const answers = [ticket, contact, work];
    answers.push(await svc(`/tickets/${ticket.json.data.id}/messages`, { json: { text: 'more' } }));
    answers.push(await svc(`/tickets/${ticket.json.data.id}/reply`, { json: { text: 'answer' } }));
    for (const path of ['/meta', '/tickets', `/tickets/${ticket.json.data.id}`,
      '/contacts', `/contacts/${contact.json.data.id}`, '/work', `/work/${work.json.data.id}`, '/logs/chats', '/webhooks']) {
      answers.push(await svc(path));
    }
    for (const res of answers) {
      expect(res.status).toBeLessThan(300);
      expect(res.text).not.toMatch(/ticket_?token|"tt_[0-9a-f]|INTERNAL:|svc_(live|test)_[0-9a-f]{12}\./i);
    }
  });
});

describe('support simulator: keys, scopes and refusals', () => {
  it('gives 401 unauthorized for a missing, malformed, unknown or revoked key', async () => {
    expectError(await call(agent, `${api}/meta`), 401, 'unauthorized');
    expectError(await svc('/meta', { key: 'svc_test_abc.123' }), 401, 'unauthorized');
    expectError(await svc('/meta', { key: 'svc_test_0123456789ab.ABCDEFGHIJKLMNOPQRSTUV' }), 401, 'unauthorized');
    expectError(await svc('/meta', { key: support.keys.revoked }), 401, 'unauthorized');
    const viaToken = await call(agent, `${api}/meta`, { headers: { 'x-svc-token': main } });
    expectError(viaToken, 401, 'unauthorized');
  });

  it('gives 403 forbidden_scope by key type defaults and explicit scopes', async () => {
    expectError(await svc('/contacts', { key: support.keys.runtime }), 403, 'forbidden_scope');
    expect((await svc('/kb/faq', { key: support.keys.runtime })).status).toBe(200);
    expect((await svc('/contacts', { key: support.keys.ops, json: { name: 'Wildcard crm.*' } })).status).toBe(200);
    expectError(await svc('/chat', { key: support.keys.ops, json: { question: 'hi' } }), 403, 'forbidden_scope');
    const narrow = support.addKey({ site: 'site-main', scopes: ['logs.read'] });
    expect((await svc('/logs/chats', { key: narrow })).status).toBe(200);
    expectError(await svc('/tickets', { key: narrow }), 403, 'forbidden_scope');
    expect((await svc('/meta', { key: narrow })).json.data.key.scopes).toEqual(['logs.read']);
  });

  it('gives 403 wrong_site, channel_disabled and forbidden_ip', async () => {
    expectError(await svc('/tickets', { site: 'site-eu' }), 403, 'wrong_site');
    expectError(await svc('/tickets', { key: support.keys.closed }), 403, 'channel_disabled');
    expect((await svc('/meta', { key: support.keys.closed })).json.data.sites.find((s: Json) => s.id === 'site-closed').api_channel).toBe(false);
    expectError(await svc('/tickets', { key: support.keys.ipRestricted }), 403, 'forbidden_ip');
    const local = support.addKey({ site: 'site-main', type: 'agent', ipAllowlist: ['127.0.0.0/8'] });
    expect((await svc('/tickets?limit=1', { key: local })).status).toBe(200);
  });

  it('refuses a request carrying an Origin header with 403 forbidden_origin', async () => {
    expectError(await svc('/meta', { headers: { origin: 'https://evil.example' } }), 403, 'forbidden_origin');
  });

  it('limits each key to its per-minute budget with 429 rate_limited and Retry-After', async () => {
    const key = support.addKey({ site: 'site-main', ratePerMinute: 5 });
    const statuses: number[] = [];
    let last!: CallResult;
    for (let i = 0; i < 6; i++) {
      last = await svc('/meta', { key });
      statuses.push(last.status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expectError(last, 429, 'rate_limited');
    expect(Number(last.headers['retry-after'])).toBeGreaterThanOrEqual(59);
  });

  it('applies the default of 60 per minute', async () => {
    const key = support.addKey({ site: 'site-main' });
    const statuses = [];
    for (let i = 0; i < 61; i++) statuses.push((await svc('/meta', { key })).status);
    expect(statuses.lastIndexOf(200)).toBe(59);
    expect(statuses[60]).toBe(429);
  });

  it('answers 413 with the envelope for a body over 10 MiB', async () => {
    const res = await svc('/kb/faq', { json: { question: 'big', answer: 'x'.repeat(10 * 1024 * 1024) } });
    expectError(res, 413, 'payload_too_large');
  });
});

describe('support simulator: idempotent writes', () => {
  it('requires an Idempotency-Key on writes', async () => {
    expectError(await svc('/tickets', { json: { message: 'hi' }, idempotencyKey: null }), 400, 'bad_request');
  });

  it('replays the first result for a repeated Idempotency-Key and creates only one ticket', async () => {
    const before = (await svc('/analytics/overview')).json.data.tickets.total;
    const key = randomUUID();
    const first = await svc('/tickets', { json: { message: 'exactly once' }, idempotencyKey: key });
    const again = await svc('/tickets', { json: { message: 'exactly once' }, idempotencyKey: key });
    expect(first.status).toBe(200);
    expect(again.text).toBe(first.text);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect((await svc('/analytics/overview')).json.data.tickets.total).toBe(before + 1);
  });

  it('replays a refusal too, and rejects the same key for a different request with 409', async () => {
    const taken = { id: `faq-${randomUUID()}`, question: 'q', answer: 'a' };
    expect((await svc('/kb/faq', { json: taken })).json.data.id).toBe(taken.id);
    const key = randomUUID();
    const first = await svc('/kb/faq', { json: taken, idempotencyKey: key });
    expectError(first, 409, 'conflict');
    expect((await svc('/kb/faq', { json: taken, idempotencyKey: key })).text).toBe(first.text);
    expectError(await svc('/kb/faq', { json: { id: 'faq-other', question: 'q', answer: 'a' }, idempotencyKey: key }), 409, 'conflict');
  });

  it('scopes Idempotency-Keys per API key', async () => {
    const key = randomUUID();
    const a = await svc('/contacts', { json: { name: 'Same' }, idempotencyKey: key });
    const b = await svc('/contacts', { key: support.keys.live, json: { name: 'Same' }, idempotencyKey: key });
    expect(a.json.data.id).not.toBe(b.json.data.id);
  });
});

describe('support simulator: webhooks', () => {
  let receiver: Receiver;
  beforeAll(async () => {
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await receiver.close();
  });

  it('returns the signing secret once and signs every delivery with HMAC-SHA256 of the raw body', async () => {
    const created = await svc('/webhooks', { json: { url: receiver.url, events: ['ticket.created', 'ticket.closed'] } });
    const hook = created.json.data;
    expect(hook.secret).toMatch(/^whsec_[0-9a-f]{48}$/);
    const listed = await svc('/webhooks');
    expect(listed.json.data.items.find((w: Json) => w.id === hook.id)).toEqual({ id: hook.id, url: receiver.url, events: ['ticket.created', 'ticket.closed'], active: true, created_at: hook.created_at });
    expect(listed.text).not.toContain(hook.secret);

    const ticket = (await svc('/tickets', { json: { message: 'hook me' } })).json.data;
    await svc(`/tickets/${ticket.id}/messages`, { json: { text: 'not subscribed' } });
    await svc(`/tickets/${ticket.id}/close`, { json: {} });
    await clock.run(support.webhooksIdle());
    const mine = receiver.hits.filter((h) => JSON.parse(h.body).data.id === ticket.id || JSON.parse(h.body).data.ticket_id === ticket.id);
    expect(mine.map((h) => h.headers['x-svc-event'])).toEqual(['ticket.created', 'ticket.closed']);
    for (const hit of mine) {
      const expected = `sha256=${createHmac('sha256', hook.secret).update(hit.body).digest('hex')}`;
      expect(hit.headers['x-svc-signature']).toBe(expected);
      expect(JSON.parse(hit.body)).toMatchObject({ id: expect.stringMatching(/^evt_/), event: hit.headers['x-svc-event'], site: 'site-main', occurred_at: expect.any(String) });
    }
    expect(createHmac('sha256', 'wrong').update(mine[0]!.body).digest('hex')).not.toBe(String(mine[0]!.headers['x-svc-signature']).slice(7));
  });

  it('retries a failed delivery with the same event id and body', async () => {
    const failing = await startReceiver();
    try {
      failing.statuses.push(500, 503);
      await svc('/webhooks', { json: { url: failing.url, events: ['contact.created'] } });
      await svc('/contacts', { json: { name: 'Retry Me' } });
      await clock.run(support.webhooksIdle());
      expect(failing.hits).toHaveLength(3);
      expect(new Set(failing.hits.map((h) => h.body)).size).toBe(1);
      const deliveries = support.webhookDeliveries.filter((d) => d.url === failing.url);
      const gaps = [deliveries[1]!.time - deliveries[0]!.time, deliveries[2]!.time - deliveries[1]!.time];
      expect(gaps).toEqual(WEBHOOK_RETRY_DELAYS_MS);
      const attempts = deliveries.map((d) => [d.attempt, d.status]);
      expect(attempts).toEqual([[1, 500], [2, 503], [3, 200]]);
    } finally {
      await failing.close();
    }
  });

  it('rejects a webhook without a valid URL or with an unknown event', async () => {
    expectError(await svc('/webhooks', { json: { url: 'ftp://x' } }), 400, 'bad_request');
    expectError(await svc('/webhooks', { json: { url: receiver.url, events: ['ticket.exploded'] } }), 400, 'bad_request');
  });
});

// Other servers' choices within support.md, each switched on by a test and off again after it.
describe('support simulator: servers that chose otherwise', () => {
  it('setListLimit: refuses a larger `limit` in its own words, and pages at most that many', async () => {
    support.setListLimit(50);
    try {
      const refused = await svc('/tickets?limit=100');
      expectError(refused, 400, 'bad_request');
      expect(refused.json.message).toBe('limit must be between 1 and 50');
      expect((await svc('/contacts?limit=50')).json.data.items).toHaveLength(50);
    } finally {
      support.setListLimit(null);
    }
  });

  it('setMetaShape: answers /meta as the shape says, for the key the call was made with', async () => {
    support.setMetaShape((meta, site) => ({ sites: [{ id: site.id }], channels: { api: site.apiChannel, web_widget: true }, current_scopes: (meta.key as { scopes: string[] }).scopes }));
    try {
      expect((await svc('/meta')).json.data).toEqual({ sites: [{ id: 'site-main' }], channels: { api: true, web_widget: true }, current_scopes: [...SUPPORT_SCOPES] });
    } finally {
      support.setMetaShape(null);
    }
  });

  it('setTextField: writes and takes the text of messages and follow-ups under its one name, refusing any other with a 400 naming no field', async () => {
    support.setTextField('content');
    try {
      const ticket = (await svc('/tickets', { json: { message: 'Where is my parcel?' } })).json.data;
      expect(ticket.messages).toEqual([expect.objectContaining({ content: 'Where is my parcel?' })]);
      expect(ticket.messages[0]).not.toHaveProperty('text');
      const refused = await svc(`/tickets/${ticket.id}/reply`, { json: { text: 'On its way' } });
      expectError(refused, 400, 'bad_request');
      expect(refused.json.message).toBe('invalid request');
      expect((await svc(`/tickets/${ticket.id}/reply`, { json: { content: 'On its way' } })).json.data.last_message).toMatchObject({ from: 'robot', content: 'On its way' });
      const contact = (await svc('/contacts', { json: { name: 'Content Person' } })).json.data;
      expectError(await svc(`/contacts/${contact.id}/follows`, { json: { kind: 'phone', note: 'Called' } }), 400, 'bad_request');
      expect((await svc(`/contacts/${contact.id}/follows`, { json: { kind: 'phone', content: 'Called' } })).json.data).toMatchObject({ kind: 'phone', content: 'Called' });
    } finally {
      support.setTextField(null);
    }
  });

  it('setDeliveryShape bare: delivers the payload alone, its kind only in X-SVC-Event, with no event id or time', async () => {
    const receiver = await startReceiver();
    support.setDeliveryShape('bare');
    try {
      await svc('/webhooks', { json: { url: receiver.url, events: ['ticket.created'] } });
      const ticket = (await svc('/tickets', { json: { message: 'bare delivery' } })).json.data;
      await clock.run(support.webhooksIdle());
      expect(receiver.hits.map((hit) => [hit.headers['x-svc-event'], JSON.parse(hit.body)])).toEqual([['ticket.created', expect.objectContaining({ id: ticket.id, status: 'queued' })]]);
      expect(JSON.parse(receiver.hits[0]!.body)).not.toHaveProperty('occurred_at');
    } finally {
      support.setDeliveryShape('envelope');
      await receiver.close();
    }
  });
});
