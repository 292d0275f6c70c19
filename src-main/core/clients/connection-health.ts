import type { ConnectionHealth } from '../../../src-preload/contract/profiles.ts';
import type { CallOutcome } from '../http/reachability.ts';
import { Emitter, type Event } from '../lifecycle/emitter.ts';
import type { HealthRepository } from './health-repository.ts';

/**
 * While a back end keeps answering, when it was last reached is written at most this often (and on
 * close): a sync makes hundreds of calls a minute, and a write on main's connection would wait for
 * the database worker's transaction under way.
 */
const STORE_REACHED_EVERY_MS = 30_000;

/**
 * How each profile's back end answered lately, learnt from every call through its client. Views
 * show their cache whatever this says; it only tells the user whether what they see is fresh.
 */
export class ConnectionHealthTracker {
  readonly #repository: HealthRepository;
  readonly #now: () => Date;
  readonly #current = new Map<string, ConnectionHealth>();
  /** Per profile, the last time written to SQLite. */
  readonly #stored = new Map<string, string>();
  readonly #changed = new Emitter<ConnectionHealth>();
  readonly onChanged: Event<ConnectionHealth> = this.#changed.event;

  constructor(repository: HealthRepository, now: () => Date = () => new Date()) {
    this.#repository = repository;
    this.#now = now;
  }

  of(profileId: string): ConnectionHealth {
    return (
      this.#current.get(profileId) ?? {
        profileId,
        state: 'unknown',
        lastReachedAt: this.#repository.lastReachedAt(profileId),
        lastCheckedAt: null,
      }
    );
  }

  all(profileIds: string[]): ConnectionHealth[] {
    return profileIds.map((profileId) => this.of(profileId));
  }

  report(profileId: string, outcome: CallOutcome): void {
    const at = this.#now().toISOString();
    const previous = this.of(profileId);
    let health: ConnectionHealth;
    if (outcome.reached) {
      const stored = this.#stored.get(profileId);
      // A profile forgotten meanwhile (removed) is written, and its write says whether it still exists.
      if (previous.state !== 'reachable' || stored === undefined || Date.parse(at) - Date.parse(stored) >= STORE_REACHED_EVERY_MS) {
        if (!this.#repository.putLastReachedAt(profileId, at)) return;
        this.#stored.set(profileId, at);
      }
      health = { profileId, state: 'reachable', lastReachedAt: at, lastCheckedAt: at };
    } else {
      health = { profileId, state: 'unreachable', lastReachedAt: previous.lastReachedAt, lastCheckedAt: at, error: outcome.error };
    }
    this.#current.set(profileId, health);
    this.#changed.fire(health);
  }

  /** A changed or removed profile starts again from what is stored. */
  forget(profileId: string): void {
    this.#storeLatest(profileId);
    this.#current.delete(profileId);
    this.#stored.delete(profileId);
  }

  /** Writes the reached times not written yet, so a restart shows the last one. */
  dispose(): void {
    for (const profileId of this.#current.keys()) this.#storeLatest(profileId);
    this.#changed.dispose();
  }

  #storeLatest(profileId: string): void {
    const lastReachedAt = this.#current.get(profileId)?.lastReachedAt ?? null;
    if (lastReachedAt !== null && lastReachedAt !== this.#stored.get(profileId)) this.#repository.putLastReachedAt(profileId, lastReachedAt);
  }
}
