import type { ConnectionHealth } from '../../../src-preload/contract/profiles.ts';
import type { CallOutcome } from '../http/reachability.ts';
import { Emitter, type Event } from '../lifecycle/emitter.ts';
import type { HealthRepository } from './health-repository.ts';

/**
 * How each profile's back end answered lately, learnt from every call through its client. Views
 * show their cache whatever this says; it only tells the user whether what they see is fresh.
 */
export class ConnectionHealthTracker {
  readonly #repository: HealthRepository;
  readonly #now: () => Date;
  readonly #current = new Map<string, ConnectionHealth>();
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
      if (!this.#repository.putLastReachedAt(profileId, at)) return;
      health = { profileId, state: 'reachable', lastReachedAt: at, lastCheckedAt: at };
    } else {
      health = { profileId, state: 'unreachable', lastReachedAt: previous.lastReachedAt, lastCheckedAt: at, error: outcome.error };
    }
    this.#current.set(profileId, health);
    this.#changed.fire(health);
  }

  /** A changed or removed profile starts again from what is stored. */
  forget(profileId: string): void {
    this.#current.delete(profileId);
  }

  dispose(): void {
    this.#changed.dispose();
  }
}
