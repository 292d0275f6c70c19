import type { ConnectionHealth } from '../../../src-shared/contract/profiles.ts';
import type { CallOutcome } from '../http/reachability.ts';
import { systemClock, type Clock } from '../lifecycle/clock.ts';
import { Emitter, type Event } from '../lifecycle/emitter.ts';
import type { HealthRepository } from './health-repository.ts';

/**
 * While a back end keeps answering, when it was last reached is written at most this often (and on
 * close): a sync makes hundreds of calls a minute, and a write on main's connection would wait for
 * the database worker's transaction under way.
 */
const STORE_REACHED_EVERY_MS = 30_000;

/** A clock difference smaller than this is the answer's own latency and the Date header's whole seconds. */
const CLOCK_SKEW_SAID_FROM_MS = 60_000;

/**
 * Each profile's connection state, learnt from every call through its client: the one state every
 * view shows. A call that reached the back end ends an unreachable spell at once, one that did not
 * starts one; a write answered with a 5xx while reads answer is degraded until a write is taken.
 */
export class ConnectionHealthTracker {
  readonly #repository: HealthRepository;
  readonly #clock: Pick<Clock, 'now'>;
  readonly #current = new Map<string, ConnectionHealth>();
  /** Per profile, the last time written to SQLite. */
  readonly #stored = new Map<string, string>();
  readonly #changed = new Emitter<ConnectionHealth>();
  readonly onChanged: Event<ConnectionHealth> = this.#changed.event;

  constructor(repository: HealthRepository, clock: Pick<Clock, 'now'> = systemClock) {
    this.#repository = repository;
    this.#clock = clock;
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
    const now = this.#clock.now();
    const at = new Date(now).toISOString();
    const previous = this.of(profileId);
    const clockAheadMs = outcome.kind === 'answered' && outcome.serverTime !== undefined ? outcome.serverTime - now : undefined;
    const skew = clockAheadMs === undefined ? previous.clockAheadMs : Math.abs(clockAheadMs) >= CLOCK_SKEW_SAID_FROM_MS ? clockAheadMs : undefined;
    const kept = { profileId, lastCheckedAt: at, ...(skew !== undefined && { clockAheadMs: skew }) };
    let health: ConnectionHealth;
    switch (outcome.kind) {
      case 'answered': {
        if (!this.#storeReached(profileId, previous, at)) return;
        const refusal = previous.state === 'degraded' && !outcome.tookChange ? previous.refusedChange : undefined;
        health = refusal
          ? { ...kept, state: 'degraded', lastReachedAt: at, refusedChange: refusal }
          : { ...kept, state: 'reachable', lastReachedAt: at };
        break;
      }
      case 'refused-change':
        health = { ...kept, state: 'degraded', lastReachedAt: previous.lastReachedAt, refusedChange: { error: outcome.error, at } };
        break;
      case 'not-reached':
        health = {
          ...kept,
          state: 'unreachable',
          lastReachedAt: previous.lastReachedAt,
          unreachableSince: (previous.state === 'unreachable' && previous.unreachableSince) || at,
          error: outcome.error,
        };
        break;
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

  /** False when the profile is gone meanwhile (removed): its write says whether it still exists. */
  #storeReached(profileId: string, previous: ConnectionHealth, at: string): boolean {
    const stored = this.#stored.get(profileId);
    const answering = previous.state === 'reachable' || previous.state === 'degraded';
    if (answering && stored !== undefined && Date.parse(at) - Date.parse(stored) < STORE_REACHED_EVERY_MS) return true;
    if (!this.#repository.putLastReachedAt(profileId, at)) return false;
    this.#stored.set(profileId, at);
    return true;
  }

  #storeLatest(profileId: string): void {
    const lastReachedAt = this.#current.get(profileId)?.lastReachedAt ?? null;
    if (lastReachedAt !== null && lastReachedAt !== this.#stored.get(profileId)) this.#repository.putLastReachedAt(profileId, lastReachedAt);
  }
}
