// One profile's way to a back end, wired together: its dispatcher (trust, proxy, keep-alive), rate
// limiter, the attempt/retry loop (exchange.ts) and error mapping, shared by every request of the profile.
import type { Dispatcher } from 'undici';
import type { Logger } from '../log/logger.ts';
import type { ResolveProxy } from '../platform.ts';
import { systemClock, type Clock } from '../lifecycle/clock.ts';
import { createDispatcher } from './dispatcher.ts';
import { createExchange } from './exchange.ts';
import { describeCancelled, describeInvalidSettings, describeMissingKey } from './local-errors.ts';
import { TIMEOUT_PHASE_BY_UNDICI_CODE, describeConnectionFailure, describeTimeout, underlyingError, type TimeoutPhase } from './network-errors.ts';
import { SlidingWindowLimiter } from './rate-limiter.ts';
import type { CallOutcome } from './reachability.ts';
import { parseJsonBody } from './response-body.ts';
import { DEFAULT_RETRY_POLICY, parseRetryAfter, type RetryPolicy } from './retry.ts';
import { ServiceFailure } from './service-failure.ts';
import { describeHttpError, describeMalformedStreamEvent, requestIdFrom } from './status-errors.ts';
import type { ApiKeyProvider, ConnectionSettings } from './types.ts';

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
  /** One attempt only: the outbox retries its writes itself and must know of every attempt (one that may have arrived). */
  once?: boolean;
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
  readonly baseUrl: URL;
  /** Resolves with a 2xx answer; rejects with a ServiceFailure for everything else. */
  request<T = unknown>(request: HttpRequest): Promise<HttpResponse<T>>;
  /**
   * Adds no authentication and, like any fetch, resolves with HTTP error statuses. Rejects with a
   * ServiceFailure when the network, the size or time limits, or the body's format fail, and with
   * the caller's own abort reason when the caller aborts.
   */
  readonly fetch: BoundFetch;
  /** The profile's key; the key store that gave it has registered it with the log redactor. */
  apiKey(): Promise<string>;
  /** Explains any error from this client (or from code reading its fetch responses) as a ServiceFailure. */
  toServiceFailure(error: unknown): ServiceFailure;
  close(): Promise<void>;
}

export interface HttpClientOptions {
  retry?: Partial<RetryPolicy>;
  /** Told how every exchange ended (the profile's connection health). */
  onOutcome?: (outcome: CallOutcome) => void;
  /** What the rate limiter and the retries wait on; tests pass a fake one. */
  clock?: Clock;
  /** Where the "system" proxy mode asks the OS; without it the environment variables decide. */
  resolveProxy?: ResolveProxy;
}

function parseBaseUrl(settings: ConnectionSettings): URL {
  let url: URL;
  try {
    url = new URL(settings.baseUrl);
  } catch {
    throw new ServiceFailure(describeInvalidSettings(settings.dialect, { context: 'not_url', url: settings.baseUrl }));
  }
  // Keys travel in headers; they never go over plain HTTP.
  if (url.protocol !== 'https:') {
    throw new ServiceFailure(describeInvalidSettings(settings.dialect, { context: 'not_https' }));
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
  const { dialect } = settings;
  const baseUrl = parseBaseUrl(settings);
  const log = logger.child({ service: dialect.service });
  const policy: RetryPolicy = { ...DEFAULT_RETRY_POLICY, ...options.retry };
  const clock = options.clock ?? systemClock;
  let dispatcher: Dispatcher;
  let limiter: SlidingWindowLimiter;
  try {
    dispatcher = createDispatcher(settings, options.resolveProxy);
    limiter = new SlidingWindowLimiter(settings.rateLimit.requests, settings.rateLimit.windowMs, clock);
  } catch (error) {
    throw new ServiceFailure(describeInvalidSettings(dialect, { problem: (error as Error).message }), { cause: error });
  }

  const timeoutFor: Record<TimeoutPhase, number> = {
    connect: settings.timeouts.connectMs,
    headers: settings.timeouts.headersMs,
    body: settings.timeouts.bodyMs,
    'stream-idle': settings.timeouts.streamIdleMs,
  };

  /** Explains without any I/O: a poller's failed call must not open further connections to say why. */
  function toServiceFailure(error: unknown): ServiceFailure {
    if (error instanceof ServiceFailure) return error;
    // The SDK wraps what our fetch threw.
    if (error instanceof Error && error.cause instanceof ServiceFailure) return error.cause;
    if (isAbortError(error)) return new ServiceFailure(describeCancelled(dialect), { cause: error });
    // Bodies that are not streamed are checked before an SDK sees them; its JSON parse fails only on a stream event.
    if (error instanceof SyntaxError) return new ServiceFailure(describeMalformedStreamEvent(dialect), { cause: error });
    const system = underlyingError(error);
    const phase = system === undefined ? undefined : TIMEOUT_PHASE_BY_UNDICI_CODE[system.code];
    if (phase) return new ServiceFailure(describeTimeout(dialect, phase, timeoutFor[phase]), { cause: error });
    return new ServiceFailure(describeConnectionFailure(dialect, system, baseUrl.host, settings.trust.mode === 'pinned'), { cause: error });
  }

  async function apiKey(): Promise<string> {
    const key = await getApiKey();
    if (!key) throw new ServiceFailure(describeMissingKey(dialect));
    return key;
  }

  const send = createExchange({ settings, dispatcher, limiter, policy, clock, log, toServiceFailure, ...(options.onOutcome ? { onOutcome: options.onOutcome } : {}) });

  const boundFetch: BoundFetch = async (input, init = {}) => {
    if (input instanceof Request) throw new TypeError('pass a URL and an init object; a Request body cannot be replayed');
    const { response, bytes } = await send(input, init);
    if (bytes === undefined) return response;
    const contentType = response.headers.get('content-type') ?? '';
    // SDKs expect JSON from a success: an HTML page or a broken body is reported here, with the status.
    // An error status keeps its body as is: the status decides what went wrong, not the body's format.
    if (response.ok && /json|html/i.test(contentType)) {
      parseJsonBody(bytes, contentType, {
        dialect,
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
      const { response, bytes } = await send(url, { method: req.method, headers, body, signal: req.signal ?? null }, { once: req.once ?? false });
      const status = response.status;
      const responseHeaders = Object.fromEntries(response.headers);
      const parse = () =>
        parseJsonBody(bytes ?? Buffer.alloc(0), responseHeaders['content-type'], {
          dialect,
          status,
          requestId: requestIdFrom(undefined, responseHeaders),
        });
      // Decide by status first (firewall.md, part 7): an error's body is read if it can be, never required.
      const data = response.ok ? parse() : leniently(parse);
      const requestId = requestIdFrom(data, responseHeaders);
      if (!response.ok) {
        const retryAfterMs = parseRetryAfter(responseHeaders['retry-after'], clock.now());
        const htmlPage = /html/i.test(responseHeaders['content-type'] ?? '') || /^\s*</.test(bytes?.toString('utf8', 0, 64) ?? '');
        const failure = new ServiceFailure(describeHttpError(dialect, status, data, requestId, retryAfterMs, htmlPage));
        log.warn('request refused', { method: req.method, path: url.pathname, status, code: failure.serviceError.code, requestId });
        throw failure;
      }
      return { status, headers: responseHeaders, data: data as T, ...(requestId ? { requestId } : {}) };
    } catch (error) {
      throw toServiceFailure(error);
    }
  }

  return {
    baseUrl,
    request,
    fetch: boundFetch,
    apiKey,
    toServiceFailure,
    close: () => dispatcher.close(),
  };
}
