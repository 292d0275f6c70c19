import { create } from 'zustand';
import type { IpcError } from '../../../../src-shared/contract/define.ts';
import type { StatusHistory, StatusSampled } from '../../../../src-shared/contract/firewall-admin.ts';
import { opsdesk } from '../../../data/bridge.ts';

export interface AdminStatusStore {
  /** By profile id: the status poller's readings, kept up to date by main's `statusSampled` events. */
  histories: Record<string, StatusHistory>;
  errors: Record<string, IpcError>;
  /** Starts following a profile's status (main's poller starts with it). */
  watch(profileId: string): Promise<void>;
}

export const useAdminStatusStore = create<AdminStatusStore>()((set, get) => {
  const watching = new Map<string, Promise<void>>();
  let subscribed = false;
  const apply = ({ profileId, status, sample }: StatusSampled) => {
    const current = get().histories[profileId];
    // Readings before the first answer arrive in the answer itself.
    if (!current || current.samples.some((known) => known.at === sample.at)) return;
    set((state) => ({
      histories: { ...state.histories, [profileId]: { ...current, status, readAt: sample.at, samples: [...current.samples, sample] } },
    }));
  };

  return {
    histories: {},
    errors: {},
    watch(profileId) {
      if (!subscribed) {
        subscribed = true;
        opsdesk.firewallAdmin.onStatusSampled(apply);
      }
      let started = watching.get(profileId);
      if (!started) {
        started = opsdesk.firewallAdmin.status({ profileId }).then((result) => {
          if (result.ok) set((state) => ({ histories: { ...state.histories, [profileId]: result.data } }));
          else {
            watching.delete(profileId);
            set((state) => ({ errors: { ...state.errors, [profileId]: result.error } }));
          }
        });
        watching.set(profileId, started);
      }
      return started;
    },
  };
});
