// A bulk change made one address at a time: a few calls in flight (main's rate limiter paces what
// reaches the appliance, and every write goes through the outbox), a result per address as it
// comes, the failed ones tried again on their own, and a result left queued (the appliance away)
// following its write in the outbox until the write is sent or refused.
import type { IpcError, IpcResult } from '../../../../src-shared/contract/define.ts';
import type { OutboxEntry } from '../../../../src-shared/contract/outbox.ts';

export type BulkState = 'waiting' | 'done' | 'queued' | 'failed';

export interface BulkResult {
  /** What the change is made to: an address, or a block entry's id. */
  key: string;
  /** The address shown. */
  ip: string;
  state: BulkState;
  error?: IpcError;
  /** The outbox write of a queued result. */
  writeId?: string;
}

/** What one call did: made at once, or its write waits in the outbox. */
export interface BulkOutcome {
  queuedWrite?: string;
}

export type BulkAct = (key: string) => Promise<IpcResult<BulkOutcome>>;

/**
 * Calls in flight at once: main's rate limiter paces what reaches the appliance, so this only needs to
 * keep a key's budget busy while each call takes its while (8 left a 50-a-second key half idle when
 * a call took a second on a loaded machine), and few enough to keep the window's bridge calm.
 */
const IN_FLIGHT = 32;

/**
 * The results of one bulk change, kept outside React: each answer or outbox change updates one
 * result in place, and listeners hear about it at most once per frame, so 500 results never make
 * 500 renders, and a result list re-renders only its rows on screen.
 */
export class BulkRun {
  readonly #results: BulkResult[];
  readonly #at = new Map<string, number>();
  /** Results whose call is on its way (a second run, as React's strict mode makes, leaves them alone). */
  readonly #inFlight = new Set<string>();
  /** The result each queued write stands for. */
  readonly #byWrite = new Map<string, string>();
  /** Writes settled before the call that made them answered (their events can overtake the answer). */
  readonly #settledEarly = new Map<string, OutboxEntry>();
  readonly #listeners = new Set<() => void>();
  #version = 0;
  #frame: number | undefined;

  constructor(items: readonly { key: string; ip: string }[]) {
    this.#results = items.map(({ key, ip }, index) => {
      this.#at.set(key, index);
      return { key, ip, state: 'waiting' };
    });
  }

  get results(): readonly BulkResult[] {
    return this.#results;
  }

  /** Changes each time a result does (once per frame at most): a React snapshot. */
  get version(): number {
    return this.#version;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  getVersion = (): number => this.#version;

  /** How many results are in each state. */
  tally(): Record<BulkState, number> {
    const counts: Record<BulkState, number> = { waiting: 0, done: 0, queued: 0, failed: 0 };
    for (const result of this.#results) counts[result.state]++;
    return counts;
  }

  /** Runs `act` for every result waiting (and the failed ones again), `IN_FLIGHT` at a time. */
  async run(act: BulkAct, signal?: AbortSignal): Promise<void> {
    const todo: string[] = [];
    for (const result of this.#results) {
      if ((result.state !== 'waiting' && result.state !== 'failed') || this.#inFlight.has(result.key)) continue;
      this.#set(result.key, { state: 'waiting' });
      todo.push(result.key);
    }
    this.#changed();
    const worker = async () => {
      for (let key = todo.shift(); key !== undefined && !signal?.aborted; key = todo.shift()) {
        this.#inFlight.add(key);
        const answer = await act(key).finally(() => this.#inFlight.delete(key));
        if (!answer.ok) this.#set(key, { state: 'failed', error: answer.error });
        else if (answer.data.queuedWrite) this.#set(key, { state: 'queued', writeId: answer.data.queuedWrite });
        else this.#set(key, { state: 'done' });
        const early = answer.ok && answer.data.queuedWrite ? this.#settledEarly.get(answer.data.queuedWrite) : undefined;
        if (early) this.writeChanged(early);
        this.#changed();
      }
    };
    await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  }

  /** An outbox change: a queued result whose write was sent is done, one refused or given up failed. */
  writeChanged(entry: OutboxEntry): void {
    const key = this.#byWrite.get(entry.id);
    if (key === undefined && (entry.state === 'sent' || entry.state === 'failed' || entry.state === 'discarded')) this.#settledEarly.set(entry.id, entry);
    const result = key === undefined ? undefined : this.#results[this.#at.get(key)!];
    if (result?.state !== 'queued') return;
    if (entry.state === 'sent') this.#set(result.key, { state: 'done' });
    else if (entry.state === 'failed' || entry.state === 'discarded') this.#set(result.key, { state: 'failed', ...(entry.error && { error: entry.error }) });
    else return;
    this.#changed();
  }

  /** No more frames: the dialog closed (a run under way stops at its signal). */
  stop(): void {
    if (this.#frame !== undefined) cancelAnimationFrame(this.#frame);
    this.#frame = undefined;
  }

  #set(key: string, change: Pick<BulkResult, 'state' | 'error' | 'writeId'>): void {
    const index = this.#at.get(key)!;
    const { ip } = this.#results[index]!;
    // A new object per change: a row shows its result, and re-renders only when that is new.
    this.#results[index] = { key, ip, ...change };
    if (change.writeId) this.#byWrite.set(change.writeId, key);
  }

  #changed(): void {
    this.#frame ??= requestAnimationFrame(() => {
      this.#frame = undefined;
      this.#version++;
      for (const listener of this.#listeners) listener();
    });
  }
}
