// Signed webhook deliveries with retries, shared by the support and firewall simulators.
// Policy (docs/api-assumptions.md): up to 3 attempts, 0.5 s then 1.5 s apart, on a non-2xx
// answer, a network error or no answer within 5 s; every attempt carries the same body.
import { createHmac } from 'node:crypto';
import { rootCertificates } from 'node:tls';
import { Agent, request } from 'undici';
import { sleep, systemClock, type Clock } from '../../src-main/core/lifecycle/clock.ts';

export const WEBHOOK_RETRY_DELAYS_MS: readonly number[] = [500, 1500];
const RECEIVER_TIMEOUT_MS = 5000;

export interface WebhookTarget {
  url: string;
  secret?: string;
}

export interface WebhookDelivery {
  url: string;
  event: string;
  eventId: string;
  attempt: number; // 1 for the first try
  headers: Record<string, string>;
  body: string; // the exact bytes signed and sent
  time: number;
  status?: number; // the receiver's answer, when there was one
  error?: string; // network error or timeout
}

export interface WebhookSenderOptions {
  signatureHeader: string; // e.g. 'x-svc-signature'
  eventHeader: string; // e.g. 'x-svc-event'
  caPem: string; // receivers on https may use the simulators' CA as well as public roots
  clock?: Clock; // what the waits between attempts and the recorded times count
}

export function signBody(secret: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

export class WebhookSender {
  readonly deliveries: WebhookDelivery[] = [];
  readonly #options: WebhookSenderOptions;
  readonly #agent: Agent;
  readonly #closing = new AbortController();
  readonly #pending = new Set<Promise<void>>();

  constructor(options: WebhookSenderOptions) {
    this.#options = options;
    this.#agent = new Agent({ connect: { ca: [...rootCertificates, options.caPem] } });
  }

  send(target: WebhookTarget, event: string, eventId: string, body: string): void {
    const delivery = this.#deliver(target, event, eventId, body).finally(() => this.#pending.delete(delivery));
    this.#pending.add(delivery);
  }

  // Resolves once every delivery started so far has succeeded or used up its attempts.
  async idle(): Promise<void> {
    while (this.#pending.size > 0) await Promise.all([...this.#pending]);
  }

  async close(): Promise<void> {
    this.#closing.abort();
    await Promise.allSettled([...this.#pending]);
    await this.#agent.close();
  }

  async #deliver(target: WebhookTarget, event: string, eventId: string, body: string): Promise<void> {
    const headers: Record<string, string> = {
      'content-type': 'application/json; charset=utf-8',
      'user-agent': 'opsdesk-simulator-webhooks/1',
      [this.#options.eventHeader]: event,
    };
    if (target.secret) headers[this.#options.signatureHeader] = signBody(target.secret, body);
    for (let attempt = 1; attempt <= WEBHOOK_RETRY_DELAYS_MS.length + 1; attempt++) {
      if (attempt > 1) {
        try {
          await sleep(this.#options.clock ?? systemClock, WEBHOOK_RETRY_DELAYS_MS[attempt - 2]!, this.#closing.signal);
        } catch {
          return;
        }
      }
      const record: WebhookDelivery = { url: target.url, event, eventId, attempt, headers, body, time: (this.#options.clock ?? systemClock).now() };
      this.deliveries.push(record);
      try {
        const answer = await request(target.url, {
          method: 'POST', headers, body, dispatcher: this.#agent,
          signal: AbortSignal.any([this.#closing.signal, AbortSignal.timeout(RECEIVER_TIMEOUT_MS)]),
        });
        await answer.body.dump();
        record.status = answer.statusCode;
        if (answer.statusCode >= 200 && answer.statusCode < 300) return;
      } catch (error) {
        record.error = error instanceof Error ? error.message : String(error);
        if (this.#closing.signal.aborted) return;
      }
    }
  }
}
