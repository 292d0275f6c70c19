// When a request is tried again, and how long to wait first: exponential backoff with full jitter,
// or exactly what the server asked for in Retry-After, within a cap on attempts and on total waiting.
import type { ServiceErrorCode } from './types.ts';

export interface RetryPolicy {
  /** Including the first attempt. */
  maxAttempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** Sum of all waits of one request; a longer Retry-After ends the retries instead. */
  maxTotalWaitMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxAttempts: 4,
  baseDelayMs: 300,
  maxDelayMs: 8_000,
  maxTotalWaitMs: 60_000,
};

const IDEMPOTENT_METHODS = new Set(['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS']);
// The server refused before doing anything, so even a non-idempotent write is safe to send again.
const ALWAYS_RETRIED_STATUSES = new Set([429, 503]);
const IDEMPOTENT_RETRIED_STATUSES = new Set([500, 502, 504]);
const RETRIED_NETWORK_FAILURES = new Set<ServiceErrorCode>([
  'connection_refused',
  'connection_reset',
  'network_unreachable',
  'timeout',
]);

export function isIdempotent(method: string, hasIdempotencyKey: boolean): boolean {
  return hasIdempotencyKey || IDEMPOTENT_METHODS.has(method.toUpperCase());
}

export function isRetriedStatus(status: number, idempotent: boolean): boolean {
  return ALWAYS_RETRIED_STATUSES.has(status) || (idempotent && IDEMPOTENT_RETRIED_STATUSES.has(status));
}

/** A failed connection may or may not have reached the server, so only idempotent requests go again. */
export function isRetriedNetworkFailure(code: ServiceErrorCode, idempotent: boolean): boolean {
  return idempotent && RETRIED_NETWORK_FAILURES.has(code);
}

/** Retry-After as milliseconds from now: delta-seconds or an HTTP date. */
export function parseRetryAfter(value: string | undefined, now = Date.now()): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** The waits of one request's retries. */
export class RetrySchedule {
  readonly #policy: RetryPolicy;
  #attempts = 1;
  #waitedMs = 0;

  constructor(policy: RetryPolicy) {
    this.#policy = policy;
  }

  get attempt(): number {
    return this.#attempts;
  }

  /** The wait before the next attempt, or undefined when the attempts or the total wait are used up. */
  next(retryAfterMs?: number): number | undefined {
    if (this.#attempts >= this.#policy.maxAttempts) return undefined;
    const ceiling = Math.min(this.#policy.maxDelayMs, this.#policy.baseDelayMs * 2 ** (this.#attempts - 1));
    const wait = retryAfterMs ?? Math.random() * ceiling;
    if (this.#waitedMs + wait > this.#policy.maxTotalWaitMs) return undefined;
    this.#attempts += 1;
    this.#waitedMs += wait;
    return Math.ceil(wait);
  }
}
