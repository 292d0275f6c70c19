// Retries as a user would notice them: how long a request waits, and which requests go again.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createHttpClient, type HttpClient } from '../../../src-main/core/http/client.ts';
import { parseRetryAfter } from '../../../src-main/core/http/retry.ts';
import { startSimulators, type Simulators } from '../../sim/index.ts';
import { FakeClock } from '../../support/fake-clock.ts';
import { FAST_RETRIES, captureLog, failureOf, settingsFor } from './fixtures.ts';

// The client waits on the same fake clock the simulator stamps requests with: every wait is measured, none is slept.
const clock = new FakeClock();
let sims: Simulators;
let client: HttpClient;
const log = captureLog();
let nextHost = 1;
// A new address each time: blocking an address already blocked answers 200 instead of 201. Permanent, so
// no expiry is pending on the clock that a later test's wait could run into.
const blockRequest = () =>
  ({ method: 'POST', path: '/blocklist', body: { ip: `192.0.2.${nextHost++}`, duration: 0, reason: 'retry test' } }) as const;

beforeAll(async () => {
  sims = await startSimulators({ alertCount: 0, clock });
  client = createHttpClient(
    settingsFor('firewall', sims.firewall.url, { mode: 'ca-only', caPem: sims.ca.certPem }),
    async () => sims.firewall.keys.demo,
    log.logger,
    { ...FAST_RETRIES, clock },
  );
});

afterEach(() => sims.firewall.faults.clear());

afterAll(async () => {
  await client.close();
  await sims.close();
  log.expectNoneOf([sims.firewall.keys.demo]);
});

/** Where the simulator's request record stands now, so a test counts only its own requests. */
const mark = () => sims.firewall.requests.length;

function attemptsAt(path: string, method: string, since: number): number {
  return sims.firewall.requests.slice(since).filter((r) => r.path === `/api/v1${path}` && r.method === method).length;
}

describe('retries', () => {
  it('waits as long as Retry-After asks on a 503, then succeeds', async () => {
    sims.firewall.faults.add({ path: '/system/status', kind: 'status', status: 503, retryAfterSeconds: 1, times: 1 });
    const started = mark();
    const startedAt = clock.now();
    const response = await clock.run(client.request({ method: 'GET', path: '/system/status' }));
    expect(response.status).toBe(200);
    expect(clock.now() - startedAt).toBe(1_000);
    expect(attemptsAt('/system/status', 'GET', started)).toBe(2);
  });

  it('retries a 429 even for a POST without Idempotency-Key: the server refused it unprocessed', async () => {
    sims.firewall.faults.add({ method: 'POST', path: '/blocklist', kind: 'status', status: 429, retryAfterSeconds: 1, times: 1 });
    const started = mark();
    const startedAt = clock.now();
    const response = await clock.run(client.request(blockRequest()));
    expect(response.status).toBe(201);
    expect(clock.now() - startedAt).toBe(1_000);
    expect(attemptsAt('/blocklist', 'POST', started)).toBe(2);
  });

  it('does not retry a POST without Idempotency-Key on a 500: it may have been carried out', async () => {
    sims.firewall.faults.add({ method: 'POST', path: '/blocklist', kind: 'status', status: 500, times: 1 });
    const started = mark();
    const error = await failureOf(clock.run(client.request(blockRequest())));
    expect(error).toMatchObject({ status: 500, code: 'server_error', retryable: true });
    expect(attemptsAt('/blocklist', 'POST', started)).toBe(1);
  });

  it('does not retry a POST without Idempotency-Key whose connection broke', async () => {
    sims.firewall.faults.add({ method: 'POST', path: '/blocklist', kind: 'reset', times: 1 });
    const started = mark();
    const error = await failureOf(clock.run(client.request(blockRequest())));
    expect(error.code).toBe('connection_reset');
    expect(attemptsAt('/blocklist', 'POST', started)).toBe(1);
  });

  it('retries a POST that carries an Idempotency-Key on a 500', async () => {
    sims.firewall.faults.add({ method: 'POST', path: '/blocklist', kind: 'status', status: 500, times: 1 });
    const started = mark();
    const response = await clock.run(client.request({ ...blockRequest(), idempotencyKey: 'retry-test-1' }));
    expect(response.status).toBe(201);
    expect(attemptsAt('/blocklist', 'POST', started)).toBe(2);
  });

  it('retries a GET after a broken connection', async () => {
    sims.firewall.faults.add({ path: '/system/status', kind: 'reset', times: 2 });
    const started = mark();
    expect((await clock.run(client.request({ method: 'GET', path: '/system/status' }))).status).toBe(200);
    expect(attemptsAt('/system/status', 'GET', started)).toBe(3);
  });

  it('stops after the attempt cap and reports the last answer', async () => {
    sims.firewall.faults.add({ path: '/system/status', kind: 'status', status: 502 });
    const started = mark();
    const error = await failureOf(clock.run(client.request({ method: 'GET', path: '/system/status' })));
    expect(error).toMatchObject({ status: 502, code: 'server_error' });
    expect(attemptsAt('/system/status', 'GET', started)).toBe(4);
  });

  it('gives up at once when Retry-After asks for longer than the total wait allowed', async () => {
    const patient = createHttpClient(
      settingsFor('firewall', sims.firewall.url, { mode: 'ca-only', caPem: sims.ca.certPem }),
      async () => sims.firewall.keys.demo,
      log.logger,
      { retry: { maxTotalWaitMs: 2_000 }, clock },
    );
    sims.firewall.faults.add({ path: '/system/status', kind: 'status', status: 429, retryAfterSeconds: 30, times: 1 });
    const error = await failureOf(clock.run(patient.request({ method: 'GET', path: '/system/status' }), { maxMs: 0 }));
    await patient.close();
    expect(error).toMatchObject({ code: 'rate_limited', retryable: true });
    expect(error.message).toContain('wait 30 s');
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
