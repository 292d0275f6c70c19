// The client-side limiter keeps a burst under the key's limit, so the server never answers 429.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createHttpClient } from '../../../src-main/core/http/client.ts';
import { startSimulators, type Simulators } from '../../sim/index.ts';
import { captureLog, settingsFor } from './fixtures.ts';

let sims: Simulators;
const log = captureLog();

beforeAll(async () => {
  sims = await startSimulators({ alertCount: 0 });
});

afterAll(async () => {
  await sims.close();
});

it('a burst of 200 calls stays under a 40-per-second key limit without a single 429', async () => {
  const key = sims.firewall.addKey({ role: 'read-only', rate: { requests: 40, windowSeconds: 1 } });
  const client = createHttpClient(
    settingsFor('firewall', sims.firewall.url, { mode: 'ca-only', caPem: sims.ca.certPem }, {
      rateLimit: { requests: 40, windowMs: 1_000 },
    }),
    async () => key,
    log.logger,
  );
  const started = Date.now();
  const responses = await Promise.all(
    Array.from({ length: 200 }, () => client.request({ method: 'GET', path: '/system/status' })),
  );
  await client.close();

  expect(responses.every((response) => response.status === 200)).toBe(true);
  const seen = sims.firewall.requests.filter((r) => r.time >= started);
  expect(seen).toHaveLength(200);
  expect(seen.filter((r) => r.status === 429)).toHaveLength(0);
  // As the server's sliding window counts: never more than 40 arrivals within one second.
  const arrivals = seen.map((r) => r.time).sort((a, b) => a - b);
  const busiestSecond = Math.max(...arrivals.map((t, i) => arrivals.filter((u, j) => j >= i && u < t + 1_000).length));
  expect(busiestSecond).toBeLessThanOrEqual(40);
  // 200 calls at 40 per second need at least four full windows.
  expect(Date.now() - started).toBeGreaterThanOrEqual(4_000);
  log.expectNoneOf([key]);
});
