import { randomUUID } from 'node:crypto';
import type { ConnectionHealth } from '../../../src-shared/contract/profiles.ts';
import { systemClock, type Clock } from '../lifecycle/clock.ts';
import { toDisposable, type Disposable } from '../lifecycle/disposable.ts';
import { Emitter, type Event } from '../lifecycle/emitter.ts';
import type { Logger } from '../log/logger.ts';
import { redactStrings } from '../log/redactor.ts';
import { UserFacingError } from '../user-facing-error.ts';
import type { Outbox, OutboxEntry, OutboxReadBack, OutboxSender, OutboxState, OutboxWrite, SentAnswer } from './outbox.ts';
import type { OutboxRepository, StoredWrite } from './outbox-repository.ts';
import { judgeSendFailure } from './send-failure.ts';

export interface OutboxServiceOptions {
  repository: OutboxRepository;
  logger: Logger;
  clock?: Clock;
  /** How each profile's back end answered lately: a profile reachable again sends its queued writes at once. */
  health?: { onChanged: Event<ConnectionHealth> };
  random?: () => number;
}

const FIRST_BACKOFF_MS = 2_000;
const MAX_BACKOFF_MS = 5 * 60_000;

/**
 * Every write the user makes, stored with its Idempotency-Key before it leaves and sent until the
 * server has it: a lost answer, a crash or a dead network never loses it and never makes it twice,
 * because every attempt carries the same key. Writes of one object go out one at a time, in order.
 */
export class OutboxService implements Outbox, Disposable {
  readonly #repository: OutboxRepository;
  readonly #logger: Logger;
  readonly #clock: Clock;
  readonly #random: () => number;
  readonly #senders = new Map<OutboxWrite['service'], OutboxSender>();
  readonly #readBacks = new Map<OutboxWrite['service'], OutboxReadBack>();
  readonly #lanes = new Map<string, Promise<void>>();
  readonly #healthStates = new Map<string, ConnectionHealth['state']>();
  readonly #changed = new Emitter<OutboxEntry>();
  readonly onChanged: Event<OutboxEntry> = this.#changed.event;
  readonly #healthSubscription: Disposable | undefined;
  #timer: { cancel(): void } | undefined;
  #closed = false;

  constructor(options: OutboxServiceOptions) {
    this.#repository = options.repository;
    this.#logger = options.logger.child({ area: 'outbox' });
    this.#clock = options.clock ?? systemClock;
    this.#random = options.random ?? Math.random;
    this.#healthSubscription = options.health?.onChanged((health) => this.#onHealth(health));
  }

  /** How a service's writes are sent (and read back before a discard); its waiting writes go out now. */
  registerSender(service: OutboxWrite['service'], sender: OutboxSender, readBack?: OutboxReadBack): Disposable {
    this.#senders.set(service, sender);
    if (readBack) this.#readBacks.set(service, readBack);
    void this.#wakeAll();
    return toDisposable(() => {
      if (this.#senders.get(service) === sender) this.#senders.delete(service);
      if (this.#readBacks.get(service) === readBack) this.#readBacks.delete(service);
    });
  }

  /** After a start (or a crash): writes left `sending` go again with their key, and every waiting write is due. */
  start(): void {
    const at = this.#nowIso();
    for (const entry of this.#repository.requeueInterrupted(at)) this.#changed.fire(entry);
    this.#repository.forgetSettledBefore(this.#clock.now());
    void this.#wakeAll();
  }

  async submit(write: OutboxWrite, alongside?: (id: string) => void): Promise<OutboxEntry> {
    if (this.#closed) throw new UserFacingError({ code: 'cancelled' });
    const entry = this.#store(write, alongside);
    this.#changed.fire(entry);
    this.#logger.info('outbox write stored', { id: entry.id, method: write.request.method, path: write.request.path });
    await this.#drain(write.profileId, write.objectKey);
    return this.#repository.get(entry.id) ?? entry;
  }

  list(filter: { profileId?: string; states?: OutboxState[] } = {}): OutboxEntry[] {
    return this.#repository.list(filter);
  }

  get(id: string): OutboxEntry | null {
    return this.#repository.get(id);
  }

  async retry(id: string): Promise<OutboxEntry> {
    const entry = this.#existing(id);
    if (entry.state !== 'queued' && entry.state !== 'failed') return entry;
    this.#changed.fire(this.#repository.markQueued(id, entry.error, null, this.#nowIso()));
    await this.#drain(entry.profileId, entry.objectKey);
    return this.#existing(id);
  }

  /**
   * Gives up a write. One that may have reached its server is first read back there, in its
   * object's lane so that no attempt starts meanwhile: found made, it is sent (the server did it,
   * and a discard cannot take it back); not found, discarded; unreadable, it stays as it was and the
   * failure is thrown, since "discarded" would then be a guess.
   */
  async discard(id: string): Promise<OutboxEntry> {
    const entry = this.#existing(id);
    if (entry.state === 'sending') throw new UserFacingError({ code: 'conflict', params: { context: 'outbox_sending' } });
    if (entry.state !== 'queued' && entry.state !== 'failed') return entry;
    const settled = await this.#inLane(entry.profileId, entry.objectKey, () => this.#withdraw(id));
    // The writes of the same object that waited behind it may go now.
    void this.#drain(entry.profileId, entry.objectKey);
    return settled;
  }

  pendingCounts(): Record<string, number> {
    return this.#repository.pendingCounts();
  }

  /** No attempt starts after this; one under way leaves its row `sending`, resent with its key on the next start. */
  dispose(): void {
    this.#closed = true;
    this.#timer?.cancel();
    this.#timer = undefined;
    this.#healthSubscription?.dispose();
    this.#changed.dispose();
  }

  #store(write: OutboxWrite, alongside?: (id: string) => void): OutboxEntry {
    try {
      // The key is made once per write, here, and is stored with it before any attempt.
      const idempotencyKey = randomUUID();
      return this.#repository.insert(write, randomUUID(), idempotencyKey, this.#nowIso(), alongside);
    } catch (error) {
      if (error instanceof Error && /FOREIGN KEY/.test(error.message)) throw new UserFacingError({ code: 'not_found', params: { context: 'profile_gone' } });
      throw error;
    }
  }

  async #withdraw(id: string): Promise<OutboxEntry> {
    const stored = this.#repository.stored(id);
    if (!stored) throw new UserFacingError({ code: 'not_found', params: { context: 'outbox_gone' } });
    const { entry, write } = stored;
    if (entry.state !== 'queued' && entry.state !== 'failed') return entry;
    const readBack = this.#readBacks.get(write.service);
    const made = stored.mayHaveArrived && readBack ? await this.#readBackOf(readBack, stored) : undefined;
    if (made) return this.#settleSent(id, made, 'outbox write found made when discarded');
    const discarded = this.#repository.markDiscarded(id, this.#nowIso());
    this.#changed.fire(discarded);
    this.#logger.info('outbox write discarded', { id, state: discarded.state });
    return discarded;
  }

  async #readBackOf(readBack: OutboxReadBack, { entry, write }: StoredWrite): Promise<SentAnswer | undefined> {
    try {
      return await readBack(write, entry);
    } catch (error) {
      this.#logger.warn('outbox write could not be read back before its discard', { id: entry.id, error });
      throw new UserFacingError({ code: 'conflict', params: { context: 'write_unconfirmed' }, retryable: true });
    }
  }

  #settleSent(id: string, answer: SentAnswer, message: string): OutboxEntry {
    // A key the server echoed back in its answer is masked before the answer is stored.
    const response = redactStrings(answer.data, this.#logger.redact);
    let settled = this.#repository.markSent(id, response, this.#nowIso());
    if (answer.requestId) settled = { ...settled, requestId: answer.requestId };
    this.#logger.info(message, { id, state: settled.state, attempts: settled.attempts });
    this.#changed.fire(settled);
    return settled;
  }

  #existing(id: string): OutboxEntry {
    const entry = this.#repository.get(id);
    if (!entry) throw new UserFacingError({ code: 'not_found', params: { context: 'outbox_gone' } });
    return entry;
  }

  #nowIso(): string {
    return new Date(this.#clock.now()).toISOString();
  }

  #onHealth(health: ConnectionHealth): void {
    const before = this.#healthStates.get(health.profileId);
    this.#healthStates.set(health.profileId, health.state);
    // Only a change to reachable: a 429 is an answer too, and must not send the writes it asked to wait.
    if (health.state !== 'reachable' || before === 'reachable') return;
    void this.#wakeAll(health.profileId, { dueNow: true });
  }

  /** Drains every object with waiting writes (of one profile); a failure is logged, never thrown: it runs from timers and events. */
  async #wakeAll(profileId?: string, options: { dueNow?: boolean } = {}): Promise<void> {
    if (this.#closed) return;
    try {
      if (options.dueNow && profileId) this.#repository.makeDueNow(profileId);
      await Promise.all(this.#repository.unfinishedObjects(profileId).map((lane) => this.#drain(lane.profileId, lane.objectKey)));
      // Writes that are not due yet (a backoff from before a restart) still need their timer.
      this.#schedule();
    } catch (error) {
      this.#logger.error('outbox could not look for waiting writes', { error });
    }
  }

  /** One object's writes, one at a time: a drain asked for while another runs follows it. */
  #drain(profileId: string, objectKey: string): Promise<void> {
    return this.#inLane(profileId, objectKey, () => this.#sendDue(profileId, objectKey)).catch((error: unknown) => this.#logger.error('outbox lane stopped', { error }));
  }

  /** Work on one object's writes after what its lane runs already; its failure is the caller's, the lane goes on. */
  #inLane<T>(profileId: string, objectKey: string, work: () => Promise<T>): Promise<T> {
    const lane = `${profileId}\n${objectKey}`;
    const result = (this.#lanes.get(lane) ?? Promise.resolve()).then(work);
    const done = result.then(
      () => undefined,
      () => undefined,
    );
    this.#lanes.set(lane, done);
    void done.then(() => {
      if (this.#lanes.get(lane) === done) this.#lanes.delete(lane);
    });
    return result;
  }

  async #sendDue(profileId: string, objectKey: string): Promise<void> {
    for (;;) {
      if (this.#closed) return;
      const head = this.#repository.headOf(profileId, objectKey);
      if (!head || head.entry.state !== 'queued') return;
      if (head.nextAttemptAt !== null && head.nextAttemptAt > this.#clock.now()) return;
      const sender = this.#senders.get(head.write.service);
      if (!sender) return;
      await this.#attempt(head, sender);
    }
  }

  async #attempt(head: StoredWrite, sender: OutboxSender): Promise<void> {
    const { id } = head.entry;
    const { method, path } = head.write.request;
    const sending = this.#repository.markSending(id, this.#nowIso());
    this.#changed.fire(sending);
    let answer: SentAnswer;
    try {
      answer = await sender(head.write, head.idempotencyKey, sending);
    } catch (error) {
      if (this.#closed) return;
      const failure = redactStrings(judgeSendFailure(error), this.#logger.redact);
      const settled =
        failure.state === 'failed'
          ? this.#repository.markFailed(id, failure.error, this.#nowIso())
          : this.#repository.markQueued(id, failure.error, this.#clock.now() + (failure.retryAfterMs ?? this.#backoffMs(sending.attempts)), this.#nowIso(), failure.mayHaveArrived);
      this.#logger.info('outbox write attempted', { id, method, path, state: settled.state, attempts: settled.attempts, code: settled.error?.code });
      this.#changed.fire(settled);
      this.#schedule();
      return;
    }
    if (this.#closed) return;
    this.#settleSent(id, answer, 'outbox write attempted');
    this.#schedule();
  }

  #backoffMs(attempts: number): number {
    const base = Math.min(MAX_BACKOFF_MS, FIRST_BACKOFF_MS * 2 ** Math.max(0, attempts - 1));
    return Math.round(base * (0.8 + 0.4 * this.#random()));
  }

  /** One timer, for the earliest queued write that waits. */
  #schedule(): void {
    this.#timer?.cancel();
    this.#timer = undefined;
    if (this.#closed) return;
    const due = this.#repository.nextDue();
    if (due === null) return;
    this.#timer = this.#clock.setTimeout(() => {
      this.#timer = undefined;
      void this.#wakeAll();
    }, Math.max(0, due - this.#clock.now()));
  }
}
