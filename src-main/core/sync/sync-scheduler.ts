// Runs each profile's sync jobs in the background: one Poller per job (interval with jitter,
// backoff while the back end is unreachable or answers 429, no overlap), with a status the window shows.
import type { IpcError } from '../../../src-shared/contract/define.ts';
import type { ConnectionHealth } from '../../../src-shared/contract/profiles.ts';
import type { CacheReach, SyncResource, SyncStatus } from '../../../src-shared/contract/sync.ts';
import { ServiceFailure } from '../http/service-failure.ts';
import type { Clock } from '../lifecycle/clock.ts';
import type { Disposable } from '../lifecycle/disposable.ts';
import { Emitter, type Event } from '../lifecycle/emitter.ts';
import { Poller } from '../lifecycle/poller.ts';
import type { Logger } from '../log/logger.ts';
import { UserFacingError } from '../user-facing-error.ts';
import { withoutUndefined } from '../without-undefined.ts';
import type { WalkProgress } from './page-walk.ts';

export interface SyncJob<Resource extends SyncResource> {
  profileId: string;
  resource: Resource;
  /** One sync; rejects when the back end could not be read (the next run then waits longer). */
  run(report: (progress: WalkProgress) => void, signal: AbortSignal): Promise<void>;
  lastSyncedAt(): string | null;
  cachedCount(): number;
  /** How far back the cache reaches, for a list synced newest first. */
  reach?(): CacheReach;
}

interface Scheduled<Resource extends SyncResource> {
  job: SyncJob<Resource>;
  poller: Poller;
  intervalMs: number;
  state: SyncStatus['state'];
  error?: IpcError;
  progress?: WalkProgress;
  lastRunEndedAt: number | null;
  controller: AbortController;
  /** Stops the run under way alone (`cancel`, `restart`); the job goes on. */
  run?: AbortController;
  /** The run under way is stopped to start again at once. */
  again?: boolean;
}

/** What a failed run tells the window: a service's or OpsDesk's own error as is, anything else as `internal`. */
export function syncErrorOf(error: unknown): IpcError {
  const detail = error instanceof ServiceFailure ? error.serviceError : error instanceof UserFacingError ? error.detail : undefined;
  if (!detail) return { code: 'internal', message: 'The sync failed unexpectedly; the log has the details.', retryable: true };
  // The params go too: the window words the failure in its own language from them (the host, the wait).
  const { code, params, message, hint, status, service, retryable } = detail;
  return withoutUndefined({ code, params, message, hint, status, service, retryable });
}

export interface SyncSchedulerOptions {
  clock: Clock;
  logger: Logger;
  /** Each profile's connection state: a job backing off runs at once when its back end answers again. */
  connection?: { onChanged: Event<ConnectionHealth> };
}

export class SyncScheduler<Resource extends SyncResource> {
  readonly #clock: Clock;
  readonly #logger: Logger;
  readonly #jobs = new Map<string, Scheduled<Resource>>();
  readonly #changed = new Emitter<SyncStatus<Resource>>();
  readonly onChanged = this.#changed.event;
  readonly #unreachable = new Set<string>();
  readonly #connection: Disposable | undefined;

  constructor(options: SyncSchedulerOptions) {
    this.#clock = options.clock;
    this.#logger = options.logger;
    this.#connection = options.connection?.onChanged((health) => this.#connectionChanged(health));
  }

  /** Starts a job at once, then every `intervalMs`; a job of the same profile and resource is replaced. */
  add(job: SyncJob<Resource>, intervalMs: number): void {
    this.remove(job.profileId, job.resource);
    const scheduled: Scheduled<Resource> = { job, intervalMs, state: 'idle', lastRunEndedAt: null, controller: new AbortController(), poller: undefined as unknown as Poller };
    scheduled.poller = new Poller({
      name: `sync ${job.resource}`,
      intervalMs,
      maxBackoffMs: Math.max(intervalMs * 16, 15 * 60_000),
      logger: this.#logger,
      clock: this.#clock,
      run: () => this.#run(scheduled),
    });
    this.#jobs.set(this.#key(job.profileId, job.resource), scheduled);
    scheduled.poller.start();
  }

  setInterval(profileId: string, intervalMs: number): void {
    for (const scheduled of this.#of(profileId)) {
      if (scheduled.intervalMs !== intervalMs) this.add(scheduled.job, intervalMs);
    }
  }

  /** Runs the profile's jobs (or the one of `resource`) now. */
  runNow(profileId: string, resource?: Resource): void {
    for (const scheduled of this.#of(profileId)) if (resource === undefined || scheduled.job.resource === resource) scheduled.poller.runNow();
  }

  /** Stops the run of `resource` under way, if any, and runs it again at once: what the job is to do has changed. */
  restart(profileId: string, resource: Resource): void {
    for (const scheduled of this.#of(profileId)) {
      if (scheduled.job.resource !== resource) continue;
      if (scheduled.run) {
        scheduled.again = true;
        scheduled.run.abort();
      } else scheduled.poller.runNow();
    }
  }

  /** Stops the run of `resource` under way, if any (the user cancelled what it was doing); the next runs when due. */
  cancel(profileId: string, resource: Resource): void {
    for (const scheduled of this.#of(profileId)) {
      if (scheduled.job.resource !== resource) continue;
      scheduled.run?.abort();
      this.#publish(scheduled);
    }
  }

  has(profileId: string): boolean {
    return this.#of(profileId).length > 0;
  }

  remove(profileId: string, resource?: Resource): void {
    for (const scheduled of this.#of(profileId)) {
      if (resource !== undefined && scheduled.job.resource !== resource) continue;
      scheduled.poller.dispose();
      scheduled.controller.abort();
      this.#jobs.delete(this.#key(profileId, scheduled.job.resource));
    }
  }

  status(profileId: string): SyncStatus<Resource>[] {
    return this.#of(profileId).map((scheduled) => this.#statusOf(scheduled));
  }

  dispose(): void {
    this.#connection?.dispose();
    for (const scheduled of this.#jobs.values()) {
      scheduled.poller.dispose();
      scheduled.controller.abort();
    }
    this.#jobs.clear();
    this.#changed.dispose();
  }

  /** Its wait was for a back end that did not answer; now that it does, the wait helps no one. */
  #connectionChanged({ profileId, state }: ConnectionHealth): void {
    if (state === 'unreachable') return void this.#unreachable.add(profileId);
    if (!this.#unreachable.delete(profileId)) return;
    for (const scheduled of this.#of(profileId)) if (scheduled.state === 'backing-off') scheduled.poller.runNow();
  }

  async #run(scheduled: Scheduled<Resource>): Promise<void> {
    const run = new AbortController();
    scheduled.run = run;
    scheduled.state = 'syncing';
    this.#publish(scheduled);
    try {
      await scheduled.job.run((progress) => {
        scheduled.progress = progress;
        this.#publish(scheduled);
      }, AbortSignal.any([scheduled.controller.signal, run.signal]));
      scheduled.state = 'idle';
      delete scheduled.error;
    } catch (error) {
      // A run stopped on purpose did not fail: what it stored stays, and the next one resumes it.
      if (run.signal.aborted && !scheduled.controller.signal.aborted) {
        scheduled.state = 'idle';
        delete scheduled.error;
        return;
      }
      scheduled.state = 'backing-off';
      scheduled.error = syncErrorOf(error);
      throw error;
    } finally {
      delete scheduled.progress;
      delete scheduled.run;
      // The poller lets no run overlap another: this one asks for the next before it counts as done.
      if (scheduled.again) {
        scheduled.again = false;
        scheduled.poller.runNow();
      }
      scheduled.lastRunEndedAt = this.#clock.now();
      // The poller counts this run's failure after it settles; publish once it has.
      queueMicrotask(() => this.#publish(scheduled));
    }
  }

  #statusOf(scheduled: Scheduled<Resource>): SyncStatus<Resource> {
    const { job, state, error, progress, lastRunEndedAt, intervalMs, poller } = scheduled;
    const waitMs = Math.min(Math.max(intervalMs * 16, 15 * 60_000), intervalMs * 2 ** poller.failures);
    return {
      profileId: job.profileId,
      resource: job.resource,
      state,
      lastSyncedAt: job.lastSyncedAt(),
      ...(error ? { error } : {}),
      ...(progress ? { progress } : {}),
      nextRunAt: state === 'syncing' || lastRunEndedAt === null ? null : new Date(lastRunEndedAt + waitMs).toISOString(),
      cachedCount: job.cachedCount(),
      ...(job.reach && { reach: job.reach() }),
    };
  }

  #publish(scheduled: Scheduled<Resource>): void {
    if (this.#jobs.get(this.#key(scheduled.job.profileId, scheduled.job.resource)) === scheduled) this.#changed.fire(this.#statusOf(scheduled));
  }

  #of(profileId: string): Scheduled<Resource>[] {
    return [...this.#jobs.values()].filter((scheduled) => scheduled.job.profileId === profileId);
  }

  #key(profileId: string, resource: string): string {
    return `${profileId}\u0000${resource}`;
  }
}
