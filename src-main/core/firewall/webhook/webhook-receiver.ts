// Receives the appliance's event pushes (firewall.md, part 6) over HTTPS: only from the appliance's
// address, signature checked when a signing key is set (X-FW-Signature, docs/api-assumptions.md),
// bodies over a limit refused, a 2xx at once and the work after it, each event id handled once
// even across restarts.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:https';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Db } from '../../db/database.ts';
import type { Logger } from '../../log/logger.ts';
import { fieldsOf } from '../../wire/read.ts';

export const MAX_PUSH_BYTES = 256 * 1024;
const SIGNATURE_HEADER = 'x-fw-signature';
/** Event ids are remembered this long; the appliance retries within seconds. */
const REMEMBER_MS = 7 * 86_400_000;

export interface EventPush {
  event: string;
  id: string;
  occurredAt: string | null;
  data: unknown;
}

export interface WebhookReceiverOptions {
  profileId: string;
  host: string;
  port: number;
  applianceAddress: string;
  signingKey: string | null;
  certificatePem: string;
  privateKeyPem: string;
  db: Db;
  logger: Logger;
  now: () => number;
  /** Runs after the answer went out. */
  onEvent(push: EventPush): void;
}

function sameAddress(remote: string | undefined, expected: string): boolean {
  const plain = (address: string) => address.replace(/^::ffff:/i, '').toLowerCase();
  return remote !== undefined && plain(remote) === plain(expected);
}

function signatureMatches(signingKey: string, body: Buffer, header: string | undefined): boolean {
  const expected = Buffer.from(`sha256=${createHmac('sha256', signingKey).update(body).digest('hex')}`);
  const given = Buffer.from(header ?? '');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

function answer(response: ServerResponse, status: number, code?: string): void {
  const body = code === undefined ? '' : JSON.stringify({ error: { code } });
  response.writeHead(status, { 'content-type': 'application/json', connection: 'close' }).end(body);
}

export class WebhookReceiver {
  readonly #options: WebhookReceiverOptions;
  readonly #server: Server;

  constructor(options: WebhookReceiverOptions) {
    this.#options = options;
    this.#server = createServer({ cert: options.certificatePem, key: options.privateKeyPem }, (request, response) => {
      this.#handle(request, response).catch((error: unknown) => {
        options.logger.warn('webhook push failed', { error });
        if (!response.headersSent) answer(response, 500, 'internal_error');
      });
    });
    this.#server.requestTimeout = 5_000;
    this.#server.headersTimeout = 5_000;
  }

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
    const { applianceAddress, signingKey, db, profileId, now, onEvent } = this.#options;
    if (!sameAddress(request.socket.remoteAddress, applianceAddress)) return answer(response, 403, 'forbidden_ip');
    if (request.method !== 'POST') return answer(response, 405, 'method_not_allowed');
    if (Number(request.headers['content-length'] ?? 0) > MAX_PUSH_BYTES) return answer(response, 413, 'payload_too_large');
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of request as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > MAX_PUSH_BYTES) return answer(response, 413, 'payload_too_large');
      chunks.push(chunk);
    }
    const body = Buffer.concat(chunks);
    const signature = request.headers[SIGNATURE_HEADER];
    if (signingKey !== null && !signatureMatches(signingKey, body, Array.isArray(signature) ? signature[0] : signature)) {
      return answer(response, 401, 'bad_signature');
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(body.toString('utf8'));
    } catch {
      return answer(response, 400, 'bad_request');
    }
    const fields = fieldsOf(parsed);
    const id = fields?.id('id', 'event_id');
    const event = fields?.string('event', 'type', 'event_type');
    if (!fields || id === undefined || event === undefined) return answer(response, 400, 'bad_request');
    const isNew =
      db.prepare('INSERT INTO webhook_events (profile_id, event_id, received_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING')
        .run(profileId, id, new Date(now()).toISOString()).changes === 1;
    answer(response, 200);
    if (!isNew) return;
    db.prepare('DELETE FROM webhook_events WHERE profile_id = ? AND received_at < ?').run(profileId, new Date(now() - REMEMBER_MS).toISOString());
    setImmediate(() => onEvent({ event, id, occurredAt: fields.time('occurred_at', 'time', 'timestamp') ?? null, data: fields.raw('data', 'payload') }));
  }
}
