// What reaches the window when a server answers in bad faith: every IPC result and event is scanned
// for the key, and a connection test reads what a body holds, not what its label says.
import { rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:https';
import type { IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import type { AppServices } from '../../src-main/core/app-services.ts';
import type { OpsDeskApi } from '../../src-shared/contract/index.ts';
import type { ParsedProfileInput } from '../../src-shared/contract/profiles.ts';
import { createCertificateAuthority, issueServerCertificate } from '../sim/index.ts';
import type { CertificateAuthority } from '../sim/index.ts';
import { bridgeInProcess } from '../support/bridge-in-process.ts';
import { openTestServices } from '../support/test-services.ts';

interface Answer {
  status: number;
  contentType: string;
  headers?: Record<string, string>;
  body: string;
}

/** Keys of no known shape: only their registration can take them out of a text. */
const gatewayKey = 'opaque-gateway-7f3a9c21d4e8b6a0';
const firewallKey = 'opaque-firewall-0b1c2d3e4f5a6b7c';

let ca: CertificateAuthority;
let server: Server;
let baseUrl: string;
let answer: (request: IncomingMessage, key: string) => Answer;

beforeAll(async () => {
  ca = await createCertificateAuthority('Hostile Test CA');
  const leaf = await issueServerCertificate(ca, { hostnames: ['localhost'], ips: ['127.0.0.1'] });
  server = createServer({ cert: leaf.certPem, key: leaf.keyPem }, (request, response) => {
    const key = (request.headers.authorization ?? request.headers['x-api-key'] ?? '').toString().replace(/^Bearer /, '');
    const { status, contentType, headers, body } = answer(request, key);
    response.writeHead(status, { 'content-type': contentType, ...headers });
    response.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

let dataDir: string;
let services: AppServices;
let api: OpsDeskApi;
const sent: unknown[] = [];

async function start() {
  ({ services, dataDir } = await openTestServices());
  api = bridgeInProcess(services);
  api.profiles.onChanged((list) => sent.push(list));
  api.profiles.onHealthChanged((health) => sent.push(health));
}
afterEach(async () => {
  sent.length = 0;
  await services.dispose();
  await rm(dataDir, { recursive: true, force: true });
});

const trust = () => ({ mode: 'ca-only', caPem: ca.certPem }) as const;
const gateway = (): ParsedProfileInput => ({ service: 'gateway', name: 'Hostile gateway', baseUrl: `${baseUrl}/v1`, apiKey: gatewayKey, trust: trust(), settings: { rateTier: 600 } });
const firewall = (): ParsedProfileInput => ({
  service: 'firewall',
  name: 'Hostile firewall',
  baseUrl,
  apiKey: firewallKey,
  trust: trust(),
  settings: { rateLimit: { requests: 100, windowSeconds: 1 } },
});

/** Saves the profile and tests it through the window's API, keeping every result and event sent. */
async function testThroughWindow(profile: ParsedProfileInput) {
  await start();
  const saved = await api.profiles.save(profile);
  if (!saved.ok) throw new Error(saved.error.message);
  const tested = await api.profiles.testConnection({ id: saved.data.id });
  sent.push(saved, tested, await api.profiles.list(), await api.profiles.health());
  return tested;
}

const json = (status: number, value: unknown, contentType = 'application/json'): Answer => ({ status, contentType, body: JSON.stringify(value) });

describe('a key echoed back by a server', () => {
  test.each([
    ['gateway', gateway],
    ['firewall', firewall],
  ])('in a 400 message and the request id, reaches no %s result or event', async (_service, profile) => {
    answer = (_request, key) => ({
      ...json(400, { error: { code: 'invalid_request', message: `Key ${key} is not valid here` }, message: `Key ${key}`, request_id: `req-${key}` }),
      headers: { 'x-request-id': `req-${key}` },
    });
    const tested = await testThroughWindow(profile());
    expect(tested).toMatchObject({ ok: false, error: { status: 400, requestId: 'req-[redacted]' } });
    expect(sent.length).toBeGreaterThan(4);
    for (const key of [gatewayKey, firewallKey]) expect(JSON.stringify(sent)).not.toContain(key);
  });

  test('as a model id in a successful answer, reaches no result', async () => {
    answer = (_request, key) => json(200, { object: 'list', data: [{ id: 'gpt-4o-mini' }, { id: key }] });
    const tested = await testThroughWindow(gateway());
    expect(tested).toMatchObject({ ok: true, data: { summary: { models: ['gpt-4o-mini', '[redacted]'] } } });
    expect(JSON.stringify(sent)).not.toContain(gatewayKey);
  });
});

describe('gateway connection test reads the body, not its label', () => {
  test('a 200 login page sent as text/plain is not a success', async () => {
    answer = () => ({ status: 200, contentType: 'text/plain', body: '<!doctype html><html><body><form action="/login">Sign in</form></body></html>' });
    const tested = await testThroughWindow(gateway());
    expect(tested).toMatchObject({ ok: false, error: { code: 'malformed_response', status: 200, message: expect.stringMatching(/HTML page/) } });
  });

  test('JSON with no model list in it is not "0 models"', async () => {
    answer = () => json(200, { status: 'ok', message: 'welcome' });
    const tested = await testThroughWindow(gateway());
    expect(tested).toMatchObject({ ok: false, error: { code: 'malformed_response', status: 200 } });
  });

  test('a model list sent as text/plain is read', async () => {
    answer = () => json(200, { object: 'list', data: [{ id: 'gpt-4o-mini' }, { id: 'gpt-4o' }, { id: 'claude-sonnet-4' }] }, 'text/plain; charset=utf-8');
    const tested = await testThroughWindow(gateway());
    expect(tested).toMatchObject({ ok: true, data: { summary: { service: 'gateway', modelCount: 3, models: ['gpt-4o-mini', 'gpt-4o', 'claude-sonnet-4'] } } });
  });
});

describe('model ids that are not names', () => {
  test('a 100k-deep id, a 100k-character one and ids that are not names are left out, and the result says how many', async () => {
    const deep = `${'['.repeat(100_000)}"x"${']'.repeat(100_000)}`;
    answer = () => ({
      status: 200,
      contentType: 'application/json',
      body: `{"object":"list","data":[{"id":"gpt-4o-mini"},{"id":${deep}},{"id":"${'m'.repeat(100_000)}"},{"id":true},{"id":""},{"id":"gpt-4o"}]}`,
    });
    const tested = await testThroughWindow(gateway());
    expect(tested).toEqual({
      ok: true,
      data: expect.objectContaining({ summary: { service: 'gateway', modelCount: 2, models: ['gpt-4o-mini', 'gpt-4o'], unusableModelCount: 4 } }),
    });
    // What Electron's IPC does to a result: it must survive a structured clone.
    expect(structuredClone(tested)).toEqual(tested);
  });
});
