// The bridge calls of the model's drafts in the Support view (a reply, a summary, a call note) and
// of the recordings they start from. Components use these only.
import { useEffect } from 'react';
import type { UploadProgress } from '../../../../src-shared/contract/gateway.ts';
import { opsdesk } from '../../../data/bridge.ts';
import { useIpcQuery } from '../../../data/ipc-query.ts';
import { gatewayKeys } from '../../../data/query-keys.ts';

export const draftingCalls = () => opsdesk.drafting;

/** The gateway's calls a recording needs: main's open dialog, the upload, the models a key may use. */
export const recordingCalls = () => opsdesk.gateway;

export const useGatewayModels = (profileId: string) => useIpcQuery(gatewayKeys.remote(profileId, 'models'), () => opsdesk.gateway.models({ profileId }));

/** Upload progress events, from before the first upload starts so none is missed. */
export function useUploadProgress(onProgress: (progress: UploadProgress) => void) {
  useEffect(() => opsdesk.gateway.onUploadProgress(onProgress), [onProgress]);
}

export const cancelTask = (taskId: string) => opsdesk.app.cancel({ taskId });
