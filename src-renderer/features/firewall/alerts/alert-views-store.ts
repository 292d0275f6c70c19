import { create } from 'zustand';
import type { AlertFilter } from '../../../../src-shared/contract/firewall.ts';
import type { AlertView, SavedAlertFilter } from '../../../../src-shared/contract/views.ts';
import { opsdesk } from '../../../data/bridge.ts';

export interface AlertViewsStore {
  /** Per appliance: its named filters, and when the analyst last left its alerts (what "new since I last looked" starts from). */
  byProfile: Readonly<Record<string, { saved: readonly SavedAlertFilter[]; lookedAt: string | null }>>;
  /** What main kept of this appliance's alerts view; asked once per run. */
  load(profileId: string): Promise<AlertView | null>;
  save(profileId: string, name: string, filter: AlertFilter): Promise<void>;
  remove(profileId: string, name: string): Promise<void>;
  /** The analyst leaves the alerts: the next visit's "new since I last looked" starts now. */
  markLooked(profileId: string): void;
}

const loading = new Map<string, Promise<AlertView | null>>();

/** The alerts views' named filters and last looks, per appliance, for the section's menu and the palette. */
export const useAlertViews = create<AlertViewsStore>()((set, get) => {
  const setSaved = (profileId: string, saved: readonly SavedAlertFilter[]) =>
    set((state) => ({ byProfile: { ...state.byProfile, [profileId]: { lookedAt: state.byProfile[profileId]?.lookedAt ?? null, saved } } }));
  return {
    byProfile: {},

    load(profileId) {
      let answer = loading.get(profileId);
      if (!answer) {
        answer = opsdesk.views.alertView({ profileId }).then((result) => {
          if (!result.ok) return null;
          set((state) => ({ byProfile: { ...state.byProfile, [profileId]: { saved: result.data.saved, lookedAt: result.data.lastLookedAt } } }));
          return result.data;
        });
        loading.set(profileId, answer);
      }
      return answer;
    },

    async save(profileId, name, filter) {
      const result = await opsdesk.views.saveAlertFilter({ profileId, saved: { name, filter } });
      if (result.ok) setSaved(profileId, result.data);
    },

    async remove(profileId, name) {
      const result = await opsdesk.views.deleteAlertFilter({ profileId, name });
      if (result.ok) setSaved(profileId, result.data);
    },

    markLooked(profileId) {
      void opsdesk.views.markAlertsLooked({ profileId });
      const kept = get().byProfile[profileId];
      set((state) => ({ byProfile: { ...state.byProfile, [profileId]: { saved: kept?.saved ?? [], lookedAt: new Date().toISOString() } } }));
    },
  };
});
