import { create } from 'zustand';
import type { IpcError } from '../../../../src-shared/contract/define.ts';
import type { SupportAccess } from '../../../../src-shared/contract/support.ts';
import { opsdesk } from '../../../data/bridge.ts';

export type AccessState =
  | { status: 'loading'; access?: SupportAccess }
  | { status: 'ready'; access: SupportAccess }
  | { status: 'failed'; error: IpcError; access?: SupportAccess };

interface AccessStore {
  /** By profile id. */
  states: Record<string, AccessState>;
  /** Reads what /meta says of the profile's key; `refresh` asks the server again rather than main's copy. */
  load(profileId: string, refresh?: boolean): Promise<void>;
}

/** What each support profile's key may do, shared by every section and tab that shows the profile. */
export const useSupportAccessStore = create<AccessStore>()((set, get) => {
  const asked = new Map<string, number>();
  return {
    states: {},
    async load(profileId, refresh = false) {
      const request = (asked.get(profileId) ?? 0) + 1;
      asked.set(profileId, request);
      const previous = get().states[profileId]?.access;
      set((state) => ({ states: { ...state.states, [profileId]: { status: 'loading', ...(previous && { access: previous }) } } }));
      const result = await opsdesk.support.access({ profileId, refresh });
      if (asked.get(profileId) !== request) return;
      set((state) => ({
        states: {
          ...state.states,
          [profileId]: result.ok ? { status: 'ready', access: result.data } : { status: 'failed', error: result.error, ...(previous && { access: previous }) },
        },
      }));
    },
  };
});
