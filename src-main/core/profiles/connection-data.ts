// Removing a connection, and what the cache holds of it (issue 45): the confirmation counts its
// rows; removed with its data, they are deleted in the database worker a step at a time and the
// file's space is given back; removed without, they stay. The connections whose rows are still to
// go are kept in the settings table, so a quit half way goes on at the next start. What exists only
// here (the activity log, cases) is kept either way and names the connection as it was.
import type { ConnectionCache } from '../../../src-shared/contract/profiles.ts';
import type { SettingsTable } from '../db/settings.ts';
import { sleep, type Clock } from '../lifecycle/clock.ts';
import type { Logger } from '../log/logger.ts';
import type { DatabaseWorker } from '../worker/database-worker.ts';
import type { ProfileService } from './profile-service.ts';

const FORGETTING_KEY = 'cache.forgetting';
/** Rows one step deletes: the worker's write lock is held for a few tens of milliseconds. */
const FORGET_STEP_ROWS = 5000;
/** Between two steps: a sync's commit or main's own write takes the lock meanwhile. */
const STEP_PAUSE_MS = 20;

export interface ConnectionDataOptions {
  profiles: Pick<ProfileService, 'remove'>;
  worker: DatabaseWorker;
  settings: SettingsTable;
  clock: Clock;
  logger: Logger;
}

export class ConnectionData {
  readonly #options: ConnectionDataOptions;
  #forgetting: Promise<void> | null = null;
  #disposed = false;

  constructor(options: ConnectionDataOptions) {
    this.#options = options;
  }

  /** Goes on forgetting what a start before this one left unfinished. */
  start(): void {
    if (this.#pending().length > 0) this.#forget();
  }

  async cached(profileId: string): Promise<ConnectionCache> {
    return { profileId, counts: await this.#options.worker.run('countConnectionCache', { profileId }) };
  }

  /** Removes the connection; with `forgetCache` its cache's rows go in the background. */
  async remove(profileId: string, { forgetCache }: { forgetCache: boolean }): Promise<null> {
    await this.#options.profiles.remove(profileId);
    // Only once its row is gone: a connection still there never loses its cache to a list left over.
    if (forgetCache) {
      this.#options.settings.write(FORGETTING_KEY, [...new Set([...this.#pending(), profileId])]);
      this.#forget();
    }
    return null;
  }

  /** Settles when every connection asked for is forgotten and its space given back: tests wait for it. */
  async whenForgotten(): Promise<void> {
    while (this.#forgetting) await this.#forgetting;
  }

  dispose(): void {
    this.#disposed = true;
  }

  #pending(): string[] {
    const value = this.#options.settings.read(FORGETTING_KEY);
    return Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : [];
  }

  #forget(): void {
    this.#forgetting ??= this.#run()
      .catch((error: unknown) => this.#options.logger.warn('forgetting a removed connection’s cache stopped; it goes on at the next start', { error }))
      .finally(() => (this.#forgetting = null));
  }

  async #run(): Promise<void> {
    const { worker, settings, clock } = this.#options;
    // A connection removed while the space was given back is forgotten in the same run.
    while (!this.#disposed && this.#pending().length > 0) {
      for (let pending = this.#pending(); pending.length > 0 && !this.#disposed; pending = this.#pending()) {
        const [profileId] = pending as [string];
        while (!this.#disposed && (await worker.run('forgetConnectionCacheStep', { profileId, limit: FORGET_STEP_ROWS })) >= FORGET_STEP_ROWS) await sleep(clock, STEP_PAUSE_MS);
        if (this.#disposed) return;
        settings.write(FORGETTING_KEY, this.#pending().filter((id) => id !== profileId));
      }
      while (!this.#disposed && (await worker.run('giveBackSpaceStep', undefined))) await sleep(clock, STEP_PAUSE_MS);
    }
  }
}
