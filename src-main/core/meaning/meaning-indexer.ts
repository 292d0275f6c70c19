// Builds and keeps the meaning index in the background (docs/architecture.md, "Search by meaning"):
// a pass walks each cache table in rowid order, a few hundred rows per step, and sends the items
// whose text changed since they were embedded to the gateway, a batch per call, through the same
// client, rate budget and call log as chat. A batch's vectors, its token count and the scan's new
// place commit in one transaction, so a restart resumes where the last batch ended and never finds
// half a batch. The index is complete only once a pass reached the end of every table; until then
// the searches keep using the index before it. Each step is short and yields to the event loop, so
// main's thread never waits on it for long.
import type { IpcError } from '../../../src-shared/contract/define.ts';
import type { MeaningStatus } from '../../../src-shared/contract/meaning.ts';
import type { Db } from '../db/database.ts';
import type { SettingsTable } from '../db/settings.ts';
import type { Vectors } from '../gateway/embeddings/embedding-service.ts';
import { ServiceFailure } from '../http/service-failure.ts';
import type { Clock } from '../lifecycle/clock.ts';
import { Emitter } from '../lifecycle/emitter.ts';
import type { Logger } from '../log/logger.ts';
import { countItems, meaningSources, readItems, type ItemPrivacy, type ItemText } from './item-texts.ts';
import { itemKey, type MeaningIndex, type MeaningRepository, type ModelKey } from './meaning-repository.ts';

/** Texts (chunks) per embeddings call: few enough that one refused call loses little, many enough that 100,000 alerts fit a rate budget. */
export const EMBED_BATCH = 64;
/**
 * Rows read per step while looking for changed items: a step over unchanged rows takes a few
 * milliseconds (P13 found 1,000 a step, each read and hashed, among main's longest stalls).
 */
const ROWS_PER_READ = 250;
const ROWS_PER_STEP = 500;
/** A slice of the index's cell work (meaning-cells.ts) per step: with the step's own work, well below main's 50 ms. */
export const CELL_SLICE_MS = 15;
/** A scan whose table was read to its end. */
const SCANNED = Number.MAX_SAFE_INTEGER;
/** After a change to the cache, a pass starts this much later (changes come in bursts: a sync's pages). */
const PASS_DELAY_MS = 2000;
const FIRST_RETRY_MS = 5000;
const LONGEST_RETRY_MS = 5 * 60_000;
/** Progress is told the window at most this often; a change of state at once. */
const STATUS_EVERY_MS = 500;
const PAUSED_KEY = 'meaning.paused';

export interface MeaningIndexerOptions {
  db: Db;
  repository: MeaningRepository;
  embeddings: { vectors(profileId: string, model: string, texts: readonly string[], expectDimensions?: number, signal?: AbortSignal): Promise<Vectors> };
  /** The connection and embedding model chosen in Settings → Model at work; null: none. */
  target(): ModelKey | null;
  /** Which fields may go to the gateway (the same settings as every prompt). */
  privacy: ItemPrivacy;
  settings: SettingsTable;
  clock: Clock;
  logger: Logger;
}

type State = Pick<MeaningStatus, 'state' | 'error' | 'retryAt'>;

export class MeaningIndexer {
  readonly #options: MeaningIndexerOptions;
  readonly #changed = new Emitter<MeaningStatus>();
  readonly onStatusChanged = this.#changed.event;
  #state: State = { state: 'off', error: null, retryAt: null };
  #timer: { cancel(): void } | null = null;
  #running = false;
  #closed = false;
  /** A pass is wanted: at start (the cache may have changed while the app was closed), and after each change. */
  #passWanted = true;
  #retryMs = FIRST_RETRY_MS;
  #request: AbortController | null = null;
  #lastTold = { at: 0, state: '' };
  /** The target a `stopped` state is about: another model or connection is tried afresh. */
  #stoppedFor: string | null = null;

  constructor(options: MeaningIndexerOptions) {
    this.#options = options;
  }

  start(): void {
    this.#schedule(0);
  }

  /** The cache or the settings changed: a pass soon (a stopped index waits for the analyst). */
  poke(): void {
    this.#passWanted = true;
    if (this.#state.state === 'stopped' && this.#options.target() !== null && this.#targetUnchanged()) return;
    if (this.#state.state !== 'waiting') this.#schedule(PASS_DELAY_MS);
  }

  /** The settings changed: the model may be another one, which starts at once. */
  settingsChanged(): void {
    this.#passWanted = true;
    this.#stoppedFor = null;
    this.#retryMs = FIRST_RETRY_MS;
    this.#request?.abort();
    this.#schedule(0);
  }

  setPaused(paused: boolean): MeaningStatus {
    this.#options.settings.write(PAUSED_KEY, paused);
    if (paused) this.#request?.abort();
    this.#stoppedFor = null;
    this.#retryMs = FIRST_RETRY_MS;
    this.#passWanted = true;
    this.#schedule(0);
    this.#set(paused ? { state: 'paused', error: null, retryAt: null } : { state: 'indexing', error: null, retryAt: null });
    return this.status();
  }

  status(): MeaningStatus {
    const target = this.#options.target();
    const index = target && this.#options.repository.indexOf(target);
    const searching = this.searchIndex();
    return {
      ...this.#state,
      model: target?.model ?? null,
      indexed: index ? this.#options.repository.count(index) : 0,
      total: target ? countItems(this.#options.db) : 0,
      tokens: index?.tokens ?? 0,
      searchingWith: searching?.model ?? null,
    };
  }

  /** The index the searches use: the chosen model's once complete, else the newest complete one (another model's). */
  searchIndex(): MeaningIndex | undefined {
    const target = this.#options.target();
    if (!target) return undefined;
    const own = this.#options.repository.indexOf(target);
    return own?.complete ? own : this.#options.repository.newestComplete();
  }

  close(): void {
    this.#closed = true;
    this.#timer?.cancel();
    this.#request?.abort();
    this.#changed.dispose();
  }

  #targetUnchanged(): boolean {
    const target = this.#options.target();
    return target !== null && this.#stoppedFor === `${target.gatewayProfileId}\n${target.model}`;
  }

  #schedule(ms: number): void {
    if (this.#closed) return;
    this.#timer?.cancel();
    this.#timer = this.#options.clock.setTimeout(() => {
      this.#timer = null;
      void this.#step();
    }, ms);
  }

  async #step(): Promise<void> {
    if (this.#running || this.#closed) return;
    this.#running = true;
    try {
      const next = await this.#advance();
      if (next !== null) this.#schedule(next);
    } catch (error) {
      this.#failed(error);
    } finally {
      this.#running = false;
    }
  }

  /** One step; answers when to take the next, null: when something asks. */
  async #advance(): Promise<number | null> {
    const target = this.#options.target();
    if (!target) {
      this.#set({ state: 'off', error: null, retryAt: null });
      return null;
    }
    if (this.#options.settings.read(PAUSED_KEY) === true) {
      this.#set({ state: 'paused', error: null, retryAt: null });
      return null;
    }
    if (this.#state.state === 'stopped' && this.#targetUnchanged()) return null;
    let index = this.#options.repository.indexOf(target);
    if (index?.complete && !this.#passWanted) {
      this.#set({ state: 'ready', error: null, retryAt: null });
      return this.#options.repository.advanceCells(index, CELL_SLICE_MS) ? 0 : null;
    }
    this.#set({ state: 'indexing', error: null, retryAt: null });
    const found = this.#changedItems(target, index);
    if (found === 'done') {
      this.#passWanted = false;
      if (index) this.#options.repository.completePass(index, new Date(this.#options.clock.now()).toISOString());
      this.#set({ state: 'ready', error: null, retryAt: null }, true);
      return index && this.#options.repository.advanceCells(index, CELL_SLICE_MS) ? 0 : null;
    }
    if (found.items.length === 0) {
      this.#options.repository.setScan(target, found.source, found.afterRowid);
      return 0;
    }
    this.#request = new AbortController();
    const answer = await this.#options.embeddings
      .vectors(target.gatewayProfileId, target.model, found.items.flatMap((item) => item.chunks), index?.dimensions, this.#request.signal)
      .finally(() => (this.#request = null));
    // The settings may have changed while the gateway answered: this batch belongs to the model it was asked of.
    const now = this.#options.target();
    if (!now || now.gatewayProfileId !== target.gatewayProfileId || now.model !== target.model || this.#closed) return 0;
    index ??= this.#options.repository.indexOf(target) ?? this.#options.repository.create(target, answer.dimensions, new Date(this.#options.clock.now()).toISOString());
    this.#options.repository.store(index, found.items, answer.vectors, answer.promptTokens ?? 0, { source: found.source, afterRowid: found.afterRowid });
    this.#options.repository.advanceCells(index, CELL_SLICE_MS);
    this.#retryMs = FIRST_RETRY_MS;
    this.#set({ state: 'indexing', error: null, retryAt: null });
    return 0;
  }

  /** The next changed items of the first source not scanned to its end, and where its scan then stands. */
  #changedItems(target: ModelKey, index: MeaningIndex | undefined): { source: string; items: ItemText[]; afterRowid: number } | 'done' {
    const { db, repository, privacy } = this.#options;
    for (const source of meaningSources) {
      let after = repository.scanOf(target, source);
      if (after === SCANNED) continue;
      const items: ItemText[] = [];
      let texts = 0;
      let read = 0;
      while (read < ROWS_PER_STEP) {
        const rows = readItems(db, source, after, ROWS_PER_READ, privacy);
        if (rows.lastRowid === null) return { source, items, afterRowid: items.length === 0 ? SCANNED : after };
        const known = index ? repository.hashes(index, rows.items) : new Map<string, string>();
        for (const item of rows.items) {
          if (known.get(itemKey(item)) === item.hash) continue;
          // A batch ends before the item whose chunks would not fit in it: an item's chunks go in one call.
          if (texts + item.chunks.length > EMBED_BATCH && items.length > 0) return { source, items, afterRowid: items.at(-1)!.rowid };
          items.push(item);
          texts += item.chunks.length;
          if (texts >= EMBED_BATCH) return { source, items, afterRowid: item.rowid };
        }
        after = rows.lastRowid;
        read += ROWS_PER_READ;
      }
      return { source, items, afterRowid: after };
    }
    return 'done';
  }

  /** A failed batch: nothing of it was stored; the gateway is asked again later when trying again may help. */
  #failed(error: unknown): void {
    if (this.#closed) return;
    if (!(error instanceof ServiceFailure)) {
      this.#options.logger.warn('the meaning index stopped', { error });
      this.#stop({ code: 'internal', message: 'The meaning index stopped on an internal error.', retryable: false });
      return;
    }
    const { certificate: _certificate, ...shown } = error.serviceError;
    if (shown.code === 'cancelled' || this.#options.settings.read(PAUSED_KEY) === true) return this.#schedule(0);
    if (shown.retryable) {
      const waitMs = Math.min(Math.max(this.#retryMs, Number(shown.params?.['waitSeconds'] ?? 0) * 1000), LONGEST_RETRY_MS);
      this.#retryMs = Math.min(this.#retryMs * 2, LONGEST_RETRY_MS);
      this.#set({ state: 'waiting', error: shown, retryAt: new Date(this.#options.clock.now() + waitMs).toISOString() });
      this.#schedule(waitMs);
      return;
    }
    this.#stop(shown);
  }

  #stop(error: IpcError): void {
    const target = this.#options.target();
    this.#stoppedFor = target && `${target.gatewayProfileId}\n${target.model}`;
    this.#set({ state: 'stopped', error, retryAt: null });
  }

  #set(state: State, always = false): void {
    this.#state = state;
    const now = this.#options.clock.now();
    if (!always && state.state === this.#lastTold.state && now - this.#lastTold.at < STATUS_EVERY_MS) return;
    this.#lastTold = { at: now, state: state.state };
    this.#changed.fire(this.status());
  }
}
