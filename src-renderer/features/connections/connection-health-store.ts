import { create } from 'zustand';
import type { ConnectionHealth } from '../../../src-shared/contract/profiles.ts';
import { CONNECTION_WATCH_RENEW_MS } from '../../../src-shared/connection-watch-lease.ts';
import { opsdesk } from '../../data/bridge.ts';

export interface ConnectionHealthStore {
  /** By profile id; a profile main has not checked yet has no entry. */
  health: Record<string, ConnectionHealth>;
  /** Fetches every profile's health once and follows main's changes from then on. */
  follow(): Promise<void>;
  /** A view shows the profile: main keeps its health fresh until the returned function is called (by every view that asked). */
  watch(profileId: string): () => void;
}

// An event can overtake the list that was asked for earlier: the later check wins.
const isNewer = (candidate: ConnectionHealth, current: ConnectionHealth | undefined): boolean =>
  !current || (candidate.lastCheckedAt ?? '') >= (current.lastCheckedAt ?? '');

export const useConnectionHealthStore = create<ConnectionHealthStore>()((set, get) => {
  const apply = (health: ConnectionHealth) => {
    if (isNewer(health, get().health[health.profileId])) set((state) => ({ health: { ...state.health, [health.profileId]: health } }));
  };
  let following: Promise<void> | undefined;
  /** Per profile, how many views watch it and the timer renewing main's watch for them. */
  const watches = new Map<string, { views: number; renewal: ReturnType<typeof setInterval> }>();

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
    watch(profileId) {
      let watch = watches.get(profileId);
      if (!watch) {
        const renew = () => void opsdesk.profiles.watchConnection({ id: profileId });
        renew();
        watch = { views: 0, renewal: setInterval(renew, CONNECTION_WATCH_RENEW_MS) };
        watches.set(profileId, watch);
      }
      const watched = watch;
      watched.views += 1;
      return () => {
        watched.views -= 1;
        if (watched.views > 0) return;
        clearInterval(watched.renewal);
        watches.delete(profileId);
      };
    },
  };
});
