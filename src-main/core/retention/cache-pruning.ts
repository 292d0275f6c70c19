// The support caches' retention, in the background on the app's clock: a minute after start, every
// hour, and at once when the analyst changes how long rows are kept. Each cache prunes a step at a
// time (PRUNE_STEP_ROWS), with a pause between steps, so main's thread answers the window
// throughout; a sync's own pruning takes one step after each sync as before. A row a case holds,
// or that a write still waits on, is never pruned (support/cache-query.ts).
import type { CacheRetention } from '../../../src-shared/contract/local-data.ts';
import { sleep, type Clock } from '../lifecycle/clock.ts';
import type { Logger } from '../log/logger.ts';
import { PRUNE_STEP_ROWS } from '../support/cache-query.ts';
import type { CacheRetentionSettings } from './cache-retention.ts';

/** A cache pruned a step at a time: every connection it holds rows of, a removed one's too. */
export interface PrunedCache {
  prune(profileId: string): number;
  cachedProfiles(): string[];
}

export interface CachePruningOptions {
  settings: CacheRetentionSettings;
  caches: readonly PrunedCache[];
  clock: Clock;
  logger: Logger;
}

const FIRST_AFTER_MS = 60_000;
const EVERY_MS = 3_600_000;
/** Between two steps: main's thread takes what waited meanwhile. */
const STEP_PAUSE_MS = 20;

export class CachePruning {
  readonly #options: CachePruningOptions;
  #timer: { cancel(): void } | null = null;
  #running: Promise<void> | null = null;
  #again = false;
  #disposed = false;

  constructor(options: CachePruningOptions) {
    this.#options = options;
  }

  start(): void {
    this.#schedule(FIRST_AFTER_MS);
  }

  settings(): CacheRetention {
    return this.#options.settings.get();
  }

  saveSettings(retention: CacheRetention): CacheRetention {
    const saved = this.#options.settings.save(retention);
    this.#schedule(0);
    return saved;
  }

  /** Settles when the pruning under way (if any) has finished: tests wait for it. */
  async idle(): Promise<void> {
    while (this.#running) await this.#running;
  }

  dispose(): void {
    this.#disposed = true;
    this.#timer?.cancel();
  }

  #schedule(ms: number): void {
    if (this.#disposed) return;
    if (this.#running) {
      this.#again = true;
      return;
    }
    this.#timer?.cancel();
    this.#timer = this.#options.clock.setTimeout(() => {
      this.#timer = null;
      this.#running = this.#run().finally(() => {
        this.#running = null;
        const again = this.#again;
        this.#again = false;
        this.#schedule(again ? 0 : EVERY_MS);
      });
    }, ms);
  }

  async #run(): Promise<void> {
    const { caches, clock, logger } = this.#options;
    for (const cache of caches) {
      try {
        for (const profileId of cache.cachedProfiles()) {
          while (!this.#disposed && cache.prune(profileId) >= PRUNE_STEP_ROWS) await sleep(clock, STEP_PAUSE_MS);
        }
      } catch (error) {
        logger.warn('pruning a cache failed; it is tried again within the hour', { error });
      }
    }
  }
}
