// Every firewall write goes through the outbox: stored before it leaves, sent once the appliance
// answers, one object's writes in the order they were made. firewall.md names no idempotency header,
// so no key is sent; a retry is safe by what it sends instead (docs/api-assumptions.md, "retrying a
// firewall write"): blocking an address again renews its block, a delete of what is gone is done, a
// change sets the same fields again, and a create whose answer may have been lost is first looked
// for in the appliance's list, and looked for once more, a while later, when the attempt before
// ran out of time waiting for the appliance (it may still be carrying it out). Each attempt is
// one request (no retries below the outbox), so the outbox knows of every attempt that may have
// arrived, and a discard or undo of such a write first reads back what the appliance holds.
import { isDeepStrictEqual } from 'node:util';
import type { QueuedWrite } from '../../../src-shared/contract/firewall.ts';
import type { OutboxEntry } from '../../../src-shared/contract/outbox.ts';
import { ServiceFailure } from '../http/service-failure.ts';
import { sleep, type Clock } from '../lifecycle/clock.ts';
import { DisposableStore } from '../lifecycle/disposable.ts';
import type { Logger } from '../log/logger.ts';
import type { Outbox, OutboxWrite, SentAnswer } from '../outbox/outbox.ts';
import { UserFacingError } from '../user-facing-error.ts';
import { unwrappedFieldsOf } from '../wire/read.ts';
import type { FirewallClients } from './firewall-clients.ts';

export type FirewallWrite = Omit<OutboxWrite, 'service'>;

/** The object key's kind (`blockEntry` in `blockEntry:10.0.0.1`). */
export const kindOf = (objectKey: string) => objectKey.slice(0, objectKey.indexOf(':'));

/** What one kind of object does with its writes, found by the object key's kind. */
export interface FirewallWriteOwner {
  /** Says which of the key's rights a refusal concerns (a report is a query: its refusal says nothing of them). */
  readonly access: 'operate' | 'administer' | 'query';
  /** The object a create made, as the appliance answers for it now; undefined when it made none. */
  findCreated?(write: OutboxWrite, madeAt: number): Promise<SentAnswer | undefined>;
  /** The write that takes back a sent one (a block's release, a created entry's removal); without it, a sent write cannot be undone here. */
  undo?(sent: OutboxEntry): Promise<QueuedWrite | null>;
  /** A refusal in the kind's own terms (a 400 about a form's field). */
  explainRefusal?(error: unknown): unknown;
  /** Any change of one of its writes (made, sent, refused, given up): its cache and views follow. */
  changed?(entry: OutboxEntry): void;
}

export interface FirewallOutboxOptions {
  outbox: Outbox;
  clients: FirewallClients;
  logger: Logger;
  clock: Clock;
  /** A write the appliance refused for the key's role or its edition: the window's controls follow. */
  refused(profileId: string, error: unknown, access: 'operate' | 'administer'): void;
}

export class FirewallOutbox {
  readonly #options: FirewallOutboxOptions;
  readonly #owners = new Map<string, FirewallWriteOwner>();
  readonly #disposables = new DisposableStore();
  /** When an attempt of a write last ran out of time waiting for the appliance's answer (by write id). */
  readonly #timedOutAt = new Map<string, number>();

  constructor(options: FirewallOutboxOptions) {
    this.#options = options;
    this.#disposables.add(options.outbox.registerSender('firewall', (write, _key, attempt) => this.#send(write, attempt), (write, entry) => this.#lookFor(write, entry, this.#timedOutAt.get(entry.id))));
    this.#disposables.add(options.outbox.onChanged((entry) => {
      if (entry.service !== 'firewall') return;
      try {
        this.#owners.get(kindOf(entry.objectKey))?.changed?.(entry);
      } catch (error) {
        options.logger.warn('a firewall write could not update the cache', { error });
      }
    }));
  }

  /** A kind of object owns the writes whose object key starts with `kind:`. */
  own(kind: string, owner: FirewallWriteOwner): void {
    this.#owners.set(kind, owner);
  }

  /**
   * Stores the write and makes its first attempt. The same change made again replaces a refused
   * one of the same object (the analyst saw the refusal where it was made and tries anew), which
   * would otherwise hold it back.
   */
  async submit(write: FirewallWrite): Promise<OutboxEntry> {
    const { outbox } = this.#options;
    for (const refused of outbox.list({ profileId: write.profileId, states: ['failed'] })) {
      if (refused.service === 'firewall' && refused.objectKey === write.objectKey) await outbox.discard(refused.id);
    }
    return outbox.submit({ ...write, service: 'firewall' });
  }

  /**
   * Takes back a write made here: one that has not reached the appliance is discarded; one that
   * has (sent, or found made when read back) is undone by the write that takes it back, sent
   * through the outbox: null once the appliance has carried that out, the write while it waits.
   * Throws, leaving everything as it was, when the appliance cannot say whether it has the change.
   */
  async undo(writeId: string): Promise<QueuedWrite | null> {
    const settled = await this.#options.outbox.discard(writeId);
    if (settled.state !== 'sent') return null;
    const undo = this.#owners.get(kindOf(settled.objectKey))?.undo;
    if (!undo) throw new UserFacingError({ code: 'conflict', params: { context: 'write_in_force' } });
    return undo(settled);
  }

  /** One kind's writes not yet sent or given up, oldest first. */
  unfinished(profileId: string, kind: string): OutboxEntry[] {
    return this.#options.outbox
      .list({ profileId, states: ['sending', 'queued', 'failed'] })
      .filter((entry) => entry.service === 'firewall' && kindOf(entry.objectKey) === kind)
      .reverse();
  }

  async #send(write: OutboxWrite, attempt: OutboxEntry): Promise<SentAnswer> {
    const { clients, refused } = this.#options;
    const owner = this.#owners.get(kindOf(write.objectKey));
    const { method, path, query, body } = write.request;
    const timedOutBefore = this.#timedOutAt.get(attempt.id);
    this.#timedOutAt.delete(attempt.id);
    try {
      // An earlier attempt may have reached the appliance and lost only its answer.
      if (method === 'POST' && attempt.attempts > 1 && owner?.findCreated) {
        const found = await this.#lookFor(write, attempt, timedOutBefore);
        if (found) return found;
      }
      const response = await clients.clientFor(write.profileId, 'firewall').request({ method, path, ...(query && { query }), ...(body !== undefined && { body }), once: true });
      return { data: response.data, requestId: response.requestId };
    } catch (error) {
      if (isAnswerTimeout(error instanceof ServiceFailure ? error.serviceError : undefined)) this.#timedOutAt.set(attempt.id, this.#options.clock.now());
      // What was to be deleted is gone (an earlier attempt, an expiry, another console): the wish holds.
      if (method === 'DELETE' && error instanceof ServiceFailure && error.serviceError.status === 404) return { data: null, requestId: error.serviceError.requestId };
      if (owner && owner.access !== 'query') refused(write.profileId, error, owner.access);
      throw owner?.explainRefusal ? owner.explainRefusal(error) : error;
    }
  }

  /**
   * What a write that may have reached the appliance did there, if anything. An attempt that ran
   * out of time had reached the appliance, which may still be carrying it out: when it is not
   * found, it is looked for once more when the appliance has had as long again as it was given to
   * answer (firewall.md names no idempotency header: a create it carries out later still is made
   * twice; a block renewed).
   */
  async #lookFor(write: OutboxWrite, entry: OutboxEntry, timedOutAt: number | undefined): Promise<SentAnswer | undefined> {
    const found = await this.#whatWasMade(write, entry);
    const answerMs = isAnswerTimeout(entry.error ?? undefined) ? entry.error?.params?.['ms'] : undefined;
    if (found || typeof answerMs !== 'number') return found;
    const { clock } = this.#options;
    // Known in this run; after a restart the attempt's end is not, and the whole wait is made.
    const lookAgainAt = (timedOutAt ?? clock.now()) + answerMs;
    if (clock.now() >= lookAgainAt) return undefined;
    await sleep(clock, lookAgainAt - clock.now());
    return this.#whatWasMade(write, entry);
  }

  /**
   * What the write did on the appliance as it answers now: a create is looked for in its list; a
   * delete is done when its object is gone; a change when the object holds every field it sets.
   * A read that fails throws: the appliance cannot say.
   */
  async #whatWasMade(write: OutboxWrite, entry: OutboxEntry): Promise<SentAnswer | undefined> {
    const { method, path, body } = write.request;
    if (method === 'POST') {
      const findCreated = this.#owners.get(kindOf(write.objectKey))?.findCreated;
      return findCreated ? findCreated(write, Date.parse(entry.createdAt)) : undefined;
    }
    const client = this.#options.clients.clientFor(write.profileId, 'firewall');
    try {
      const response = await client.request({ method: 'GET', path });
      if (method === 'DELETE') return undefined;
      const held = unwrappedFieldsOf(response.data)?.record ?? {};
      const sets = Object.entries((body ?? {}) as Record<string, unknown>);
      return sets.every(([field, value]) => isDeepStrictEqual(held[field], value)) ? { data: response.data, requestId: response.requestId } : undefined;
    } catch (error) {
      if (method === 'DELETE' && error instanceof ServiceFailure && error.serviceError.status === 404) return { data: null, requestId: error.serviceError.requestId };
      throw error;
    }
  }

  dispose(): void {
    this.#disposables.dispose();
  }
}

/** The request went out and no answer came in time: unlike a connection never made, the appliance has it. */
function isAnswerTimeout(error: { code: string; params?: Record<string, unknown> } | undefined): boolean {
  return error?.code === 'timeout' && error.params?.['context'] === 'headers';
}

/** A write's first attempt as its caller answers: what the appliance made, the write still waiting, or the refusal thrown. */
export function firstAttemptOf(entry: OutboxEntry): { sent: OutboxEntry } | { queued: OutboxEntry } {
  if (entry.state === 'sent') return { sent: entry };
  if (entry.state === 'failed' && entry.error) throw new UserFacingError(entry.error);
  return { queued: entry };
}
