// Keeps the connection state of a profile a view shows fresh while nothing else calls its back end:
// every call already tells the state how it went, so only a quiet profile needs a read of its own.
import { CONNECTION_WATCH_LEASE_MS } from '../../../src-shared/connection-watch-lease.ts';
import type { Clock } from '../lifecycle/clock.ts';
import type { Logger } from '../log/logger.ts';
import type { HealthRead } from './client-registry.ts';
import type { ConnectionHealthTracker } from './connection-health.ts';

/** No call ended for this long: the back end's health is read. A view's state is at most this old, plus the read. */
export const HEALTH_READ_AFTER_QUIET_MS = 5_000;
/** Of the key's call rate, the most the health reads take: a key of 60 calls a minute reads at most every 10 s. */
const HEALTH_READ_SHARE_OF_RATE = 0.1;

export interface ConnectionWatchOptions {
  health: Pick<ConnectionHealthTracker, 'of'>;
  /** The back end's health read; undefined for a profile gone, or a back end that has none. */
  healthReadOf(profileId: string): HealthRead | undefined;
  clock: Clock;
  logger: Logger;
}

interface Watched {
  leaseEndsAt: number;
  timer: { cancel(): void } | undefined;
  lastReadAt: number;
}

export class ConnectionWatch {
  readonly #options: ConnectionWatchOptions;
  readonly #watched = new Map<string, Watched>();

  constructor(options: ConnectionWatchOptions) {
    this.#options = options;
  }

  /** A view shows the profile: its health is kept fresh until the lease lapses unrenewed. */
  watch(profileId: string): null {
    if (!this.#options.healthReadOf(profileId)) return null;
    const leaseEndsAt = this.#options.clock.now() + CONNECTION_WATCH_LEASE_MS;
    const watched = this.#watched.get(profileId);
    if (watched) watched.leaseEndsAt = leaseEndsAt;
    else {
      const started: Watched = { leaseEndsAt, timer: undefined, lastReadAt: Number.NEGATIVE_INFINITY };
      this.#watched.set(profileId, started);
      this.#schedule(profileId, started, 0);
    }
    return null;
  }

  dispose(): void {
    for (const watched of this.#watched.values()) watched.timer?.cancel();
    this.#watched.clear();
  }

  #schedule(profileId: string, watched: Watched, ms: number): void {
    watched.timer = this.#options.clock.setTimeout(() => void this.#tick(profileId, watched), ms);
  }

  async #tick(profileId: string, watched: Watched): Promise<void> {
    const { clock, health, logger } = this.#options;
    const now = clock.now();
    const healthRead = this.#options.healthReadOf(profileId);
    if (now >= watched.leaseEndsAt || !healthRead || this.#watched.get(profileId) !== watched) {
      if (this.#watched.get(profileId) === watched) this.#watched.delete(profileId);
      return;
    }
    const lastCheckedAt = health.of(profileId).lastCheckedAt;
    const quietMs = lastCheckedAt === null ? Number.POSITIVE_INFINITY : now - Date.parse(lastCheckedAt);
    const { requests, windowMs } = healthRead.rate;
    const readGapMs = Math.max(HEALTH_READ_AFTER_QUIET_MS, windowMs / (requests * HEALTH_READ_SHARE_OF_RATE));
    const waitMs = Math.max(HEALTH_READ_AFTER_QUIET_MS - quietMs, watched.lastReadAt + readGapMs - now);
    if (waitMs > 0) return this.#schedule(profileId, watched, waitMs);
    watched.lastReadAt = now;
    // A read that fails has told the connection state why through the client, and the exchange logged it.
    await healthRead.read().catch((error: unknown) => logger.debug('connection health read failed', { profileId, error }));
    if (this.#watched.get(profileId) === watched) this.#schedule(profileId, watched, 0);
  }
}
