// Broken answers and broken connections, each reported as a clear error that names the service.
import { createServer as createHttpsServer, type Server } from 'node:https';
import { createServer as createTcpServer, type AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createHttpClient, type HttpClient, type HttpRequest } from '../../../src-main/core/http/client.ts';
import type { ConnectionSettings } from '../../../src-main/core/http/types.ts';
import { issueServerCertificate, startSimulators, type Simulators } from '../../sim/index.ts';
import { FAST_RETRIES, captureLog, failureOf, settingsFor } from './fixtures.ts';

let sims: Simulators;
let client: HttpClient;
const log = captureLog();
const opened: HttpClient[] = [];
const status: HttpRequest = { method: 'GET', path: '/system/status' };

beforeAll(async () => {
  sims = await startSimulators({ alertCount: 0 });
  client = open(sims.firewall.url);
});

afterEach(() => sims.firewall.faults.clear());

afterAll(async () => {
  await Promise.all(opened.map((c) => c.close()));
  await sims.close();
  log.expectNoneOf([sims.firewall.keys.demo]);
});

function open(baseUrl: string, overrides: Partial<ConnectionSettings> = {}): HttpClient {
  const created = createHttpClient(
    settingsFor('firewall', baseUrl, { mode: 'ca-only', caPem: sims.ca.certPem }, overrides),
    async () => sims.firewall.keys.demo,
    log.logger,
    FAST_RETRIES,
  );
  opened.push(created);
  return created;
}

describe('broken answers', () => {
  it('a malformed JSON body is malformed_response naming the service and status, without the body', async () => {
    sims.firewall.faults.add({ path: '/system/status', kind: 'malformed' });
    const error = await failureOf(client.request(status));
    expect(error).toMatchObject({ service: 'firewall', status: 200, code: 'malformed_response', retryable: false });
    expect(error.message).toMatch(/firewall answered HTTP 200/);
    expect(error.message).not.toContain('sim-malformed');
  });

  it('an HTML error page from a proxy is judged by its status (a retryable server error), after the retries', async () => {
    sims.firewall.faults.add({ path: '/system/status', kind: 'html', status: 502 });
    const error = await failureOf(client.request(status));
    expect(error).toMatchObject({ status: 502, code: 'server_error', retryable: true });
    expect(error.message).toMatch(/HTTP 502 with an HTML page/);
    expect(error.message).not.toContain('nginx');
    expect(error.hint).toMatch(/proxy/);
  });

  it('an oversized body is cut off at the profile limit as response_too_large', async () => {
    sims.firewall.faults.add({ path: '/system/status', kind: 'oversize', bytes: 20_000_000 });
    const started = Date.now();
    const error = await failureOf(client.request(status));
    expect(error).toMatchObject({ code: 'response_too_large', params: { limitBytes: 1_000_000 }, retryable: false });
    expect(error.message).toContain('1,000,000-byte limit');
    // Reading stopped near the limit instead of downloading 20 MB.
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('a connection reset in the middle of the answer is connection_reset', async () => {
    sims.firewall.faults.add({ path: '/system/status', kind: 'reset' });
    const error = await failureOf(client.request(status));
    expect(error).toMatchObject({ code: 'connection_reset', retryable: true });
  });
});

describe('timeouts', () => {
  it('no response headers in time is a headers timeout', async () => {
    const impatient = open(sims.firewall.url, {
      timeouts: { connectMs: 2_000, headersMs: 300, bodyMs: 3_000, streamIdleMs: 3_000 },
    });
    sims.firewall.faults.add({ path: '/system/status', kind: 'delay', ms: 2_000 });
    const error = await failureOf(impatient.request({ method: 'POST', path: '/system/status' }));
    expect(error).toMatchObject({ code: 'timeout', retryable: true });
    expect(error.message).toMatch(/timed out after 300 ms while waiting for the response headers/);
  });

  describe('against a server that sends its body slowly', () => {
    let slow: Server;
    let slowUrl: string;

    beforeAll(async () => {
      const leaf = await issueServerCertificate(sims.ca, { ips: ['127.0.0.1'] });
      slow = createHttpsServer({ cert: leaf.certPem, key: leaf.keyPem }, (req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write('{"items":[');
        if (req.url?.endsWith('/trickle')) {
          // A chunk every 100 ms, for ever: never idle, never complete.
          const timer = setInterval(() => res.write('1,'), 100);
          res.on('close', () => clearInterval(timer));
        }
        // '/stall': nothing more after the first chunk.
      });
      await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
      slowUrl = `https://127.0.0.1:${(slow.address() as AddressInfo).port}`;
    });

    afterAll(() => {
      slow.closeAllConnections();
      slow.close();
    });

    it('a body that keeps coming but never ends is a body timeout', async () => {
      const bounded = open(slowUrl, { timeouts: { connectMs: 2_000, headersMs: 2_000, bodyMs: 500, streamIdleMs: 2_000 } });
      const error = await failureOf(bounded.request({ method: 'POST', path: '/trickle' }));
      expect(error.code).toBe('timeout');
      expect(error.message).toMatch(/after 500 ms while reading the response body/);
    });

    it('a body that stops arriving is a stream idle timeout', async () => {
      const bounded = open(slowUrl, { timeouts: { connectMs: 2_000, headersMs: 2_000, bodyMs: 5_000, streamIdleMs: 300 } });
      const error = await failureOf(bounded.request({ method: 'POST', path: '/stall' }));
      expect(error.code).toBe('timeout');
      expect(error.message).toMatch(/after 300 ms while waiting for more data/);
    });
  });
});

describe('unreachable hosts', () => {
  it('a host name that does not resolve is dns_failed', async () => {
    const error = await failureOf(open('https://nonexistent.invalid').request(status));
    expect(error).toMatchObject({ code: 'dns_failed', retryable: false });
    expect(error.message).toContain('nonexistent.invalid');
  });

  it('a port nobody listens on is connection_refused', async () => {
    const probe = createTcpServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const error = await failureOf(open(`https://127.0.0.1:${port}`).request(status));
    expect(error).toMatchObject({ code: 'connection_refused', retryable: true });
    expect(error.hint).toMatch(/port/);
  });

  it('a request the user cancels is cancelled, not retried', async () => {
    sims.firewall.faults.add({ path: '/system/status', kind: 'delay', ms: 1_000 });
    const controller = new AbortController();
    const pending = client.request({ ...status, signal: controller.signal });
    setTimeout(() => controller.abort(), 100);
    expect(await failureOf(pending)).toMatchObject({ code: 'cancelled', retryable: false });
  });

  it('plain HTTP is refused before anything is sent', () => {
    expect(() => open('http://127.0.0.1:9')).toThrow(/must start with https/);
  });
});
