// The watch of a connection a view shows: with nothing else calling, the back end's health is read
// so the view's state is never more than a few seconds old, within a tenth of the key's rate, and
// only while a view renews the watch.
import { describe, expect, test } from 'vitest';
import { ConnectionWatch } from '../../../src-main/core/clients/connection-watch.ts';
import { createLogger } from '../../../src-main/core/log/logger.ts';
import { CONNECTION_WATCH_LEASE_MS } from '../../../src-shared/connection-watch-lease.ts';
import { FakeClock } from '../../support/fake-clock.ts';

const logger = createLogger({ sink: () => {} });

function scene(rate = { requests: 50, windowMs: 1000 }) {
  const clock = new FakeClock(Date.parse('2026-11-22T10:00:00.000Z'));
  /** When a call of the profile last ended, as the connection state knows it. */
  let lastCheckedAt: number | null = null;
  const reads: number[] = [];
  const watch = new ConnectionWatch({
    health: { of: (profileId) => ({ profileId, state: 'reachable', lastReachedAt: null, lastCheckedAt: lastCheckedAt === null ? null : new Date(lastCheckedAt).toISOString() }) },
    healthReadOf: (profileId) =>
      profileId === 'fw'
        ? {
            rate,
            read: async () => {
              reads.push(clock.now() - start);
              lastCheckedAt = clock.now();
            },
          }
        : undefined,
    clock,
    logger,
  });
  const start = clock.now();
  return {
    clock,
    watch,
    reads,
    /** Another call of the profile ended now (a sync's page, a write). */
    called: () => void (lastCheckedAt = clock.now()),
    elapsed: () => clock.now() - start,
  };
}

describe('connection watch', () => {
  test('a watched profile nothing calls is read at once, then every 5 s while quiet: a change is noticed within 10 s', async () => {
    const { clock, watch, reads } = scene();
    watch.watch('fw');
    await clock.advance(20_000);
    expect(reads).toEqual([0, 5_000, 10_000, 15_000, 20_000]);
    watch.dispose();
  });

  test("other calls stand in for the read: while a sync's pages end, nothing is read", async () => {
    const { clock, watch, reads, called } = scene();
    watch.watch('fw');
    await clock.advance(0);
    for (let second = 1; second <= 12; second++) {
      await clock.advance(1_000);
      called();
    }
    expect(reads).toEqual([0]);
    await clock.advance(5_000);
    expect(reads).toEqual([0, 17_000]);
    watch.dispose();
  });

  test('a watch its view stopped renewing lapses; one renewed goes on', async () => {
    const { clock, watch, reads } = scene();
    watch.watch('fw');
    await clock.advance(CONNECTION_WATCH_LEASE_MS - 1_000);
    watch.watch('fw');
    await clock.advance(CONNECTION_WATCH_LEASE_MS + 10_000);
    const readsWhenLapsed = reads.length;
    expect(reads.at(-1)).toBeLessThanOrEqual(2 * CONNECTION_WATCH_LEASE_MS);
    await clock.advance(60_000);
    expect(reads).toHaveLength(readsWhenLapsed);
    expect(clock.pending(), 'a lapsed watch leaves no timer behind').toEqual([]);
  });

  test('a key with a small rate is read no more often than a tenth of it', async () => {
    const { clock, watch, reads } = scene({ requests: 60, windowMs: 60_000 });
    watch.watch('fw');
    await clock.advance(25_000);
    watch.watch('fw');
    await clock.advance(5_000);
    expect(reads).toEqual([0, 10_000, 20_000, 30_000]);
    watch.dispose();
  });

  test('a profile whose back end has no health read is not watched', async () => {
    const { clock, watch, reads } = scene();
    watch.watch('gateway');
    await clock.advance(20_000);
    expect(reads).toEqual([]);
    expect(clock.pending()).toEqual([]);
  });
});
