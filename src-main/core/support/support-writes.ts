// Every support write goes through the outbox (stored with its Idempotency-Key before it leaves,
// sent again with the same key until the server has it). This module says how a write is sent (the
// support sender), what the user did in the outbox's words, and keeps the caches in step with the
// server's answer once a write is sent.
import type { OutboxEntry } from '../../../src-preload/contract/outbox.ts';
import { ServiceFailure, serviceError } from '../http/service-failure.ts';
import { DisposableStore } from '../lifecycle/disposable.ts';
import type { Logger } from '../log/logger.ts';
import type { Outbox, OutboxWrite } from '../outbox/outbox.ts';
import type { SupportClients } from './support-clients.ts';

export type SupportWrite = Omit<OutboxWrite, 'service'>;

export interface SupportWritesOptions {
  outbox: Outbox;
  clients: SupportClients;
  logger: Logger;
  /** A 409 to an FAQ id: a free id to offer instead. */
  suggestFaqId(profileId: string, taken: string): Promise<string | undefined>;
  /** A write's refusal that may concern the whole site (its channel switched off meanwhile). */
  noteFailure(profileId: string, error: unknown): void;
  /** A write the server has: its answer goes into the cache. */
  applySent(entry: OutboxEntry & { state: 'sent' }): void;
}

export class SupportWrites {
  readonly #options: SupportWritesOptions;
  readonly #disposables = new DisposableStore();

  constructor(options: SupportWritesOptions) {
    this.#options = options;
    this.#disposables.add(options.outbox.registerSender('support', (write, idempotencyKey) => this.#send(write, idempotencyKey)));
    this.#disposables.add(options.outbox.onChanged((entry) => {
      if (entry.service !== 'support' || entry.state !== 'sent') return;
      try {
        options.applySent(entry as OutboxEntry & { state: 'sent' });
      } catch (error) {
        options.logger.warn('a sent support write could not update the cache', { error });
      }
    }));
  }

  submit(write: SupportWrite): Promise<OutboxEntry> {
    return this.#options.outbox.submit({ ...write, service: 'support' });
  }

  async #send(write: OutboxWrite, idempotencyKey: string): Promise<unknown> {
    const { clients, noteFailure } = this.#options;
    try {
      const result = await clients.clientFor(write.profileId, 'support').call({ ...write.request, idempotencyKey });
      return result.data;
    } catch (error) {
      noteFailure(write.profileId, error);
      throw await this.#explained(write, error);
    }
  }

  /** A taken FAQ id fails as `conflict` with a free id to offer (`params.suggestedId`). */
  async #explained(write: OutboxWrite, error: unknown): Promise<unknown> {
    const body = write.request.body as { id?: unknown } | undefined;
    if (!(error instanceof ServiceFailure) || error.serviceError.code !== 'conflict' || write.action.code !== 'addFaq' || typeof body?.id !== 'string') return error;
    const suggestedId = await this.#options.suggestFaqId(write.profileId, body.id).catch(() => undefined);
    if (!suggestedId) return error;
    const { message: _message, hint: _hint, ...refused } = error.serviceError;
    return new ServiceFailure(serviceError({ ...refused, params: { ...refused.params, context: 'faq_id', id: body.id, suggestedId } }), { cause: error });
  }

  dispose(): void {
    this.#disposables.dispose();
  }
}
