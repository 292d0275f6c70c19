import { useCallback } from 'react';
import { useProfilesStore } from '../connections/index.ts';
import { useLiveConfirmationStore } from './live-confirmation-store.ts';

async function profileOf(profileId: string) {
  const store = useProfilesStore.getState();
  if (store.status !== 'ready') await store.load();
  return useProfilesStore.getState().profiles.find((profile) => profile.id === profileId);
}

/**
 * `confirm(actionWords)` before a write: with a LIVE key it asks once for this action, naming it
 * and saying it changes real data (Enter confirms, Esc cancels); with a TEST key it is true at once.
 */
export function useConfirmedWrite(profileId: string | null | undefined): (actionWords: string) => Promise<boolean> {
  return useCallback(
    async (actionWords: string) => {
      const profile = profileId ? await profileOf(profileId) : undefined;
      if (!profile?.live) return true;
      return useLiveConfirmationStore.getState().ask(actionWords, profile.name);
    },
    [profileId],
  );
}
