import { create } from 'zustand';
import type { BackEnd } from '../../../src-shared/contract/profiles.ts';
import { opsdesk } from '../../data/bridge.ts';

interface LastProfilesStore {
  /** null until main answered. */
  lastUsed: Partial<Record<BackEnd, string>> | null;
  load(): Promise<void>;
  /** The user switched a view to this connection: the next view of its kind opens on it, after a restart too. */
  remember(service: BackEnd, profileId: string): void;
}

export const useLastProfilesStore = create<LastProfilesStore>()((set, get) => ({
  lastUsed: null,
  async load() {
    if (get().lastUsed !== null) return;
    const answer = await opsdesk.workspace.lastProfiles();
    set({ lastUsed: answer.ok ? answer.data : {} });
  },
  remember(service, profileId) {
    set((state) => ({ lastUsed: { ...state.lastUsed, [service]: profileId } }));
    void opsdesk.workspace.rememberProfile({ service, profileId });
  },
}));
