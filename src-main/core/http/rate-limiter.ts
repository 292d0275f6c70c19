// Keeps one profile's requests under its key's limit as a server's sliding window counts them.
//
// The limiter holds `limit` slots. A request takes a slot before it is sent and gives it back
// when the response headers arrive (or the attempt fails); the slot is usable again one window
// (plus a margin) after that. The server saw the request no later than we saw its answer, so any
// `limit + 1` requests the server receives include two that shared a slot, and those two arrived
// at least a window apart: the server's window never holds more than `limit`, whatever the latency.
import { systemClock, type Clock } from '../lifecycle/clock.ts';

// A server can ask for days, or for a date in the year 9999. Past this the profile sends again
// and lets the server say once more how long it wants, so one answer never freezes it for good.
export const MAX_PAUSE_MS = 5 * 60_000;

// Covers timer granularity and servers that count a window's edges inclusively.
function safetyMarginMs(windowMs: number): number {
  return Math.max(50, windowMs * 0.02);
}

export interface RatePermit {
  release(): void;
}

/** A request would have waited longer than it may for the server's pause to end. */
export class RateLimitPaused extends Error {
  /** The wait the server asked for, from now, before the limiter capped it. */
  readonly waitMs: number;

  constructor(waitMs: number) {
    super(`the server asked to wait ${Math.ceil(waitMs / 1000)} s`);
    this.name = 'RateLimitPaused';
    this.waitMs = waitMs;
  }
}

interface Waiter {
  grant: (permit: RatePermit) => void;
  refuse: (error: Error) => void;
  deadline: number;
  signal: AbortSignal | undefined;
  onAbort: () => void;
}

export class SlidingWindowLimiter {
  readonly #windowMs: number;
  /** When each slot may be taken again; Infinity while its request is in flight. */
  readonly #freeAt: number[];
  readonly #waiters: Waiter[] = [];
  readonly #clock: Clock;
  #pausedUntil = 0;
  /** The end of the pause as the server asked for it, beyond the cap. */
  #askedUntil = 0;
  #cancelTimer: (() => void) | undefined;

  constructor(limit: number, windowMs: number, clock: Clock = systemClock) {
    if (!Number.isInteger(limit) || limit < 1 || !(windowMs > 0)) {
      throw new Error('the rate limit needs at least 1 request per a positive window');
    }
    this.#windowMs = windowMs + safetyMarginMs(windowMs);
    this.#freeAt = Array.from({ length: limit }, () => 0);
    this.#clock = clock;
  }

  /** A slot; refused with RateLimitPaused at once if a server's pause outlasts `maxWaitMs`. */
  acquire(signal?: AbortSignal, maxWaitMs = Infinity): Promise<RatePermit> {
    signal?.throwIfAborted();
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        grant: resolve,
        refuse: reject,
        deadline: this.#clock.now() + maxWaitMs,
        signal,
        onAbort: () => {
          const index = this.#waiters.indexOf(waiter);
          if (index !== -1) this.#waiters.splice(index, 1);
          reject(signal?.reason);
        },
      };
      signal?.addEventListener('abort', waiter.onAbort, { once: true });
      this.#waiters.push(waiter);
      this.#serve();
    });
  }

  /** The server asked everyone to wait (Retry-After): no request of this profile starts for `waitMs`, up to the cap. */
  pauseFor(waitMs: number): void {
    const now = this.#clock.now();
    if (now >= this.#pausedUntil) this.#askedUntil = 0;
    this.#askedUntil = Math.max(this.#askedUntil, now + waitMs);
    this.#pausedUntil = Math.max(this.#pausedUntil, now + Math.min(waitMs, MAX_PAUSE_MS));
    this.#serve();
  }

  #serve(): void {
    this.#cancelTimer?.();
    this.#cancelTimer = undefined;
    while (this.#waiters.length > 0) {
      const now = this.#clock.now();
      if (now < this.#pausedUntil) {
        this.#refuseWaitersPastDeadline(now);
        if (this.#waiters.length === 0) return;
        return this.#wakeAt(this.#pausedUntil);
      }
      const slot = this.#freeAt.findIndex((freeAt) => freeAt <= now);
      if (slot === -1) return this.#wakeAt(Math.min(...this.#freeAt));
      const waiter = this.#waiters.shift()!;
      waiter.signal?.removeEventListener('abort', waiter.onAbort);
      this.#freeAt[slot] = Infinity;
      waiter.grant(this.#permitFor(slot));
    }
  }

  #refuseWaitersPastDeadline(now: number): void {
    const refused = this.#waiters.filter((waiter) => waiter.deadline < this.#pausedUntil);
    for (const waiter of refused) {
      this.#waiters.splice(this.#waiters.indexOf(waiter), 1);
      waiter.signal?.removeEventListener('abort', waiter.onAbort);
      waiter.refuse(new RateLimitPaused(this.#askedUntil - now));
    }
  }

  #permitFor(slot: number): RatePermit {
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        this.#freeAt[slot] = this.#clock.now() + this.#windowMs;
        this.#serve();
      },
    };
  }

  #wakeAt(time: number): void {
    // Every slot in flight: a release will call #serve.
    if (time === Infinity) return;
    this.#cancelTimer = this.#clock.setTimeout(() => this.#serve(), time - this.#clock.now()).cancel;
  }
}
