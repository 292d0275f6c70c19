// The bridge calls of the chat view's panels (the conversations themselves live in chat-store.ts):
// components use these only.
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import type { ChatLayout, UploadProgress } from '../../../src-shared/contract/gateway.ts';
import { opsdesk } from '../../data/bridge.ts';
import { useIpcQuery, useIpcReadAhead } from '../../data/ipc-query.ts';
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
  // A new filter keeps the rows shown until its own answer replaces them: no "No calls recorded." in between.
  return useIpcQuery([...gatewayKeys.callLog(), model, failedOnly], () => opsdesk.gateway.callLog({ ...(model.trim() && { model }), failedOnly }), {
    placeholderData: keepPreviousData,
  });
}

const readModels = (profileId: string) => opsdesk.gateway.models({ profileId });

/** The models the profile's key may use, as main read them from the gateway. */
export function useModels(profileId: string | null) {
  return useIpcQuery(gatewayKeys.models(profileId ?? ''), () => readModels(profileId ?? ''), { enabled: !!profileId });
}

/**
 * Reads the profile's models before a conversation asks for them: the one opened next shows its
 * model picker filled, instead of drawing itself again when the gateway answers.
 */
export function useModelsReadAhead(profileId: string) {
  useIpcReadAhead(gatewayKeys.models(profileId), () => readModels(profileId));
}

const DRAFT_SAVE_DELAY_MS = 400;

/**
 * Keeps what is typed in a conversation's composer in main, a moment after the typing stops, and at
 * once when the composer goes (its tab closed, another conversation opened).
 */
export function useDraftSaver(conversationId: string) {
  const pending = useRef<{ text: string; timer: ReturnType<typeof setTimeout> } | null>(null);
  const flush = useCallback(() => {
    const waiting = pending.current;
    if (!waiting) return;
    clearTimeout(waiting.timer);
    pending.current = null;
    void opsdesk.gateway.saveDraft({ id: conversationId, text: waiting.text });
  }, [conversationId]);
  useEffect(() => flush, [flush]);
  return useMemo(
    () => ({
      typed(text: string) {
        if (pending.current) clearTimeout(pending.current.timer);
        pending.current = { text, timer: setTimeout(flush, DRAFT_SAVE_DELAY_MS) };
      },
      /** Sending clears the draft in main: a save still waiting would bring the sent text back. */
      sent() {
        if (pending.current) clearTimeout(pending.current.timer);
        pending.current = null;
      },
    }),
    [flush],
  );
}

/** Whether the conversation's settings are unfolded, as the user last left them (kept in main). */
export function useSettingsOpen(): [boolean, (open: boolean) => void] {
  const client = useQueryClient();
  const layout = useIpcQuery(gatewayKeys.layout(), () => opsdesk.gateway.chatLayout());
  const setOpen = useCallback(
    (settingsOpen: boolean) => {
      client.setQueryData<ChatLayout>(gatewayKeys.layout(), { settingsOpen });
      void opsdesk.gateway.setChatLayout({ settingsOpen });
    },
    [client],
  );
  return [layout.data?.settingsOpen ?? false, setOpen];
}
