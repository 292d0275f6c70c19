// Keeps one profile's requests under its key's limit as a server's sliding window counts them.
//
// The limiter holds `limit` slots. A request takes a slot before it is sent and gives it back
// when the response headers arrive (or the attempt fails); the slot is usable again one window
// (plus a margin) after that. The server saw the request no later than we saw its answer, so any
// `limit + 1` requests the server receives include two that shared a slot, and those two arrived
// at least a window apart: the server's window never holds more than `limit`, whatever the latency.

// Covers timer granularity and servers that count a window's edges inclusively.
function safetyMarginMs(windowMs: number): number {
  return Math.max(50, windowMs * 0.02);
}

export interface RatePermit {
  release(): void;
}

interface Waiter {
  grant: (permit: RatePermit) => void;
  signal: AbortSignal | undefined;
  onAbort: () => void;
}

export class SlidingWindowLimiter {
  readonly #windowMs: number;
  /** When each slot may be taken again; Infinity while its request is in flight. */
  readonly #freeAt: number[];
  readonly #waiters: Waiter[] = [];
  #pausedUntil = 0;
  #timer: NodeJS.Timeout | undefined;

  constructor(limit: number, windowMs: number) {
    if (!Number.isInteger(limit) || limit < 1 || !(windowMs > 0)) {
      throw new Error('the rate limit needs at least 1 request per a positive window');
    }
    this.#windowMs = windowMs + safetyMarginMs(windowMs);
    this.#freeAt = Array.from({ length: limit }, () => 0);
  }

  acquire(signal?: AbortSignal): Promise<RatePermit> {
    signal?.throwIfAborted();
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        grant: resolve,
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

  /** The server asked everyone to wait (Retry-After): no request of this profile starts before `time`. */
  pauseUntil(time: number): void {
    this.#pausedUntil = Math.max(this.#pausedUntil, time);
    this.#serve();
  }

  #serve(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    while (this.#waiters.length > 0) {
      const now = Date.now();
      if (now < this.#pausedUntil) return this.#wakeAt(this.#pausedUntil);
      const slot = this.#freeAt.findIndex((freeAt) => freeAt <= now);
      if (slot === -1) return this.#wakeAt(Math.min(...this.#freeAt));
      const waiter = this.#waiters.shift()!;
      waiter.signal?.removeEventListener('abort', waiter.onAbort);
      this.#freeAt[slot] = Infinity;
      waiter.grant(this.#permitFor(slot));
    }
  }

  #permitFor(slot: number): RatePermit {
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        this.#freeAt[slot] = Date.now() + this.#windowMs;
        this.#serve();
      },
    };
  }

  #wakeAt(time: number): void {
    // Every slot in flight: a release will call #serve.
    if (time === Infinity) return;
    this.#timer = setTimeout(() => this.#serve(), Math.max(0, time - Date.now()));
  }
}
