// The attempt/retry loop of one profile: a rate-limit slot per attempt, retries with backoff or the
// server's Retry-After, the overall deadline of a task the user waits for, the whole body of an
// answer read within the size and time limits, and an event stream passed on within its caps.
import { FormData as UndiciFormData, fetch as undiciFetch, type Dispatcher, type RequestInit as UndiciRequestInit } from 'undici';
import type { Logger } from '../log/logger.ts';
import { currentDeadline, type Deadline } from './deadline.ts';
import { describeDeadlineExceeded, describeTimeout, type ExchangeStage } from './network-errors.ts';
import { outcomeOfFailure, outcomeOfStatus, type CallOutcome } from './reachability.ts';
import { capEventStream, readCappedBody } from './response-body.ts';
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

/** How far one request got, for the message when the overall deadline ends it. */
interface Progress {
  stage: ExchangeStage;
  attempts: number;
}

/** The profile's dispatcher, telling `progress` when a connection is ready and the request goes out. */
function reportingConnection(dispatcher: Dispatcher, progress: Progress): Dispatcher {
  return dispatcher.compose((dispatch) => (options, handler) =>
    dispatch(
      options,
      new Proxy(handler, {
        get(target, name) {
          const value: unknown = Reflect.get(target, name);
          if (typeof value !== 'function') return value;
          if (name !== 'onRequestStart') return value.bind(target);
          return (...args: unknown[]) => {
            progress.stage = 'headers';
            return value.apply(target, args);
          };
        },
      }),
    ),
  );
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
/** `once`: a single attempt, for a write whose every attempt the outbox makes and remembers itself. */
export type SendExchange = (input: string | URL, init: RequestInit, options?: { once?: boolean }) => Promise<Exchange>;

export function createExchange(parts: ExchangeParts): SendExchange {
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
    rules: { idempotent: boolean; replayable: boolean; schedule: RetrySchedule; where: Record<string, unknown>; progress: Progress },
  ): Promise<{ exchange: Exchange } | { waitMs: number }> {
    const { progress } = rules;
    const callerSignal = init.signal ?? undefined;
    const started = performance.now();
    progress.stage = 'rate-limit';
    // A pause longer than a request may wait in total fails it now, saying how long the server asked for.
    const permit = await limiter.acquire(callerSignal, policy.maxTotalWaitMs).catch((error: unknown) => {
      if (!(error instanceof RateLimitPaused)) throw error;
      throw new ServiceFailure(describeHttpError(dialect, 429, undefined, undefined, error.waitMs), { cause: error });
    });
    const bodyDeadline = new AbortController();
    let bodyTimer: NodeJS.Timeout | undefined;
    progress.stage = 'connect';
    progress.attempts += 1;
    try {
      const signal = callerSignal ? AbortSignal.any([callerSignal, bodyDeadline.signal]) : bodyDeadline.signal;
      // An API does not redirect; a 3xx shown as such points at a wrong base URL.
      const undiciInit = {
        ...init,
        body: asUndiciBody(init.body),
        signal,
        dispatcher: reportingConnection(dispatcher, progress),
        redirect: 'manual',
      } as unknown as UndiciRequestInit;
      const answer = (await undiciFetch(input, undiciInit)) as unknown as Response;
      progress.stage = 'body';
      // The slot's window starts once the server has certainly seen the request (rate-limiter.ts).
      permit.release();
      const logged = { ...rules.where, status: answer.status, attempt: rules.schedule.attempt };
      if (rules.replayable && isRetriedStatus(answer.status, rules.idempotent)) {
        const wait = rules.schedule.next(retryAfterOf(answer.status, answer.headers.get('retry-after')));
        if (wait !== undefined) {
          await answer.body?.cancel();
          log.warn('retrying', { ...logged, waitMs: wait });
          return { waitMs: wait };
        }
      }
      const limits = { dialect, status: answer.status, maxBytes: settings.maxResponseBytes };
      if (answer.headers.get('content-type')?.includes('text/event-stream') && answer.body) {
        log.info('stream started', logged);
        // Read later by the caller (an SDK): the caps travel with the body.
        const response = new Response(capEventStream(answer.body, limits), {
          status: answer.status,
          statusText: answer.statusText,
          headers: answer.headers,
        });
        return { exchange: { response, bytes: undefined } };
      }
      bodyTimer = setTimeout(() => bodyDeadline.abort(), settings.timeouts.bodyMs);
      const bytes = answer.body ? await readCappedBody(answer.body, answer.headers.get('content-length'), limits) : Buffer.alloc(0);
      log.info('response', { ...logged, ms: Math.round(performance.now() - started) });
      return { exchange: { response: answer, bytes } };
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
      // Nothing listens there: the connection state turns now, not after the retries meant for a server that restarts.
      if (code === 'connection_refused') report(outcomeOfFailure(failure.serviceError, init.method ?? 'GET'));
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

  async function send(input: string | URL, init: RequestInit, progress: Progress, once: boolean): Promise<Exchange> {
    const method = (init.method ?? 'GET').toUpperCase();
    const headers = new Headers(init.headers);
    // Back ends such as the support API refuse browser-originated calls; OpsDesk never sends one.
    headers.delete('origin');
    const rules = {
      idempotent: isIdempotent(method, headers.has('idempotency-key')),
      replayable: !once && isReplayable(init.body),
      schedule: new RetrySchedule(policy),
      where: { method, path: new URL(input).pathname },
      progress,
    };
    for (;;) {
      const outcome = await attempt(input, { ...init, method, headers }, rules);
      if ('exchange' in outcome) return outcome.exchange;
      progress.stage = 'retry-wait';
      await sleep(clock, outcome.waitMs, init.signal ?? undefined);
    }
  }

  /** The caller's own abort stays as it is; the end of the task's deadline says where the request stood. */
  async function sendWithin(deadline: Deadline | undefined, input: string | URL, init: RequestInit, once: boolean): Promise<Exchange> {
    const progress: Progress = { stage: 'rate-limit', attempts: 0 };
    if (!deadline) return send(input, init, progress, once);
    const signal = init.signal ? AbortSignal.any([init.signal, deadline.signal]) : deadline.signal;
    try {
      return await send(input, { ...init, signal }, progress, once);
    } catch (error) {
      // What the deadline ended arrives as the abort itself, never as an explained failure.
      if (error instanceof ServiceFailure || !deadline.signal.aborted || init.signal?.aborted) throw error;
      const host = new URL(input).host;
      throw new ServiceFailure(describeDeadlineExceeded(dialect, deadline.ms, host, progress.stage, progress.attempts), { cause: error });
    }
  }

  return async (input, init, options = {}) => {
    const method = init.method ?? 'GET';
    try {
      const exchange = await sendWithin(currentDeadline(), input, init, options.once ?? false);
      const { status, headers } = exchange.response;
      report(outcomeOfStatus(status, method, headers.get('date')) ?? outcomeOfFailure(describeHttpError(dialect, status, null, headers.get('x-request-id') ?? undefined), method));
      return exchange;
    } catch (error) {
      if (error instanceof ServiceFailure) report(outcomeOfFailure(error.serviceError, method));
      throw error;
    }
  };
}
