import { describe, expect, it } from 'vitest';
import { SlidingWindowLimiter } from './sliding-window.ts';

describe('SlidingWindowLimiter', () => {
  it('counts the requests allowed in the last window, not per fixed window', () => {
    const limiter = new SlidingWindowLimiter();
    const at = (t: number) => limiter.take('k', 3, 1000, t);
    expect([at(0), at(400), at(900)].map((d) => d.allowed)).toEqual([true, true, true]);
    expect(at(999)).toEqual({ allowed: false, limit: 3, remaining: 0, retryAfterSeconds: 1 });
    // At 1000 the request of t=0 leaves the window; a fixed window would allow three more.
    expect(at(1000).allowed).toBe(true);
    expect(at(1001).allowed).toBe(false);
    expect(at(1400).allowed).toBe(true);
  });

  it('does not count refused requests', () => {
    const limiter = new SlidingWindowLimiter();
    limiter.take('k', 1, 1000, 0);
    for (let t = 1; t < 1000; t += 100) expect(limiter.take('k', 1, 1000, t).allowed).toBe(false);
    expect(limiter.take('k', 1, 1000, 1000).allowed).toBe(true);
  });

  it('rounds Retry-After up to whole seconds until the oldest request leaves', () => {
    const limiter = new SlidingWindowLimiter();
    limiter.take('k', 1, 60_000, 0);
    expect(limiter.take('k', 1, 60_000, 100).retryAfterSeconds).toBe(60);
    expect(limiter.take('k', 1, 60_000, 58_500).retryAfterSeconds).toBe(2);
  });

  it('keeps keys apart and reports what remains', () => {
    const limiter = new SlidingWindowLimiter();
    expect(limiter.take('a', 2, 1000, 0).remaining).toBe(1);
    expect(limiter.take('b', 2, 1000, 0).remaining).toBe(1);
    expect(limiter.take('a', 2, 1000, 1).remaining).toBe(0);
  });
});
