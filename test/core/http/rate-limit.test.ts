// The client-side limiter keeps a burst under the key's limit, so the server never answers 429;
// and a server's Retry-After, however long, never freezes the profile.
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { createHttpClient } from '../../../src-main/core/http/client.ts';
import { startSimulators, type Simulators } from '../../sim/index.ts';
import { FakeClock } from '../../support/fake-clock.ts';
import { captureLog, failureOf, settingsFor } from './fixtures.ts';
import { expectEach } from '../../support/expect-each.ts';

// The limiter and the simulator's sliding window count the same fake time, so spacing is proven without waiting for it.
const clock = new FakeClock();
let sims: Simulators;
const log = captureLog();

beforeAll(async () => {
  sims = await startSimulators({ alertCount: 0, clock });
});

afterEach(() => sims.firewall.faults.clear());

afterAll(async () => {
  await sims.close();
});

function clientFor(key: string, rateLimit = { requests: 40, windowMs: 1_000 }) {
  return createHttpClient(
    settingsFor('firewall', sims.firewall.url, { mode: 'ca-only', caPem: sims.ca.certPem }, { rateLimit }),
    async () => key,
    log.logger,
    { clock },
  );
}

it('a burst of 200 calls stays under a 40-per-second key limit without a single 429', async () => {
  const key = sims.firewall.addKey({ role: 'read-only', rate: { requests: 40, windowSeconds: 1 } });
  const client = clientFor(key);
  const started = clock.now();
  const recordedBefore = sims.firewall.requests.length;
  const responses = await clock.run(
    Promise.all(Array.from({ length: 200 }, () => client.request({ method: 'GET', path: '/system/status' }))),
  );
  await client.close();

  expectEach(responses, (response) => response.status === 200, 'be answered 200');
  const seen = sims.firewall.requests.slice(recordedBefore);
  expect(seen).toHaveLength(200);
  expect(seen.filter((r) => r.status === 429)).toHaveLength(0);
  // As the server's sliding window counts: never more than 40 arrivals within one second.
  const arrivals = seen.map((r) => r.time).sort((a, b) => a - b);
  const busiestSecond = Math.max(...arrivals.map((t, i) => arrivals.filter((u, j) => j >= i && u < t + 1_000).length));
  expect(busiestSecond).toBeLessThanOrEqual(40);
  // 200 calls at 40 per second need at least four full windows.
  expect(clock.now() - started).toBeGreaterThanOrEqual(4_000);
  log.expectNoneOf([key]);
});

const FAR_FUTURE_DATE = 'Fri, 31 Dec 9999 23:59:59 GMT';

it.each([
  { asked: 'Retry-After: 999999', fault: { retryAfterSeconds: 999_999 }, message: 'wait 999,999 s' },
  { asked: 'a Retry-After date in the year 9999', fault: { retryAfterDate: FAR_FUTURE_DATE }, message: 'The service asks to wait' },
])('$asked fails the call fast, fails the next call fast too, and the profile works again after a capped pause', async ({ fault, message }) => {
  const client = clientFor(sims.firewall.keys.demo, { requests: 1_000, windowMs: 60_000 });
  const warnings: string[] = [];
  const onWarning = (warning: Error) => warnings.push(warning.name);
  process.on('warning', onWarning);
  try {
    sims.firewall.faults.add({ path: '/system/status', kind: 'status', status: 429, times: 1, ...fault });
    const started = clock.now();
    const first = await failureOf(clock.run(client.request({ method: 'GET', path: '/system/status' })));
    expect(first).toMatchObject({ code: 'rate_limited', status: 429 });
    expect(first.message).toContain(message);

    // While the server's pause lasts, a call says so at once instead of waiting in the limiter.
    const next = await failureOf(clock.run(client.request({ method: 'GET', path: '/system/status' }), { maxMs: 0 }));
    expect(next).toMatchObject({ code: 'rate_limited' });
    expect(next.message).toContain(message);
    expect(clock.now()).toBe(started);

    // The pause is capped (five minutes), so the profile is not frozen for good.
    await clock.advance(5 * 60_000);
    const afterPause = await clock.run(client.request({ method: 'GET', path: '/system/status' }), { maxMs: 0 });
    expect(afterPause.status).toBe(200);
    expect(clock.overflowingDelays).toEqual([]);
    expect(warnings).not.toContain('TimeoutOverflowWarning');
  } finally {
    process.off('warning', onWarning);
    await client.close();
  }
});
