import { useCallback } from 'react';
import { useQueryClient } from '../../data/ipc-query.ts';
import { readProfiles } from '../connections/index.ts';
import { useLiveConfirmationStore } from './live-confirmation-store.ts';

/**
 * `confirm(actionWords)` before a write: with a LIVE key it asks once for this action, naming it
 * and saying it changes real data (Enter confirms, Esc cancels); with a TEST key it is true at once.
 */
export function useConfirmedWrite(profileId: string | null | undefined): (actionWords: string) => Promise<boolean> {
  const client = useQueryClient();
  return useCallback(
    async (actionWords: string) => {
      const profile = profileId ? (await readProfiles(client)).find((candidate) => candidate.id === profileId) : undefined;
      if (!profile?.live) return true;
      return useLiveConfirmationStore.getState().ask(actionWords, profile.name);
    },
    [client, profileId],
  );
}
