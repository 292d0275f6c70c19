import { create } from 'zustand';
import type { ConnectionHealth } from '../../src-preload/contract/profiles.ts';
import { opsdesk } from '../bridge.ts';

export interface ConnectionHealthStore {
  /** By profile id; a profile main has not checked yet has no entry. */
  health: Record<string, ConnectionHealth>;
  /** Fetches every profile's health once and follows main's changes from then on. */
  follow(): Promise<void>;
}

// An event can overtake the list that was asked for earlier: the later check wins.
const isNewer = (candidate: ConnectionHealth, current: ConnectionHealth | undefined): boolean =>
  !current || (candidate.lastCheckedAt ?? '') >= (current.lastCheckedAt ?? '');

export const useConnectionHealthStore = create<ConnectionHealthStore>()((set, get) => {
  const apply = (health: ConnectionHealth) => {
    if (isNewer(health, get().health[health.profileId])) set((state) => ({ health: { ...state.health, [health.profileId]: health } }));
  };
  let following: Promise<void> | undefined;

  return {
    health: {},
    follow() {
      following ??= (async () => {
        opsdesk.profiles.onHealthChanged(apply);
        const result = await opsdesk.profiles.health();
        // Without the list a banner still has its own connection test to go by.
        if (result.ok) result.data.forEach(apply);
      })();
      return following;
    },
  };
});
