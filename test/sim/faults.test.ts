import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID, X509Certificate } from 'node:crypto';
import tls from 'node:tls';
import { request } from 'undici';
import type { Agent } from 'undici';
import { startSimulators } from './index.ts';
import type { Simulators } from './index.ts';
import { createSelfSignedCertificate, issueServerCertificate } from './certs.ts';
import { call, parseSse, trustingAgent } from './test-helpers.ts';
import { expectEach } from '../support/expect-each.ts';

let sims: Simulators;
let agent: Agent;
let supportKey: string;

beforeAll(async () => {
  sims = await startSimulators({ alertCount: 500 });
  agent = trustingAgent(sims.ca.certPem);
  supportKey = sims.support.addKey({ site: 'site-main', scopes: ['chat', 'live.write', 'ticket.read'], ratePerMinute: 10_000 });
});

afterAll(async () => {
  await agent.close();
  await sims.close();
});

afterEach(() => {
  for (const sim of [sims.gateway, sims.support, sims.firewall]) sim.faults.clear();
});

const gatewayAuth = () => ({ authorization: `Bearer ${sims.gateway.keys.demo}` });
const firewallAuth = () => ({ authorization: `Bearer ${sims.firewall.keys.demo}` });
const chatStream = { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'tell me a long story please' }], stream: true };

describe('fault injection', () => {
  it('delay: answers normally after the given time', async () => {
    sims.gateway.faults.add({ path: '/models', kind: 'delay', ms: 300 });
    const started = Date.now();
    const res = await call(agent, `${sims.gateway.url}/models`, { headers: gatewayAuth() });
    expect(res.status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
  });

  it('status: answers with the service\'s own error body and Retry-After, for `times` requests only', async () => {
    sims.gateway.faults.add({ path: '/models', kind: 'status', status: 503, retryAfterSeconds: 7, times: 1 });
    const gateway = await call(agent, `${sims.gateway.url}/models`, { headers: gatewayAuth() });
    expect(gateway.status).toBe(503);
    expect(gateway.headers['retry-after']).toBe('7');
    expect(gateway.json.error).toMatchObject({ type: 'service_unavailable', code: 'service_unavailable', message: expect.any(String) });
    expect(gateway.headers['x-request-id']).toMatch(/^req_[0-9a-f]{20}$/);
    expect((await call(agent, `${sims.gateway.url}/models`, { headers: gatewayAuth() })).status).toBe(200);

    sims.support.faults.add({ path: '/meta', kind: 'status', status: 500 });
    const support = await call(agent, `${sims.support.url}/api/open/v1/meta`, { headers: { authorization: `Bearer ${supportKey}` } });
    expect(support.json).toMatchObject({ code: 500, success: false, error: 'internal_error', data: null });

    sims.firewall.faults.add({ path: '/alerts', kind: 'status', status: 502 });
    const firewall = await call(agent, `${sims.firewall.url}/alerts`, { headers: firewallAuth() });
    expect(firewall.status).toBe(502);
    expect(firewall.json).toEqual({ error: { code: 'bad_gateway', message: expect.any(String) } });
  });

  it('matches on method and on a RegExp path', async () => {
    sims.firewall.faults.add({ method: 'POST', path: /^\/blocklist/, kind: 'status', status: 500 });
    expect((await call(agent, `${sims.firewall.url}/blocklist?page_size=1`, { headers: firewallAuth() })).status).toBe(200);
    const post = await call(agent, `${sims.firewall.url}/blocklist`, { method: 'POST', headers: firewallAuth(), json: { ip: '192.0.2.77' } });
    expect(post.status).toBe(500);
    expect((await call(agent, `${sims.firewall.url}/blocklist?ip=192.0.2.77`, { headers: firewallAuth() })).json.total).toBe(0);
  });

  it('malformed: 200 application/json that does not parse', async () => {
    sims.firewall.faults.add({ path: '/alerts', kind: 'malformed' });
    const res = await call(agent, `${sims.firewall.url}/alerts`, { headers: firewallAuth() });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(() => JSON.parse(res.text)).toThrow(SyntaxError);
  });

  it('html: a proxy error page as text/html', async () => {
    sims.support.faults.add({ path: '/tickets', kind: 'html', status: 504 });
    const res = await call(agent, `${sims.support.url}/api/open/v1/tickets`, { headers: { authorization: `Bearer ${supportKey}` } });
    expect(res.status).toBe(504);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.text).toMatch(/^<!DOCTYPE html>/);
  });

  it('reset: the connection dies in the middle of the body', async () => {
    sims.firewall.faults.add({ path: '/alerts', kind: 'reset' });
    const answer = await request(`${sims.firewall.url}/alerts?page_size=200`, { headers: firewallAuth(), dispatcher: agent });
    expect(answer.statusCode).toBe(200);
    await expect(answer.body.text()).rejects.toThrow();
  });

  it('reset mid-stream: some chunks arrive, then the stream errors', async () => {
    sims.gateway.faults.add({ path: '/chat/completions', kind: 'reset', keep: 3 });
    const answer = await request(`${sims.gateway.url}/chat/completions`, {
      method: 'POST', headers: { ...gatewayAuth(), 'content-type': 'application/json' }, body: JSON.stringify(chatStream), dispatcher: agent,
    });
    let received = '';
    await expect((async () => {
      for await (const chunk of answer.body) received += String(chunk);
    })()).rejects.toThrow();
    expect(parseSse(received)).toHaveLength(3);
  });

  it('truncate on SSE: the HTTP response ends cleanly but without finish_reason and [DONE]', async () => {
    sims.gateway.faults.add({ path: '/chat/completions', kind: 'truncate', times: 1 });
    const cut = await call(agent, `${sims.gateway.url}/chat/completions`, { method: 'POST', headers: gatewayAuth(), json: chatStream });
    const full = await call(agent, `${sims.gateway.url}/chat/completions`, { method: 'POST', headers: gatewayAuth(), json: chatStream });
    const cutEvents = parseSse(cut.text);
    expect(cut.status).toBe(200);
    expect(cut.headers.connection).toBe('close');
    expect(cutEvents.length).toBe(Math.floor(parseSse(full.text).length / 2));
    expect(cut.text).not.toContain('[DONE]');
    expectEach(cutEvents, (e) => JSON.parse(e.data).choices[0].finish_reason === null, 'have no finish reason in a cut stream');
  });

  it('truncate with keep 0: a stream with no content at all', async () => {
    sims.gateway.faults.add({ path: '/chat/completions', kind: 'truncate', keep: 0 });
    const cut = await call(agent, `${sims.gateway.url}/chat/completions`, { method: 'POST', headers: gatewayAuth(), json: chatStream });
    expect(cut.status).toBe(200);
    expect(cut.text).toBe('');
  });

  it('truncate on JSON: fewer bytes than Content-Length, then the connection closes', async () => {
    sims.firewall.faults.add({ path: '/alerts', kind: 'truncate' });
    const answer = await request(`${sims.firewall.url}/alerts`, { headers: firewallAuth(), dispatcher: agent });
    expect(Number(answer.headers['content-length'])).toBeGreaterThan(1000);
    await expect(answer.body.text()).rejects.toThrow();
  });

  it('oversize: streams a huge valid-looking JSON body, 64 MiB by default', async () => {
    sims.firewall.faults.add({ path: '/alerts', kind: 'oversize', times: 1 });
    const answer = await request(`${sims.firewall.url}/alerts`, { headers: firewallAuth(), dispatcher: agent });
    expect(answer.headers['content-length']).toBeUndefined();
    let size = 0;
    let head = '';
    let tail = '';
    for await (const chunk of answer.body as AsyncIterable<Buffer>) {
      if (head.length < 20) head += chunk.toString();
      size += chunk.length;
      tail = (tail + chunk.toString()).slice(-10);
    }
    expect(size).toBeGreaterThanOrEqual(64 * 1024 * 1024);
    expect(head.startsWith('{"items":[{"id":"pad-')).toBe(true);
    expect(tail.endsWith('"}]}')).toBe(true);

    sims.firewall.faults.add({ path: '/alerts', kind: 'oversize', bytes: 200_000 });
    const small = await call(agent, `${sims.firewall.url}/alerts`, { headers: firewallAuth() });
    expect(small.text.length).toBeGreaterThanOrEqual(200_000);
    expect(small.json.items.length).toBeGreaterThan(500);
  });

  it('a reset write still happened: the retry with the same Idempotency-Key gets the first result', async () => {
    sims.support.faults.add({ method: 'POST', path: '/tickets', kind: 'reset', times: 1 });
    const headers = { authorization: `Bearer ${supportKey}`, 'idempotency-key': randomUUID(), 'content-type': 'application/json' };
    const body = JSON.stringify({ message: 'lost response' });
    const first = request(`${sims.support.url}/api/open/v1/tickets`, { method: 'POST', headers, body, dispatcher: agent })
      .then((a) => a.body.text());
    await expect(first).rejects.toThrow();
    const retry = await call(agent, `${sims.support.url}/api/open/v1/tickets`, { method: 'POST', headers, body });
    expect(retry.status).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json.data.messages[0].text).toBe('lost response');
  });
});

describe('drop after commit', () => {
  it('the write is committed, then the connection closes with no answer; the same Idempotency-Key replays the first result', async () => {
    sims.support.faults.add({ method: 'POST', path: '/tickets', kind: 'drop-after-commit', times: 1 });
    const headers = { authorization: `Bearer ${supportKey}`, 'idempotency-key': randomUUID(), 'content-type': 'application/json' };
    const subject = `dropped ${randomUUID()}`;
    const body = JSON.stringify({ message: 'committed, answer lost', subject });
    await expect(request(`${sims.support.url}/api/open/v1/tickets`, { method: 'POST', headers, body, dispatcher: agent })).rejects.toThrow();
    expect(sims.support.store.tickets.filter((ticket) => ticket.subject === subject)).toHaveLength(1);
    const retry = await call(agent, `${sims.support.url}/api/open/v1/tickets`, { method: 'POST', headers, body });
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json.data.subject).toBe(subject);
    expect(sims.support.store.tickets.filter((ticket) => ticket.subject === subject)).toHaveLength(1);
  });
});

describe('going down on a request', () => {
  it('lets the first requests through, then crashes on the next one without running it: later connections are refused until it comes back', async () => {
    sims.support.faults.add({ method: 'POST', path: '/tickets', kind: 'go-down', after: 2, times: 1 });
    const headers = { authorization: `Bearer ${supportKey}`, 'content-type': 'application/json' };
    const subject = `crash ${randomUUID()}`;
    const create = (n: number) => request(`${sims.support.url}/api/open/v1/tickets`, {
      method: 'POST', headers: { ...headers, 'idempotency-key': randomUUID() }, body: JSON.stringify({ message: `m${n}`, subject }), dispatcher: agent,
    }).then((answer) => answer.body.text());
    await create(1);
    await create(2);
    await expect(create(3)).rejects.toThrow();
    await expect(create(4)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    expect(sims.support.store.tickets.filter((ticket) => ticket.subject === subject)).toHaveLength(2);
    await sims.support.comeBack();
    await create(5);
    expect(sims.support.store.tickets.filter((ticket) => ticket.subject === subject)).toHaveLength(3);
  });
});

describe('request recording', () => {
  it('records method, path, query, redacted headers, time and status', async () => {
    const before = Date.now();
    const key = randomUUID();
    await call(agent, `${sims.support.url}/api/open/v1/tickets?limit=2`, { headers: { authorization: `Bearer ${supportKey}` } });
    await call(agent, `${sims.support.url}/api/open/v1/chat`, {
      method: 'POST', headers: { authorization: `Bearer ${supportKey}`, 'idempotency-key': key, 'x-svc-token': 'secret' }, json: { question: 'hi' },
    });
    const [list, chat] = sims.support.requests.slice(-2);
    expect(list).toMatchObject({ method: 'GET', path: '/api/open/v1/tickets', query: 'limit=2', status: 200 });
    expect(list!.time).toBeGreaterThanOrEqual(before);
    expect(chat).toMatchObject({ method: 'POST', path: '/api/open/v1/chat', status: 200 });
    expect(chat!.headers).toMatchObject({ authorization: 'Bearer ***', 'idempotency-key': key, 'x-svc-token': '***' });
    expect(chat!.headers.origin).toBeUndefined();
    expect(JSON.stringify(sims.support.requests)).not.toContain(supportKey);
  });
});

describe('certificates', () => {
  function peerFingerprint(port: number): Promise<string> {
    return new Promise((resolve, reject) => {
      const socket = tls.connect({ host: '127.0.0.1', port, ca: sims.ca.certPem, servername: 'localhost' }, () => {
        resolve(socket.getPeerX509Certificate()!.fingerprint256);
        socket.end();
      });
      socket.on('error', reject);
    });
  }

  async function freshCall(url: string, ca: string): Promise<number> {
    const fresh = trustingAgent(ca);
    try {
      return (await call(fresh, url, { headers: firewallAuth() })).status;
    } finally {
      await fresh.close();
    }
  }

  it('writes the CA to ca.file and serves a leaf whose SHA-256 is leafSha256', async () => {
    const { readFile } = await import('node:fs/promises');
    expect(await readFile(sims.ca.file, 'utf8')).toBe(sims.ca.certPem);
    expect(sims.firewall.leafSha256).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
    expect(await peerFingerprint(sims.firewall.port)).toBe(sims.firewall.leafSha256);
    // One leaf for all three; the firewall's is left out, a certificate test swaps it.
    expect(sims.gateway.leafSha256).toBe(sims.support.leafSha256);
  });

  it('hot-swaps the certificate: wrong host, expired, self-signed, then back', async () => {
    const url = `${sims.firewall.url}/system/status`;
    const original = sims.firewall.leafSha256;
    const ca = sims.ca;

    const wrongHost = await issueServerCertificate(ca, { hostnames: ['fw.example.net'], ips: ['10.9.9.9'] });
    sims.firewall.setCertificate(wrongHost);
    expect(sims.firewall.leafSha256).toBe(new X509Certificate(wrongHost.certPem).fingerprint256);
    expect(sims.firewall.leafSha256).not.toBe(original);
    await expect(freshCall(url, ca.certPem)).rejects.toMatchObject({ code: 'ERR_TLS_CERT_ALTNAME_INVALID' });

    const day = 86_400_000;
    sims.firewall.setCertificate(await issueServerCertificate(ca, { validFrom: new Date(Date.now() - 10 * day), validTo: new Date(Date.now() - day) }));
    await expect(freshCall(url, ca.certPem)).rejects.toMatchObject({ code: 'CERT_HAS_EXPIRED' });

    const selfSigned = await createSelfSignedCertificate();
    sims.firewall.setCertificate(selfSigned);
    await expect(freshCall(url, ca.certPem)).rejects.toMatchObject({ code: expect.stringMatching(/SELF_SIGNED|UNABLE_TO_VERIFY/) });
    expect(await freshCall(url, selfSigned.certPem)).toBe(200);

    const renewed = await issueServerCertificate(ca);
    sims.firewall.setCertificate(renewed);
    expect(await freshCall(url, ca.certPem)).toBe(200);
    expect(sims.firewall.leafSha256).not.toBe(original);
  });
});
