// The part every webhook receiver shares (the firewall's and support's): an HTTP or HTTPS server on
// the address the user chose, only the allowed source address, bodies over a limit refused before
// they are read whole, the sender authenticated over the raw body, a 2xx at once and the work
// after it (senders give up after 5 s), each event id (else its body) handled once even across
// restarts, and a delivery too old to be a sender's retry refused (`webhook-event-log.ts`): what
// the receiver will not act on is answered with a 4xx and its reason, never taken silently.
import { createHash } from 'node:crypto';
import { createServer as createHttpServer, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { WebhookRefusal } from '../../../src-shared/contract/webhook-deliveries.ts';
import type { Logger } from '../log/logger.ts';
import { fieldsOf } from '../wire/read.ts';
import type { WebhookDeliveryLog } from './webhook-delivery-log.ts';
import type { WebhookEventLog } from './webhook-event-log.ts';

const REFUSAL_STATUS: Record<WebhookRefusal, number> = {
  forbidden_address: 403, method_not_allowed: 405, too_large: 413, unsigned: 401, bad_signature: 401, bad_request: 400, too_old: 400,
  // Not the sender's fault: a 5xx makes it deliver again later.
  secrets_unavailable: 503,
};

/** Who sent a delivery, as the receiver's `authenticate` found: at least the profile it belongs to. */
export interface WebhookSender {
  profileId: string;
}

export type Authentication<Sender extends WebhookSender> = Sender | 'unsigned' | 'bad_signature' | 'secrets_unavailable';

export interface WebhookEvent<Sender extends WebhookSender> {
  sender: Sender;
  event: string;
  id: string;
  occurredAt: string | null;
  data: unknown;
}

export interface WebhookReceiverOptions<Sender extends WebhookSender> {
  host: string;
  port: number;
  /** HTTPS with this certificate; plain HTTP without. */
  tls?: { certificatePem: string; privateKeyPem: string };
  /** Only requests from this address are accepted; null: any (the signature alone says who sent it). */
  allowedAddress: string | null;
  maxBodyBytes: number;
  /** Where the event kind is besides the body's `event`, e.g. `x-svc-event`. */
  eventHeader?: string;
  /** Says who sent the raw body (by its signature), or why it is refused. */
  authenticate(body: Buffer, headers: IncomingHttpHeaders): Authentication<Sender> | Promise<Authentication<Sender>>;
  events: WebhookEventLog;
  logger: Logger;
  now: () => number;
  /** Runs after the answer went out, once per event id and profile. */
  onEvent(event: WebhookEvent<Sender>): void;
  /** Where every request's outcome is recorded, for the receiver's status; it outlives a restart of the receiver. */
  deliveries: WebhookDeliveryLog;
}

/** An IPv4 sender on a dual-stack socket shows as `::ffff:a.b.c.d`. */
const plainAddress = (address: string) => address.replace(/^::ffff:/i, '').toLowerCase();

function sameAddress(remote: string | undefined, expected: string): boolean {
  return remote !== undefined && plainAddress(remote) === plainAddress(expected);
}

export function headerValue(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

class Refused extends Error {
  readonly refusal: WebhookRefusal;
  constructor(refusal: WebhookRefusal) {
    super(refusal);
    this.refusal = refusal;
  }
}

function readBody(request: IncomingMessage, maxBytes: number): Promise<Buffer> {
  if (Number(request.headers['content-length'] ?? 0) > maxBytes) return Promise.reject(new Refused('too_large'));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= maxBytes) return void chunks.push(chunk);
      request.off('data', onData).off('end', onEnd);
      reject(new Refused('too_large'));
    };
    const onEnd = () => resolve(Buffer.concat(chunks));
    request.on('data', onData).once('end', onEnd).once('error', reject);
  });
}

export class WebhookReceiver<Sender extends WebhookSender> {
  readonly #options: WebhookReceiverOptions<Sender>;
  readonly #server: Server;

  constructor(options: WebhookReceiverOptions<Sender>) {
    this.#options = options;
    const handler = (request: IncomingMessage, response: ServerResponse) => {
      this.#handle(request, response).catch((error: unknown) => {
        options.logger.warn('webhook delivery failed', { error });
        if (!response.headersSent) answer(response, 500, 'internal_error');
      });
    };
    this.#server = options.tls
      ? createHttpsServer({ cert: options.tls.certificatePem, key: options.tls.privateKeyPem }, handler)
      : createHttpServer(handler);
    this.#server.requestTimeout = 5_000;
    this.#server.headersTimeout = 5_000;
  }

  /** Resolves with the port it listens on (the one asked for, or the system's pick for 0). */
  listen(): Promise<number> {
    return new Promise((resolve, reject) => {
      this.#server.once('error', reject);
      this.#server.listen(this.#options.port, this.#options.host, () => {
        this.#server.off('error', reject);
        resolve((this.#server.address() as { port: number }).port);
      });
    });
  }

  close(): Promise<void> {
    this.#server.closeAllConnections();
    return new Promise((resolve) => this.#server.close(() => resolve()));
  }

  async #handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const { events, deliveries, now } = this.#options;
    const remote = request.socket.remoteAddress;
    const arrived = { receivedAt: new Date(now()).toISOString(), from: remote === undefined ? null : plainAddress(remote) };
    try {
      const event = await this.#accept(request);
      const named = { ...arrived, event: event.event, eventId: event.id, profileId: event.sender.profileId };
      const verdict = events.recordFirst(event.sender.profileId, event.id, now(), event.occurredAt);
      // Too old to be a sender's retry, it can only be a replay: refused, as Stripe's and GitHub's
      // verifiers refuse a delivery outside their tolerance, so neither the sender nor the list takes it as handled.
      if (verdict === 'too_old') {
        answer(response, REFUSAL_STATUS.too_old, 'too_old');
        deliveries.record({ ...named, outcome: 'refused', refusal: 'too_old' });
        return;
      }
      answer(response, 200);
      deliveries.record({ ...named, outcome: verdict === 'new' ? 'processed' : 'duplicate' });
      if (verdict === 'new') setImmediate(() => this.#options.onEvent(event));
    } catch (error) {
      if (!(error instanceof Refused)) throw error;
      // The rest of a body too large is read and dropped, not stored (the server's request timeout
      // bounds it): a connection closed with bytes unread is reset, and the sender would lose the 413.
      answer(response, REFUSAL_STATUS[error.refusal], error.refusal, { keepReading: error.refusal === 'too_large' });
      deliveries.record({ ...arrived, event: null, eventId: null, profileId: null, outcome: 'refused', refusal: error.refusal });
    }
  }

  async #accept(request: IncomingMessage): Promise<WebhookEvent<Sender>> {
    const { allowedAddress, maxBodyBytes, authenticate, eventHeader } = this.#options;
    if (allowedAddress !== null && !sameAddress(request.socket.remoteAddress, allowedAddress)) throw new Refused('forbidden_address');
    if (request.method !== 'POST') throw new Refused('method_not_allowed');
    const body = await readBody(request, maxBodyBytes);
    const sender = await authenticate(body, request.headers);
    if (typeof sender === 'string') throw new Refused(sender);
    let parsed: unknown;
    try {
      parsed = JSON.parse(body.toString('utf8'));
    } catch {
      throw new Refused('bad_request');
    }
    const fields = fieldsOf(parsed);
    const event = (eventHeader === undefined ? undefined : headerValue(request.headers, eventHeader)) ?? fields?.string('event', 'type', 'event_type');
    if (!fields || event === undefined) throw new Refused('bad_request');
    // A body that wraps its payload or names its kind is the delivery's own record, whose `id` is
    // the event's; a bare payload (the kind only in the header) is the changed record itself, whose
    // `id` names the record, the same in every event about it.
    const wrapped = fields.raw('data', 'payload') !== undefined || fields.string('event', 'event_type') !== undefined;
    const eventId = wrapped ? fields.id('id', 'event_id', 'eventId', 'delivery_id') : fields.id('event_id', 'eventId', 'delivery_id');
    // A signed delivery without an event id is the same event when its body is the same (the signature covers the body).
    const id = eventId ?? `body:${createHash('sha256').update(body).digest('hex')}`;
    return { sender, event, id, occurredAt: fields.time('occurred_at', 'time', 'timestamp') ?? null, data: wrapped ? fields.raw('data', 'payload') : parsed };
  }
}

function answer(response: ServerResponse, status: number, code?: string, { keepReading = false } = {}): void {
  const body = code === undefined ? '' : JSON.stringify({ error: { code } });
  if (keepReading) response.req.resume();
  response.writeHead(status, { 'content-type': 'application/json', ...(keepReading ? {} : { connection: 'close' }) }).end(body);
}
