// The limiter on its own, on a fake clock: who waits, for how long, and who is refused at once.
import { expect, it } from 'vitest';
import { MAX_TIMER_DELAY_MS, systemClock } from '../../../src-main/core/lifecycle/clock.ts';
import { MAX_PAUSE_MS, RateLimitPaused, SlidingWindowLimiter } from '../../../src-main/core/http/rate-limiter.ts';
import { FakeClock } from '../../support/fake-clock.ts';

const DAY_MS = 86_400_000;

/** Whether `promise` has settled once everything that is due now has run. */
async function settledNow(promise: Promise<unknown>): Promise<boolean> {
  let settled = false;
  promise.then(() => (settled = true), () => (settled = true));
  await new Promise((resolve) => setImmediate(resolve));
  return settled;
}

it('lets `limit` requests start at once and the next one a window (plus a margin) after a release', async () => {
  const clock = new FakeClock();
  const limiter = new SlidingWindowLimiter(2, 1_000, clock);
  const first = await limiter.acquire();
  await limiter.acquire();
  const third = limiter.acquire();
  first.release();
  await clock.advance(999);
  expect(await settledNow(third)).toBe(false);
  await clock.advance(51);
  expect(await settledNow(third)).toBe(true);
});

it('caps a pause of days at five minutes, then serves again', async () => {
  const clock = new FakeClock();
  const limiter = new SlidingWindowLimiter(10, 1_000, clock);
  limiter.pauseFor(999_999_000);
  const waiting = limiter.acquire();
  await clock.advance(MAX_PAUSE_MS - 1);
  expect(await settledNow(waiting)).toBe(false);
  await clock.advance(1);
  expect(await settledNow(waiting)).toBe(true);
  expect(clock.overflowingDelays).toEqual([]);
});

it('refuses at once a request that may not wait as long as the pause, saying the wait the server asked for', async () => {
  const clock = new FakeClock();
  const limiter = new SlidingWindowLimiter(10, 1_000, clock);
  limiter.pauseFor(30 * DAY_MS);
  const error = await limiter.acquire(undefined, 60_000).catch((rejection: unknown) => rejection);
  expect(error).toBeInstanceOf(RateLimitPaused);
  expect((error as RateLimitPaused).waitMs).toBe(30 * DAY_MS);
});

it('refuses a request already waiting when a pause longer than its deadline begins', async () => {
  const clock = new FakeClock();
  const limiter = new SlidingWindowLimiter(1, 1_000, clock);
  const busy = await limiter.acquire();
  const waiting = limiter.acquire(undefined, 60_000);
  limiter.pauseFor(120_000);
  await expect(waiting).rejects.toBeInstanceOf(RateLimitPaused);
  busy.release();
});

it('lets a request whose deadline covers the pause wait for it', async () => {
  const clock = new FakeClock();
  const limiter = new SlidingWindowLimiter(10, 1_000, clock);
  limiter.pauseFor(20_000);
  const waiting = limiter.acquire(undefined, 60_000);
  await clock.advance(20_000);
  expect(await settledNow(waiting)).toBe(true);
});

it('reports the wait of a new pause, not of an old one that has ended', async () => {
  const clock = new FakeClock();
  const limiter = new SlidingWindowLimiter(10, 1_000, clock);
  limiter.pauseFor(DAY_MS);
  await clock.advance(MAX_PAUSE_MS);
  limiter.pauseFor(90_000);
  const error = await limiter.acquire(undefined, 60_000).catch((rejection: unknown) => rejection);
  expect((error as RateLimitPaused).waitMs).toBe(90_000);
});

it('never hands a real timer a delay it would overflow (Node fires those after 1 ms and warns)', async () => {
  const warnings: string[] = [];
  const onWarning = (warning: Error) => warnings.push(warning.name);
  process.on('warning', onWarning);
  let fired = false;
  const { cancel } = systemClock.setTimeout(() => (fired = true), MAX_TIMER_DELAY_MS * 4);
  await new Promise((resolve) => setTimeout(resolve, 20));
  cancel();
  process.off('warning', onWarning);
  expect(fired).toBe(false);
  expect(warnings).not.toContain('TimeoutOverflowWarning');
});
