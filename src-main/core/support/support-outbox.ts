// Every support write goes through the outbox (stored with its Idempotency-Key before it leaves,
// sent again with the same key until the server has it). This module is how a support write is
// sent; each feature builds its own writes (`tickets/ticket-writes.ts`, `contacts/contact-writes.ts`
// …), keeps its cache in step with the server's answer, and may explain a refusal in its own terms.
import type { OutboxEntry } from '../../../src-shared/contract/outbox.ts';
import { DisposableStore } from '../lifecycle/disposable.ts';
import type { Logger } from '../log/logger.ts';
import type { Outbox, OutboxWrite, SentAnswer } from '../outbox/outbox.ts';
import type { SupportClients } from './support-clients.ts';
import { isTextField, type TextFields } from './text-field.ts';

export type SupportWrite = Omit<OutboxWrite, 'service'>;
export type SentSupportWrite = OutboxEntry & { state: 'sent' };

/** What a feature does with its own writes, found by the object key's kind (`ticket` in `ticket:42`). */
export interface SupportWriteOwner {
  /** The server has the write: its answer goes into the feature's cache. */
  applySent(entry: SentSupportWrite): void;
  /** A refusal worded for the feature (a taken FAQ id comes with a free one); the error itself otherwise. */
  explainRefusal?(write: OutboxWrite, error: unknown): Promise<unknown>;
}

export interface SupportOutboxOptions {
  outbox: Outbox;
  clients: SupportClients;
  /** How each profile's server takes the user's texts. */
  textFields: TextFields;
  logger: Logger;
  /** A write's refusal that may concern the whole site (its channel switched off meanwhile). */
  noteFailure(profileId: string, error: unknown): void;
}

/** What a feature needs of the support outbox. */
export type SupportWriteQueue = Pick<SupportOutbox, 'own' | 'submit' | 'get'>;

const kindOf = (objectKey: string) => objectKey.split(':')[0]!;

export class SupportOutbox {
  readonly #options: SupportOutboxOptions;
  readonly #owners = new Map<string, SupportWriteOwner>();
  readonly #disposables = new DisposableStore();

  constructor(options: SupportOutboxOptions) {
    this.#options = options;
    this.#disposables.add(options.outbox.registerSender('support', (write, idempotencyKey) => this.#send(write, idempotencyKey)));
    this.#disposables.add(options.outbox.onChanged((entry) => {
      if (entry.service !== 'support' || entry.state !== 'sent') return;
      try {
        this.#owners.get(kindOf(entry.objectKey))?.applySent(entry as SentSupportWrite);
      } catch (error) {
        options.logger.warn('a sent support write could not update the cache', { error });
      }
    }));
  }

  /** A feature owns the writes whose object key starts with `kind:`. */
  own(kind: string, owner: SupportWriteOwner): void {
    this.#owners.set(kind, owner);
  }

  submit(write: SupportWrite, alongside?: (id: string) => void): Promise<OutboxEntry> {
    return this.#options.outbox.submit({ ...write, service: 'support' }, alongside);
  }

  get(id: string): OutboxEntry | null {
    return this.#options.outbox.get(id);
  }

  async #send(write: OutboxWrite, idempotencyKey: string): Promise<SentAnswer> {
    const { clients, textFields, noteFailure } = this.#options;
    try {
      const { textField, ...request } = write.request;
      const client = clients.clientFor(write.profileId, 'support');
      if (!isTextField(textField)) return await client.call({ ...request, idempotencyKey });
      return await textFields.send(write.profileId, client, textField, request, idempotencyKey);
    } catch (error) {
      noteFailure(write.profileId, error);
      const explain = this.#owners.get(kindOf(write.objectKey))?.explainRefusal;
      throw explain ? await explain(write, error) : error;
    }
  }

  dispose(): void {
    this.#disposables.dispose();
  }
}
