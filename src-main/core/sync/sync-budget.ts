// Background sync spends at most a share of a profile's call rate, so what the user does in the
// meantime (interactive calls) always finds the profile's limiter with room and goes first. The
// profile's own limiter (core/http) still counts every call; this only holds sync back.
import type { Clock } from '../lifecycle/clock.ts';
import { SlidingWindowLimiter } from '../http/rate-limiter.ts';

export const SYNC_SHARE_OF_RATE = 0.7;

export interface RateLimit {
  requests: number;
  windowMs: number;
}

/** A profile's key's whole call rate, as the profile sets it; sync spends only a share of it. */
export type RateOf = (profileId: string) => RateLimit;

export class SyncBudget {
  readonly #clock: Clock;
  readonly #limiters = new Map<string, { rate: RateLimit; limiter: SlidingWindowLimiter }>();

  constructor(clock: Clock) {
    this.#clock = clock;
  }

  /** Runs one background call inside the profile's sync share; `rate` is the key's whole limit. */
  async spend<T>(profileId: string, rate: RateLimit, call: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    const permit = await this.#limiterFor(profileId, rate).acquire(signal);
    try {
      return await call();
    } finally {
      permit.release();
    }
  }

  #limiterFor(profileId: string, rate: RateLimit): SlidingWindowLimiter {
    const existing = this.#limiters.get(profileId);
    if (existing && existing.rate.requests === rate.requests && existing.rate.windowMs === rate.windowMs) return existing.limiter;
    // At least one request per window for sync, and at least one left for the user.
    const share = Math.max(1, Math.min(rate.requests - 1, Math.floor(rate.requests * SYNC_SHARE_OF_RATE)));
    const limiter = new SlidingWindowLimiter(share, rate.windowMs, this.#clock);
    this.#limiters.set(profileId, { rate, limiter });
    return limiter;
  }
}
