// The HTTPS plumbing shared by the three simulators: listening on 127.0.0.1, certificate
// hot-swap, request recording, body size caps, fault injection and response writing.
// A service subclass supplies routing (`handle`) and its own error body (`errorResponse`).
import https from 'node:https';
import { STATUS_CODES } from 'node:http';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { X509Certificate, randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { systemClock, type Clock } from '../../src-main/core/lifecycle/clock.ts';
import type { Pem } from './certs.ts';
import { FaultList } from './faults.ts';
import type { Fault, FaultSwitch } from './faults.ts';

export const MiB = 1024 * 1024;
export const DEFAULT_BODY_LIMIT = 10 * MiB;
// Beyond this much upload the socket is dropped instead of drained to answer 413 politely.
const DRAIN_LIMIT = 256 * MiB;
const RECORDED_REQUESTS_KEPT = 10_000;
const DEFAULT_SSE_INTERVAL_MS = 20;
const DEFAULT_OVERSIZE_BYTES = 64 * MiB;

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly headers: Record<string, string>;
  readonly param: string | undefined; // the request field at fault, when there is one

  constructor(status: number, code: string, message: string, extras: { headers?: Record<string, string>; param?: string } = {}) {
    super(message);
    this.status = status;
    this.code = code;
    this.headers = { ...extras.headers };
    this.param = extras.param;
  }
}

/**
 * Which of the shapes the documents allow a simulator serves where they say "not shown":
 * `opsdesk` is OpsDesk's own choices (docs/api-assumptions.md); `plain` is another server's
 * equally valid ones (string and business codes, failures inside HTTP 200, flat fields, numeric
 * ids, other field names, errors inside streams, the support site in a query parameter).
 */
export type SimDialect = 'opsdesk' | 'plain';
export const SIM_DIALECTS: readonly SimDialect[] = ['opsdesk', 'plain'];

export interface SimRequest {
  method: string;
  apiPath: string; // path after the API prefix, '/' at least
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  remoteAddress: string;
  body: Buffer;
}

export interface SimResponse {
  status: number;
  headers?: Record<string, string>;
  body?: Buffer | string;
  events?: string[]; // complete SSE frames ("data: ...\n\n"), written one by one
  eventIntervalMs?: number;
  eventDelays?: Record<number, number>; // per event index, a wait that replaces the interval before it
  holdOpen?: boolean; // after the last event the response never ends (the client has to close it)
}

export interface RecordedRequest {
  method: string;
  path: string; // full path as sent, without the query string, e.g. '/api/open/v1/tickets'
  query: string; // query string without '?', '' when none
  headers: Record<string, string>; // lower-case names; Authorization and X-SVC-Token redacted
  time: number; // epoch milliseconds when the request arrived
  status?: number; // status sent, once the response has started
  requestId?: string; // the X-Request-Id sent back, once the response has started
}

// What every simulator offers a test, whatever the service.
export interface SimServerBase {
  readonly url: string; // base URL as a user would type it into a profile
  readonly port: number;
  readonly leafSha256: string; // fingerprint of the served leaf, Node's fingerprint256 format
  setCertificate(pem: Pem): void;
  readonly faults: FaultSwitch;
  readonly requests: RecordedRequest[];
  readonly dialect: SimDialect;
  setDialect(dialect: SimDialect): void;
}

export interface SimServerOptions {
  apiPrefix: string; // e.g. '/api/v1'
  urlPath: string; // appended to https://127.0.0.1:PORT to form `url`
  clock?: Clock; // what rate windows, key expiry and recorded times count; tests pass a fake one
}

export function jsonResponse(status: number, value: unknown, headers: Record<string, string> = {}): SimResponse {
  return { status, headers: { 'content-type': 'application/json; charset=utf-8', ...headers }, body: JSON.stringify(value) };
}

export function sseFrame(data: unknown, event?: string): string {
  const payload = typeof data === 'string' ? data : JSON.stringify(data);
  return `${event === undefined ? '' : `event: ${event}\n`}data: ${payload}\n\n`;
}

const REQUEST_ID = /req_[0-9a-f]{20}/g;

function withKeyAsRequestId(response: SimResponse, key: string): SimResponse {
  const requestId = `req_${key}`;
  const body = typeof response.body === 'string' ? response.body.replace(REQUEST_ID, requestId) : response.body;
  return { ...response, headers: { ...response.headers, 'x-request-id': requestId }, ...(body !== undefined && { body }) };
}

function statusCodeName(status: number): string {
  const names: Record<number, string> = {
    400: 'bad_request', 401: 'unauthorized', 403: 'forbidden', 404: 'not_found', 409: 'conflict',
    413: 'payload_too_large', 429: 'rate_limited', 500: 'internal_error', 502: 'bad_gateway',
    503: 'service_unavailable', 504: 'gateway_timeout',
  };
  return names[status] ?? (status >= 500 ? 'internal_error' : 'bad_request');
}

function redactHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    out[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  if (out.authorization !== undefined) out.authorization = /^bearer\s/i.test(out.authorization) ? 'Bearer ***' : '***';
  if (out['x-svc-token'] !== undefined) out['x-svc-token'] = '***';
  return out;
}

async function readBody(req: IncomingMessage, limit: number): Promise<Buffer | 'too-large'> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > DRAIN_LIMIT) {
      req.socket.destroy();
      return 'too-large';
    }
    if (size <= limit) chunks.push(chunk);
  }
  return size > limit ? 'too-large' : Buffer.concat(chunks);
}

function proxyErrorPage(status: number): string {
  const title = `${status} ${STATUS_CODES[status] ?? 'Error'}`;
  return `<!DOCTYPE html>\n<html><head><title>${title}</title></head>\n` +
    `<body><center><h1>${title}</h1></center><hr><center>nginx</center></body></html>\n`;
}

export abstract class SimServer implements SimServerBase {
  readonly faults = new FaultList();
  readonly requests: RecordedRequest[] = [];
  /**
   * Request ids are the server's to make, of anything: on, they are made of the caller's key
   * (`req_<key>`, in the body and in X-Request-Id), as a careless server could make them.
   */
  requestIdsEchoKey = false;
  readonly #recordOf = new WeakMap<ServerResponse, RecordedRequest>();
  protected readonly clock: Clock;
  readonly #options: SimServerOptions;
  readonly #closing = new AbortController();
  #server: https.Server | undefined;
  /** Every socket of the server, TLS handshake done or not: closeAllConnections knows only those past it. */
  readonly #sockets = new Set<Socket>();
  /** Where it listens and with what, kept so that a server taken down comes back as the same one. */
  #listening: { port: number; pem: Pem } | undefined;
  #leafSha256 = '';
  #stopActivity: (() => void) | undefined;
  #dialect: SimDialect = 'opsdesk';

  constructor(options: SimServerOptions) {
    this.#options = options;
    this.clock = options.clock ?? systemClock;
  }

  get dialect(): SimDialect {
    return this.#dialect;
  }

  setDialect(dialect: SimDialect): void {
    this.#dialect = dialect;
  }

  get port(): number {
    return this.#listening?.port ?? 0;
  }

  get url(): string {
    return `https://127.0.0.1:${this.port}${this.#options.urlPath}`;
  }

  get leafSha256(): string {
    return this.#leafSha256;
  }

  async listen(port: number, pem: Pem): Promise<void> {
    const server = https.createServer({ cert: pem.certPem, key: pem.keyPem }, (req, res) => {
      this.#onRequest(req, res).catch((error: unknown) => {
        console.error('[sim] request handling failed', error);
        if (!res.headersSent) res.writeHead(500).end();
        else res.destroy();
      });
    });
    server.on('connection', (socket: Socket) => {
      this.#sockets.add(socket);
      socket.once('close', () => this.#sockets.delete(socket));
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
    this.#server = server;
    this.#listening = { port: (server.address() as AddressInfo).port, pem };
    this.#leafSha256 = new X509Certificate(pem.certPem).fingerprint256;
  }

  /**
   * Fault switch: the server goes down as a crashed one does, mid-request or not: it stops
   * listening (connections are refused) and every open connection is cut, answered or not.
   */
  async goDown(): Promise<void> {
    const server = this.#server;
    this.#server = undefined;
    if (!server) return;
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      for (const socket of this.#sockets) socket.destroy();
    });
  }

  /** Back on the same port with the same certificate and the same data, after goDown. */
  async comeBack(): Promise<void> {
    if (this.#server || !this.#listening) return;
    await this.listen(this.#listening.port, this.#listening.pem);
  }

  // New connections get the new certificate; connections already open keep the old one.
  setCertificate(pem: Pem): void {
    if (!this.#server) throw new Error('simulator is not listening');
    this.#server.setSecureContext({ cert: pem.certPem, key: pem.keyPem });
    if (this.#listening) this.#listening.pem = pem;
    this.#leafSha256 = new X509Certificate(pem.certPem).fingerprint256;
  }

  /** Demo life: runs `tick` every `intervalMs` on the simulator's clock until switched off or the server closes. */
  protected switchActivity(on: boolean, intervalMs: number, tick: () => void): void {
    this.#stopActivity?.();
    this.#stopActivity = undefined;
    if (!on) return;
    const next = (): void => {
      this.#stopActivity = this.clock.setTimeout(() => {
        tick();
        next();
      }, intervalMs).cancel;
    };
    next();
  }

  async close(): Promise<void> {
    this.#stopActivity?.();
    this.#closing.abort();
    const server = this.#server;
    if (!server) return;
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      for (const socket of this.#sockets) socket.destroy();
    });
  }

  protected abstract handle(req: SimRequest): Promise<SimResponse> | SimResponse;

  protected abstract errorResponse(error: ApiError): SimResponse;

  protected bodyLimit(_method: string, _apiPath: string): number {
    return DEFAULT_BODY_LIMIT;
  }

  /** Every request's body as it arrived, before any fault or check; a service that keeps them says so. */
  protected bodyReceived(_method: string, _path: string, _body: Buffer): void {}

  // The error a 'status' fault answers with; a service may name its codes differently.
  protected faultError(status: number): ApiError {
    return new ApiError(status, statusCodeName(status), `Simulated fault: HTTP ${status}`);
  }

  #record(req: IncomingMessage, url: URL, res: ServerResponse): void {
    const record: RecordedRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: url.search.slice(1),
      headers: redactHeaders(req.headers),
      time: this.clock.now(),
    };
    this.requests.push(record);
    this.#recordOf.set(res, record);
    if (this.requests.length > RECORDED_REQUESTS_KEPT) this.requests.shift();
    res.once('close', () => {
      if (res.headersSent) record.status = res.statusCode;
    });
  }

  #apiPath(pathname: string): string | null {
    const prefix = this.#options.apiPrefix;
    if (pathname === prefix) return '/';
    return pathname.startsWith(`${prefix}/`) ? pathname.slice(prefix.length) : null;
  }

  async #onRequest(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const method = req.method ?? 'GET';
    const url = new URL(req.url ?? '/', 'https://sim.invalid');
    this.#record(req, url, res);
    const apiPath = this.#apiPath(url.pathname);
    const limit = this.bodyLimit(method, apiPath ?? url.pathname);
    const body = await readBody(req, limit);
    if (body !== 'too-large') this.bodyReceived(method, url.pathname, body);
    if (res.destroyed) return;
    if (body === 'too-large') {
      await this.#write(res, this.errorResponse(new ApiError(413, 'payload_too_large', `Request body exceeds ${limit} bytes`)));
      return;
    }

    const fault = apiPath === null ? undefined : this.faults.take(method, apiPath);

    if (fault?.kind === 'delay' && !(await this.#sleep(fault.ms ?? 1000))) return;
    if (fault && (await this.#answerInsteadOfService(res, fault))) return;

    let response: SimResponse;
    try {
      if (apiPath === null) throw new ApiError(404, 'not_found', `No such path: ${url.pathname}`);
      response = await this.handle({
        method, apiPath, query: url.searchParams, headers: req.headers,
        remoteAddress: req.socket.remoteAddress ?? '', body,
      });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      response = this.errorResponse(error);
    }
    if (this.requestIdsEchoKey) response = withKeyAsRequestId(response, /^Bearer (\S+)$/i.exec(req.headers.authorization ?? '')?.[1] ?? '');
    await this.#write(res, response, fault);
  }

  async #sleep(ms: number): Promise<boolean> {
    try {
      await sleep(ms, undefined, { signal: this.#closing.signal });
      return true;
    } catch {
      return false;
    }
  }

  // Faults that stand for a broken proxy or server answer (or crash) without running the service, so the
  // request has no effect. 'delay', 'reset', 'truncate' and 'drop-after-commit' run it and damage only the answer.
  async #answerInsteadOfService(res: ServerResponse, fault: Fault): Promise<boolean> {
    switch (fault.kind) {
      case 'go-down':
        await this.goDown();
        return true;
      case 'status': {
        const error = this.faultError(fault.status ?? 500);
        if (fault.retryAfterSeconds !== undefined) error.headers['retry-after'] = String(fault.retryAfterSeconds);
        if (fault.retryAfterDate !== undefined) error.headers['retry-after'] = fault.retryAfterDate;
        await this.#write(res, this.errorResponse(error));
        return true;
      }
      case 'html':
        await this.#write(res, {
          status: fault.status ?? 502,
          headers: { 'content-type': 'text/html; charset=utf-8' },
          body: proxyErrorPage(fault.status ?? 502),
        });
        return true;
      case 'malformed':
        await this.#write(res, { status: 200, headers: { 'content-type': 'application/json; charset=utf-8' }, body: '{"id": "sim-malformed", "data": [1, 2, ' });
        return true;
      case 'oversize':
        await this.#writeOversize(res, fault.bytes ?? DEFAULT_OVERSIZE_BYTES);
        return true;
      case 'stream-error':
        // What many OpenAI-compatible gateways send when the upstream fails after the 200: one error event, no [DONE].
        await this.#write(res, {
          status: 200,
          headers: { 'content-type': 'text/event-stream; charset=utf-8' },
          events: [sseFrame({ error: { message: fault.message ?? 'upstream model overloaded', type: 'server_error', code: 'upstream_error' } })],
        });
        return true;
      default:
        return false;
    }
  }

  async #write(res: ServerResponse, response: SimResponse, fault?: Fault): Promise<void> {
    if (res.destroyed) return;
    if (fault?.kind === 'drop-after-commit') {
      res.socket?.destroy();
      return;
    }
    const cut = fault?.kind === 'reset' || fault?.kind === 'truncate' ? fault : undefined;
    const headers: Record<string, string> = { 'x-request-id': `req_${randomBytes(10).toString('hex')}`, ...response.headers };
    const record = this.#recordOf.get(res);
    if (record) record.requestId = headers['x-request-id'];
    if (cut) headers.connection = 'close';
    if (response.events) {
      await this.#writeEvents(res, response, headers, cut);
      return;
    }
    const body = Buffer.from(response.body ?? '');
    if (response.status !== 204) headers['content-length'] = String(body.length);
    res.writeHead(response.status, headers);
    if (!cut) {
      res.end(body);
      return;
    }
    // The Content-Length promises the whole body; only part of it arrives before the close.
    const kept = body.subarray(0, Math.min(cut.keep ?? Math.floor(body.length / 2), body.length));
    res.write(kept, () => this.#cutConnection(res, cut.kind === 'reset'));
  }

  async #writeEvents(res: ServerResponse, response: SimResponse, headers: Record<string, string>, cut: Fault | undefined): Promise<void> {
    const events = response.events ?? [];
    const count = cut ? Math.min(cut.keep ?? Math.floor(events.length / 2), events.length) : events.length;
    res.writeHead(response.status, { 'cache-control': 'no-cache', ...headers });
    res.flushHeaders();
    for (let i = 0; i < count; i++) {
      if (i > 0 && !(await this.#sleep(response.eventDelays?.[i] ?? response.eventIntervalMs ?? DEFAULT_SSE_INTERVAL_MS))) return;
      if (res.destroyed) return;
      res.write(events[i]);
    }
    // truncate: the HTTP message ends properly, only the stream's own ending (finish_reason,
    // [DONE], response.completed) is missing. reset: the connection is torn down mid-stream.
    if (cut?.kind === 'reset') res.write('', () => this.#cutConnection(res, true));
    else if (!response.holdOpen) res.end();
  }

  #cutConnection(res: ServerResponse, abrupt: boolean): void {
    const socket = res.socket;
    if (!socket) return;
    if (abrupt) socket.destroy();
    else socket.end();
  }

  async #writeOversize(res: ServerResponse, bytes: number): Promise<void> {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
    const item = (n: number): string => `{"id":"pad-${String(n).padStart(9, '0')}","text":"${'x'.repeat(200)}"}`;
    let written = 0;
    let n = 0;
    res.write('{"items":[');
    while (written < bytes && !res.destroyed) {
      const chunk = Array.from({ length: 256 }, () => item(n++)).join(',') + ',';
      written += chunk.length;
      if (!res.write(chunk)) {
        await new Promise<void>((resolve) => {
          res.once('drain', resolve);
          res.once('close', resolve);
        });
      }
    }
    if (!res.destroyed) res.end(`${item(n)}]}`);
  }
}
