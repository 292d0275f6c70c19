// The bridge calls of the chat view's panels (the conversations themselves live in chat-store.ts):
// components use these only.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { UploadProgress } from '../../../src-preload/contract/gateway.ts';
import { opsdesk } from '../../bridge.ts';
import { useIpcQuery } from '../../data/ipc-query.ts';
import { gatewayKeys } from '../../data/query-keys.ts';

/** The gateway's calls, each answering with main's result. */
export const gatewayCalls = () => opsdesk.gateway;

/** Stops a long call (an upload, a transcription) main runs under `taskId`. */
export const cancelTask = (taskId: string) => opsdesk.app.cancel({ taskId });

/** A link the user clicked in an answer: main checks it and opens the system browser. */
export const openExternal = (url: string) => opsdesk.app.openExternal({ url });

/** Upload progress events, from before the first upload starts so none is missed. */
export function useUploadProgress(onProgress: (progress: UploadProgress) => void) {
  useEffect(() => opsdesk.gateway.onUploadProgress(onProgress), [onProgress]);
}

/** The local call log, filtered; read again whenever `changed` changes (an answer ended). */
export function useCallLog(model: string, failedOnly: boolean, changed: unknown) {
  const client = useQueryClient();
  useEffect(() => void client.invalidateQueries({ queryKey: gatewayKeys.callLog() }), [client, changed]);
  return useIpcQuery([...gatewayKeys.callLog(), model, failedOnly], () => opsdesk.gateway.callLog({ ...(model.trim() && { model }), failedOnly }));
}
