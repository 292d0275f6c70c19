// Retries as a user would notice them: how long a request waits, and which requests go again.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createHttpClient, type HttpClient } from '../../../src-main/core/http/client.ts';
import { parseRetryAfter } from '../../../src-main/core/http/retry.ts';
import type { ServiceFailure } from '../../../src-main/core/http/service-failure.ts';
import { startSimulators, type Simulators } from '../../sim/index.ts';
import { FAST_RETRIES, captureLog, settingsFor } from './fixtures.ts';

let sims: Simulators;
let client: HttpClient;
const log = captureLog();
let nextHost = 1;
// A new address each time: blocking an address already blocked answers 200 instead of 201.
const blockRequest = () =>
  ({ method: 'POST', path: '/blocklist', body: { ip: `192.0.2.${nextHost++}`, duration: 60, reason: 'retry test' } }) as const;

beforeAll(async () => {
  sims = await startSimulators({ alertCount: 0 });
  client = createHttpClient(
    settingsFor('firewall', sims.firewall.url, { mode: 'ca-only', caPem: sims.ca.certPem }),
    async () => sims.firewall.keys.demo,
    log.logger,
    FAST_RETRIES,
  );
});

afterEach(() => sims.firewall.faults.clear());

afterAll(async () => {
  await client.close();
  await sims.close();
  log.expectNoneOf([sims.firewall.keys.demo]);
});

function attemptsAt(path: string, method: string, since: number): number {
  return sims.firewall.requests.filter((r) => r.path === `/api/v1${path}` && r.method === method && r.time >= since).length;
}

describe('retries', () => {
  it('waits as long as Retry-After asks on a 503, then succeeds', async () => {
    sims.firewall.faults.add({ path: '/system/status', kind: 'status', status: 503, retryAfterSeconds: 1, times: 1 });
    const started = Date.now();
    const response = await client.request({ method: 'GET', path: '/system/status' });
    const waited = Date.now() - started;
    expect(response.status).toBe(200);
    expect(waited).toBeGreaterThanOrEqual(1_000);
    expect(waited).toBeLessThan(2_500);
    expect(attemptsAt('/system/status', 'GET', started)).toBe(2);
  });

  it('retries a 429 even for a POST without Idempotency-Key: the server refused it unprocessed', async () => {
    sims.firewall.faults.add({ method: 'POST', path: '/blocklist', kind: 'status', status: 429, retryAfterSeconds: 1, times: 1 });
    const started = Date.now();
    const response = await client.request(blockRequest());
    expect(response.status).toBe(201);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_000);
    expect(attemptsAt('/blocklist', 'POST', started)).toBe(2);
  });

  it('does not retry a POST without Idempotency-Key on a 500: it may have been carried out', async () => {
    sims.firewall.faults.add({ method: 'POST', path: '/blocklist', kind: 'status', status: 500, times: 1 });
    const started = Date.now();
    const error = await client.request(blockRequest()).catch((rejection: unknown) => rejection);
    expect((error as ServiceFailure).serviceError).toMatchObject({ status: 500, code: 'server_error', retryable: true });
    expect(attemptsAt('/blocklist', 'POST', started)).toBe(1);
  });

  it('does not retry a POST without Idempotency-Key whose connection broke', async () => {
    sims.firewall.faults.add({ method: 'POST', path: '/blocklist', kind: 'reset', times: 1 });
    const started = Date.now();
    const error = await client.request(blockRequest()).catch((rejection: unknown) => rejection);
    expect((error as ServiceFailure).serviceError.code).toBe('connection_reset');
    expect(attemptsAt('/blocklist', 'POST', started)).toBe(1);
  });

  it('retries a POST that carries an Idempotency-Key on a 500', async () => {
    sims.firewall.faults.add({ method: 'POST', path: '/blocklist', kind: 'status', status: 500, times: 1 });
    const started = Date.now();
    const response = await client.request({ ...blockRequest(), idempotencyKey: 'retry-test-1' });
    expect(response.status).toBe(201);
    expect(attemptsAt('/blocklist', 'POST', started)).toBe(2);
  });

  it('retries a GET after a broken connection', async () => {
    sims.firewall.faults.add({ path: '/system/status', kind: 'reset', times: 2 });
    const started = Date.now();
    expect((await client.request({ method: 'GET', path: '/system/status' })).status).toBe(200);
    expect(attemptsAt('/system/status', 'GET', started)).toBe(3);
  });

  it('stops after the attempt cap and reports the last answer', async () => {
    sims.firewall.faults.add({ path: '/system/status', kind: 'status', status: 502 });
    const started = Date.now();
    const error = await client.request({ method: 'GET', path: '/system/status' }).catch((rejection: unknown) => rejection);
    expect((error as ServiceFailure).serviceError).toMatchObject({ status: 502, code: 'server_error' });
    expect(attemptsAt('/system/status', 'GET', started)).toBe(4);
  });

  it('gives up at once when Retry-After asks for longer than the total wait allowed', async () => {
    const patient = createHttpClient(
      settingsFor('firewall', sims.firewall.url, { mode: 'ca-only', caPem: sims.ca.certPem }),
      async () => sims.firewall.keys.demo,
      log.logger,
      { retry: { maxTotalWaitMs: 2_000 } },
    );
    sims.firewall.faults.add({ path: '/system/status', kind: 'status', status: 429, retryAfterSeconds: 30, times: 1 });
    const started = Date.now();
    const error = await patient.request({ method: 'GET', path: '/system/status' }).catch((rejection: unknown) => rejection);
    await patient.close();
    expect(Date.now() - started).toBeLessThan(1_000);
    expect((error as ServiceFailure).serviceError).toMatchObject({ code: 'rate_limited', retryable: true });
    expect((error as ServiceFailure).serviceError.message).toContain('wait 30 s');
  });
});

describe('Retry-After values', () => {
  it('reads delta-seconds and HTTP dates', () => {
    const now = Date.parse('2025-01-01T00:00:00Z');
    expect(parseRetryAfter('5', now)).toBe(5_000);
    expect(parseRetryAfter('Wed, 01 Jan 2025 00:00:12 GMT', now)).toBe(12_000);
    expect(parseRetryAfter('Tue, 31 Dec 2024 23:59:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
  });
});
