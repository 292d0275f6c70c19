// The attempt/retry loop of one profile: a rate-limit slot per attempt, retries with backoff or the
// server's Retry-After, and for an answer that is not a stream, the whole body read within the size
// and time limits.
import { FormData as UndiciFormData, fetch as undiciFetch, type Dispatcher, type RequestInit as UndiciRequestInit } from 'undici';
import type { Logger } from '../log/logger.ts';
import { describeTimeout } from './network-errors.ts';
import { outcomeOfFailure, outcomeOfStatus, type CallOutcome } from './reachability.ts';
import { readCappedBody } from './response-body.ts';
import { sleep, type Clock } from '../lifecycle/clock.ts';
import { RateLimitPaused, type SlidingWindowLimiter } from './rate-limiter.ts';
import { RetrySchedule, isIdempotent, isRetriedNetworkFailure, isRetriedStatus, parseRetryAfter, type RetryPolicy } from './retry.ts';
import { ServiceFailure } from './service-failure.ts';
import { describeHttpError } from './status-errors.ts';
import type { ConnectionSettings } from './types.ts';

/** An answer; `bytes` is the whole body, or undefined for an event stream left for the caller to read. */
export interface Exchange {
  response: Response;
  bytes: Buffer<ArrayBuffer> | undefined;
}

export interface ExchangeParts {
  settings: ConnectionSettings;
  dispatcher: Dispatcher;
  limiter: SlidingWindowLimiter;
  policy: RetryPolicy;
  clock: Clock;
  log: Logger;
  /** Explains what a failed attempt threw. */
  toServiceFailure(error: unknown): ServiceFailure;
  /** Told how every exchange ended, for the profile's connection health. */
  onOutcome?: (outcome: CallOutcome) => void;
}

function isReplayable(body: RequestInit['body'] | undefined): boolean {
  return !(body instanceof ReadableStream) && !(typeof body === 'object' && body !== null && Symbol.asyncIterator in body);
}

/**
 * undici's fetch encodes only its own FormData class as multipart; SDKs build the global one
 * (from the undici copy inside Node), which would otherwise be sent as the text "[object FormData]".
 */
function asUndiciBody(body: RequestInit['body'] | undefined): unknown {
  if (!(body instanceof FormData) || body instanceof UndiciFormData) return body;
  const form = new UndiciFormData();
  for (const [name, value] of body) {
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, value, value.name);
  }
  return form;
}

/**
 * One exchange under the profile's rules. The caller's own abort is rethrown as is; every other
 * failure as a ServiceFailure.
 */
export function createExchange(parts: ExchangeParts): (input: string | URL, init: RequestInit) => Promise<Exchange> {
  const { settings, dispatcher, limiter, policy, clock, log, toServiceFailure } = parts;
  const { dialect } = settings;

  function report(outcome: CallOutcome | undefined): void {
    if (outcome) parts.onOutcome?.(outcome);
  }

  /** A 429's Retry-After holds back every request of the profile, not just this one. */
  function retryAfterOf(status: number, header: string | null): number | undefined {
    const retryAfterMs = parseRetryAfter(header ?? undefined, clock.now());
    if (status === 429 && retryAfterMs !== undefined) limiter.pauseFor(retryAfterMs);
    return retryAfterMs;
  }

  /** One attempt: the answer, or how it failed and how long to wait before the next attempt (if any). */
  async function attempt(
    input: string | URL,
    init: RequestInit,
    rules: { idempotent: boolean; replayable: boolean; schedule: RetrySchedule; where: Record<string, unknown> },
  ): Promise<{ exchange: Exchange } | { waitMs: number }> {
    const callerSignal = init.signal ?? undefined;
    const started = performance.now();
    // A pause longer than a request may wait in total fails it now, saying how long the server asked for.
    const permit = await limiter.acquire(callerSignal, policy.maxTotalWaitMs).catch((error: unknown) => {
      if (!(error instanceof RateLimitPaused)) throw error;
      throw new ServiceFailure(describeHttpError(dialect, 429, undefined, undefined, error.waitMs), { cause: error });
    });
    const bodyDeadline = new AbortController();
    let bodyTimer: NodeJS.Timeout | undefined;
    try {
      const signal = callerSignal ? AbortSignal.any([callerSignal, bodyDeadline.signal]) : bodyDeadline.signal;
      // An API does not redirect; a 3xx shown as such points at a wrong base URL.
      const undiciInit = {
        ...init,
        body: asUndiciBody(init.body),
        signal,
        dispatcher,
        redirect: 'manual',
      } as unknown as UndiciRequestInit;
      const response = (await undiciFetch(input, undiciInit)) as unknown as Response;
      // The slot's window starts once the server has certainly seen the request (rate-limiter.ts).
      permit.release();
      const logged = { ...rules.where, status: response.status, attempt: rules.schedule.attempt };
      if (rules.replayable && isRetriedStatus(response.status, rules.idempotent)) {
        const wait = rules.schedule.next(retryAfterOf(response.status, response.headers.get('retry-after')));
        if (wait !== undefined) {
          await response.body?.cancel();
          log.warn('retrying', { ...logged, waitMs: wait });
          return { waitMs: wait };
        }
      }
      if (response.headers.get('content-type')?.includes('text/event-stream')) {
        log.info('stream started', logged);
        return { exchange: { response, bytes: undefined } };
      }
      bodyTimer = setTimeout(() => bodyDeadline.abort(), settings.timeouts.bodyMs);
      const bytes = response.body
        ? await readCappedBody(response.body, response.headers.get('content-length'), {
            dialect,
            status: response.status,
            maxBytes: settings.maxResponseBytes,
          })
        : Buffer.alloc(0);
      log.info('response', { ...logged, ms: Math.round(performance.now() - started) });
      return { exchange: { response, bytes } };
    } catch (error) {
      if (callerSignal?.aborted) throw error;
      const failure = bodyDeadline.signal.aborted
        ? new ServiceFailure(describeTimeout(dialect, 'body', settings.timeouts.bodyMs), { cause: error })
        : toServiceFailure(error);
      // A failure read from an answer (an oversized body) would only repeat; a failure on the way may not.
      const wait =
        !(error instanceof ServiceFailure) &&
        rules.replayable &&
        isRetriedNetworkFailure(failure.serviceError.code, rules.idempotent)
          ? rules.schedule.next()
          : undefined;
      const { code, status } = failure.serviceError;
      if (wait === undefined) {
        log.warn('request failed', { ...rules.where, code, status, attempt: rules.schedule.attempt });
        throw failure;
      }
      log.warn('retrying', { ...rules.where, code, waitMs: wait, attempt: rules.schedule.attempt });
      return { waitMs: wait };
    } finally {
      permit.release();
      clearTimeout(bodyTimer);
    }
  }

  async function send(input: string | URL, init: RequestInit): Promise<Exchange> {
    const method = (init.method ?? 'GET').toUpperCase();
    const headers = new Headers(init.headers);
    // Back ends such as the support API refuse browser-originated calls; OpsDesk never sends one.
    headers.delete('origin');
    const rules = {
      idempotent: isIdempotent(method, headers.has('idempotency-key')),
      replayable: isReplayable(init.body),
      schedule: new RetrySchedule(policy),
      where: { method, path: new URL(input).pathname },
    };
    for (;;) {
      const outcome = await attempt(input, { ...init, method, headers }, rules);
      if ('exchange' in outcome) return outcome.exchange;
      await sleep(clock, outcome.waitMs, init.signal ?? undefined);
    }
  }

  return async (input, init) => {
    try {
      const exchange = await send(input, init);
      const { status, headers } = exchange.response;
      report(outcomeOfStatus(status) ?? outcomeOfFailure(describeHttpError(dialect, status, null, headers.get('x-request-id') ?? undefined)));
      return exchange;
    } catch (error) {
      if (error instanceof ServiceFailure) report(outcomeOfFailure(error.serviceError));
      throw error;
    }
  };
}
