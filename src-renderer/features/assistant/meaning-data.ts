import type { MeaningStatus } from '../../../src-shared/contract/meaning.ts';
import { opsdesk } from '../../data/bridge.ts';
import { useIpcMutation, useIpcQuery, useQueryClient } from '../../data/ipc-query.ts';
import { meaningKeys } from '../../data/query-keys.ts';

/** The meaning index's state; main's `statusChanged` carries each new one. */
export const useMeaningStatus = () => useIpcQuery(meaningKeys.status(), () => opsdesk.meaning.status());

export function useSetMeaningPaused() {
  const client = useQueryClient();
  return useIpcMutation((paused: boolean) => opsdesk.meaning.setPaused({ paused }), {
    onSuccess: (status: MeaningStatus) => client.setQueryData(meaningKeys.status(), status),
  });
}

/** The cached alerts or tickets nearest in meaning to one. */
export const useSimilar = (kind: 'alert' | 'ticket', profileId: string, id: string) =>
  useIpcQuery(meaningKeys.similar(kind, profileId, id), () => opsdesk.meaning.similar({ kind, profileId, id }));
