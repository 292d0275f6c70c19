// Settings → Data on this computer and a connection's removal: their bridge calls, through the
// window's query layer; components use these only.
import { useEffect } from 'react';
import type { CacheRetention, LocalDataProgress } from '../../../src-shared/contract/local-data.ts';
import { opsdesk } from '../../data/bridge.ts';
import { useIpcMutation, useIpcQuery, useQueryClient } from '../../data/ipc-query.ts';
import { localDataKeys, profileKeys } from '../../data/query-keys.ts';

export function useRetention() {
  return useIpcQuery(localDataKeys.retention(), () => opsdesk.localData.retention());
}

export function useSaveRetention() {
  const client = useQueryClient();
  return useIpcMutation((retention: CacheRetention) => opsdesk.localData.saveRetention(retention), {
    onSuccess: (saved) => client.setQueryData(localDataKeys.retention(), saved),
  });
}

export function useExportLocalData() {
  return useIpcMutation(({ taskId, passphrase }: { taskId: string; passphrase: string }) => opsdesk.localData.exportFile({ taskId, passphrase }));
}

export function useChooseImport() {
  return useIpcMutation(() => opsdesk.localData.chooseImport());
}

export function usePreviewImport() {
  return useIpcMutation(({ importId, passphrase }: { importId: string; passphrase: string }) => opsdesk.localData.previewImport({ importId, passphrase }));
}

export function useApplyImport() {
  const client = useQueryClient();
  return useIpcMutation(({ importId, taskId }: { importId: string; taskId: string }) => opsdesk.localData.applyImport({ importId, taskId }), {
    // What was merged may be in any view (conversations, cases, the activity log, saved filters): each reads again.
    onSuccess: () => void client.invalidateQueries(),
  });
}

export function useCancelImport() {
  return useIpcMutation((importId: string) => opsdesk.localData.cancelImport({ importId }));
}

/** An export's or an import's progress while it runs. */
export function useLocalDataProgress(taskId: string | null, onProgress: (progress: LocalDataProgress) => void) {
  useEffect(() => {
    if (!taskId) return;
    return opsdesk.localData.onProgress((progress) => {
      if (progress.taskId === taskId) onProgress(progress);
    });
  }, [taskId, onProgress]);
}

/** What the cache holds of a connection: what removing it with its data deletes. */
export function useConnectionCache(profileId: string) {
  return useIpcQuery(profileKeys.cachedData(profileId), () => opsdesk.profiles.cachedData({ id: profileId }), { gcTime: 0 });
}
