// Sliding-window rate limiter: a request is allowed when fewer than `limit` requests were
// allowed in the last `windowMs`. Refused requests are not counted, so a client that keeps its
// own sliding window of the same size never sees a 429.
export interface RateDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  retryAfterSeconds: number; // 0 when allowed
}

export class SlidingWindowLimiter {
  readonly #accepted = new Map<string, number[]>();

  take(key: string, limit: number, windowMs: number, now = Date.now()): RateDecision {
    const times = (this.#accepted.get(key) ?? []).filter((t) => t > now - windowMs);
    this.#accepted.set(key, times);
    if (times.length >= limit) {
      const oldest = times[0]!;
      return { allowed: false, limit, remaining: 0, retryAfterSeconds: Math.max(1, Math.ceil((oldest + windowMs - now) / 1000)) };
    }
    times.push(now);
    return { allowed: true, limit, remaining: limit - times.length, retryAfterSeconds: 0 };
  }
}
