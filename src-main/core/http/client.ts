// One profile's way to a back end: its dispatcher (trust, proxy, keep-alive), rate limiter, retries,
// size and time limits, and error mapping, shared by every request of the profile.
import { FormData as UndiciFormData, fetch as undiciFetch, type Dispatcher, type RequestInit as UndiciRequestInit } from 'undici';
import type { Logger } from '../log/logger.ts';
import { probeCertificate } from './certificate-probe.ts';
import { createDispatcher } from './dispatcher.ts';
import {
  CERTIFICATE_CODES,
  TIMEOUT_PHASE_BY_UNDICI_CODE,
  describeCancelled,
  describeHttpError,
  describeInvalidSettings,
  describeMissingKey,
  describeNetworkError,
  describeTimeout,
  networkErrorCode,
  requestIdFrom,
  underlyingErrorCode,
  type TimeoutPhase,
} from './errors.ts';
import { sleep, systemClock, type Clock } from './clock.ts';
import { RateLimitPaused, SlidingWindowLimiter } from './rate-limiter.ts';
import { parseJsonBody, readCappedBody } from './response-body.ts';
import {
  DEFAULT_RETRY_POLICY,
  RetrySchedule,
  isIdempotent,
  isRetriedNetworkFailure,
  isRetriedStatus,
  parseRetryAfter,
  type RetryPolicy,
} from './retry.ts';
import { ServiceFailure } from './service-failure.ts';
import type { ApiKeyProvider, ConnectionSettings, ServiceName } from './types.ts';

export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface HttpRequest {
  method: HttpMethod;
  /** Appended to the profile's base URL; starts with '/'. */
  path: string;
  query?: Record<string, string | number | boolean | undefined>;
  /** Sent as JSON. */
  body?: unknown;
  headers?: Record<string, string>;
  /** Makes a write safe to retry; generate it once per user action. */
  idempotencyKey?: string;
  signal?: AbortSignal;
}

export interface HttpResponse<T = unknown> {
  status: number;
  headers: Record<string, string>;
  /** The parsed JSON body; null when the body is empty. */
  data: T;
  requestId?: string;
}

/** A WHATWG fetch over the profile's dispatcher, limiter and retries, for SDKs such as openai. */
export type BoundFetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

export interface HttpClient {
  readonly service: ServiceName;
  readonly baseUrl: URL;
  /** Resolves with a 2xx answer; rejects with a ServiceFailure for everything else. */
  request<T = unknown>(request: HttpRequest): Promise<HttpResponse<T>>;
  /**
   * Adds no authentication and, like any fetch, resolves with HTTP error statuses. Rejects with a
   * ServiceFailure when the network, the size or time limits, or the body's format fail, and with
   * the caller's own abort reason when the caller aborts.
   */
  readonly fetch: BoundFetch;
  /** The profile's key, registered with the logger so that no log line can show it. */
  apiKey(): Promise<string>;
  /** Explains any error from this client (or from code reading its fetch responses) as a ServiceFailure. */
  toServiceFailure(error: unknown): Promise<ServiceFailure>;
  close(): Promise<void>;
}

export interface HttpClientOptions {
  retry?: Partial<RetryPolicy>;
  /** What the rate limiter and the retries wait on; tests pass a fake one. */
  clock?: Clock;
}

/** An answer; `bytes` is the whole body, or undefined for an event stream left for the caller to read. */
interface Exchange {
  response: Response;
  bytes: Buffer<ArrayBuffer> | undefined;
}

function parseBaseUrl(settings: ConnectionSettings): URL {
  let url: URL;
  try {
    url = new URL(settings.baseUrl);
  } catch {
    throw new ServiceFailure(describeInvalidSettings(settings.service, `"${settings.baseUrl}" is not a URL`));
  }
  // Keys travel in headers; they never go over plain HTTP.
  if (url.protocol !== 'https:') {
    throw new ServiceFailure(describeInvalidSettings(settings.service, 'the base URL must start with https://'));
  }
  return url;
}

function urlFor(base: URL, path: string, query: HttpRequest['query']): URL {
  const url = new URL(base.href.replace(/\/+$/, '') + path);
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined) url.searchParams.set(name, String(value));
  }
  return url;
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

function leniently(parse: () => unknown): unknown {
  try {
    return parse();
  } catch {
    return undefined;
  }
}

function isAbortError(error: unknown): boolean {
  return error instanceof Error && (error.name === 'AbortError' || error.name === 'RequestAbortedError');
}

export function createHttpClient(
  settings: ConnectionSettings,
  getApiKey: ApiKeyProvider,
  logger: Logger,
  options: HttpClientOptions = {},
): HttpClient {
  const service = settings.service;
  const baseUrl = parseBaseUrl(settings);
  const log = logger.child({ service });
  const policy: RetryPolicy = { ...DEFAULT_RETRY_POLICY, ...options.retry };
  const clock = options.clock ?? systemClock;
  let dispatcher: Dispatcher;
  let limiter: SlidingWindowLimiter;
  try {
    dispatcher = createDispatcher(settings);
    limiter = new SlidingWindowLimiter(settings.rateLimit.requests, settings.rateLimit.windowMs, clock);
  } catch (error) {
    throw new ServiceFailure(describeInvalidSettings(service, (error as Error).message), { cause: error });
  }

  const timeoutFor: Record<TimeoutPhase, number> = {
    connect: settings.timeouts.connectMs,
    headers: settings.timeouts.headersMs,
    body: settings.timeouts.bodyMs,
    'stream-idle': settings.timeouts.streamIdleMs,
  };

  async function toServiceFailure(error: unknown): Promise<ServiceFailure> {
    if (error instanceof ServiceFailure) return error;
    // The SDK wraps what our fetch threw.
    if (error instanceof Error && error.cause instanceof ServiceFailure) return error.cause;
    if (isAbortError(error)) return new ServiceFailure(describeCancelled(service), { cause: error });
    const systemCode = underlyingErrorCode(error);
    const phase = systemCode === undefined ? undefined : TIMEOUT_PHASE_BY_UNDICI_CODE[systemCode];
    if (phase) return new ServiceFailure(describeTimeout(service, phase, timeoutFor[phase]), { cause: error });
    const code = networkErrorCode(systemCode, settings.trust.mode === 'pinned');
    const described = describeNetworkError(service, code, baseUrl.host);
    if (CERTIFICATE_CODES.has(code)) {
      const certificate = await probeCertificate(baseUrl, settings.timeouts.connectMs).catch(() => undefined);
      if (certificate) described.certificate = certificate;
    }
    return new ServiceFailure(described, { cause: error });
  }

  /** A 429's Retry-After holds back every request of the profile, not just this one. */
  function retryAfterOf(status: number, header: string | null): number | undefined {
    const retryAfterMs = parseRetryAfter(header ?? undefined, clock.now());
    if (status === 429 && retryAfterMs !== undefined) limiter.pauseFor(retryAfterMs);
    return retryAfterMs;
  }

  async function apiKey(): Promise<string> {
    const key = await getApiKey();
    if (!key) throw new ServiceFailure(describeMissingKey(service));
    log.registerSecret(key);
    return key;
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
      throw new ServiceFailure(describeHttpError(service, 429, undefined, undefined, error.waitMs), { cause: error });
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
            service,
            status: response.status,
            maxBytes: settings.maxResponseBytes,
          })
        : Buffer.alloc(0);
      log.info('response', { ...logged, ms: Math.round(performance.now() - started) });
      return { exchange: { response, bytes } };
    } catch (error) {
      if (callerSignal?.aborted) throw error;
      const failure = bodyDeadline.signal.aborted
        ? new ServiceFailure(describeTimeout(service, 'body', settings.timeouts.bodyMs), { cause: error })
        : await toServiceFailure(error);
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

  /**
   * One exchange under the profile's rules: a rate-limit slot per attempt, retries, and for an
   * answer that is not a stream, the whole body read within the size and time limits. The
   * caller's own abort is rethrown as is; every other failure as a ServiceFailure.
   */
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

  const boundFetch: BoundFetch = async (input, init = {}) => {
    if (input instanceof Request) throw new TypeError('pass a URL and an init object; a Request body cannot be replayed');
    const { response, bytes } = await send(input, init);
    if (bytes === undefined) return response;
    const contentType = response.headers.get('content-type') ?? '';
    // SDKs expect JSON from a success: an HTML page or a broken body is reported here, with the status.
    // An error status keeps its body as is: the status decides what went wrong, not the body's format.
    if (response.ok && /json|html/i.test(contentType)) {
      parseJsonBody(bytes, contentType, {
        service,
        status: response.status,
        requestId: response.headers.get('x-request-id') ?? undefined,
      });
    }
    return new Response(bytes.length > 0 ? bytes : null, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };

  async function request<T>(req: HttpRequest): Promise<HttpResponse<T>> {
    const url = urlFor(baseUrl, req.path, req.query);
    try {
      const headers = new Headers(req.headers);
      headers.set('accept', 'application/json');
      headers.set('authorization', `Bearer ${await apiKey()}`);
      if (req.idempotencyKey !== undefined) headers.set('idempotency-key', req.idempotencyKey);
      const body = req.body === undefined ? undefined : JSON.stringify(req.body);
      if (body !== undefined) headers.set('content-type', 'application/json');
      const { response, bytes } = await send(url, { method: req.method, headers, body, signal: req.signal ?? null });
      const status = response.status;
      const responseHeaders = Object.fromEntries(response.headers);
      const parse = () =>
        parseJsonBody(bytes ?? Buffer.alloc(0), responseHeaders['content-type'], {
          service,
          status,
          requestId: requestIdFrom(undefined, responseHeaders),
        });
      // Decide by status first (firewall.md, part 7): an error's body is read if it can be, never required.
      const data = response.ok ? parse() : leniently(parse);
      const requestId = requestIdFrom(data, responseHeaders);
      if (!response.ok) {
        const retryAfterMs = parseRetryAfter(responseHeaders['retry-after'], clock.now());
        const htmlPage = /html/i.test(responseHeaders['content-type'] ?? '') || /^\s*</.test(bytes?.toString('utf8', 0, 64) ?? '');
        const failure = new ServiceFailure(describeHttpError(service, status, data, requestId, retryAfterMs, htmlPage));
        log.warn('request refused', { method: req.method, path: url.pathname, status, code: failure.serviceError.code, requestId });
        throw failure;
      }
      return { status, headers: responseHeaders, data: data as T, ...(requestId ? { requestId } : {}) };
    } catch (error) {
      throw await toServiceFailure(error);
    }
  }

  return {
    service,
    baseUrl,
    request,
    fetch: boundFetch,
    apiKey,
    toServiceFailure,
    close: () => dispatcher.close(),
  };
}
