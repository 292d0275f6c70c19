// What the chat reads from main and writes to it, through the window's query layer: components use
// these only. What is the window's own (drafts, the text of an answer as it streams) is chat-store.ts.
import { keepPreviousData, notifyManager, useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import type { IpcError, IpcResult } from '../../../src-shared/contract/define.ts';
import type { ChatLayout, ChatMessage, Conversation, ConversationSettings, ConversationSummary, UploadProgress } from '../../../src-shared/contract/gateway.ts';
import type { OpsDeskApi } from '../../../src-shared/contract/index.ts';
import type { CachedPage } from '../../../src-shared/contract/pages.ts';
import { opsdesk } from '../../data/bridge.ts';
import { useCacheFollower, useIpcMutation, useIpcQuery, useIpcReadAhead } from '../../data/ipc-query.ts';
import { gatewayKeys } from '../../data/query-keys.ts';
import { pagedCacheSlice, type PagedCacheState } from '../../ui/paged-cache.ts';
import { useChatStore } from './chat-store.ts';

type GatewayCalls = OpsDeskApi['gateway'];

// The panels beside the conversations: each call answers with main's result, for the panel to show.
export const embed: GatewayCalls['embed'] = (request) => opsdesk.gateway.embed(request);
export const generateImages: GatewayCalls['generateImages'] = (request) => opsdesk.gateway.generateImages(request);
export const saveImage: GatewayCalls['saveImage'] = (request) => opsdesk.gateway.saveImage(request);
export const chooseAudioFile: GatewayCalls['chooseAudioFile'] = () => opsdesk.gateway.chooseAudioFile();
export const transcribe: GatewayCalls['transcribe'] = (request) => opsdesk.gateway.transcribe(request);

/** Stops a long call (an upload, a transcription) main runs under `taskId`. */
export const cancelTask = (taskId: string) => opsdesk.app.cancel({ taskId });

/** A link the user clicked in an answer: main checks it and opens the system browser. */
export const openExternal = (url: string) => opsdesk.app.openExternal({ url });

/** Upload progress events, from before the first upload starts so none is missed. */
export function useUploadProgress(onProgress: (progress: UploadProgress) => void) {
  useEffect(() => opsdesk.gateway.onUploadProgress(onProgress), [onProgress]);
}

/** The local call log, filtered; read again whenever it is shown and whenever an answer ends (data/invalidations.ts). */
export function useCallLog(model: string, failedOnly: boolean) {
  // A new filter keeps the rows shown until its own answer replaces them: no "No calls recorded." in between.
  // Always read on opening: the panels beside it (images, transcription, embeddings) log their calls without an event.
  return useIpcQuery([...gatewayKeys.callLog(), model, failedOnly], () => opsdesk.gateway.callLog({ ...(model.trim() && { model }), failedOnly }), {
    placeholderData: keepPreviousData,
    refetchOnMount: 'always',
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

const rememberTitles = (conversations: readonly ConversationSummary[]) => useChatStore.getState().rememberTitles(conversations);

/** Main's answer, its conversations' titles kept for the tabs that show them. */
async function titlesRemembered<T extends ConversationSummary | ConversationSummary[]>(call: Promise<IpcResult<T>>): Promise<IpcResult<T>> {
  const result = await call;
  if (result.ok) rememberTitles(Array.isArray(result.data) ? result.data : [result.data]);
  return result;
}

/** A conversation as a write answered it: the views of it show it at once, and the failure before it is gone. */
function keepConversation(client: QueryClient, conversation: Conversation): void {
  client.setQueryData(gatewayKeys.conversation(conversation.id), conversation);
  rememberTitles([conversation]);
  useChatStore.getState().setActionError(conversation.id, null);
}

/** The conversations, newest first; with a query, those whose title or messages contain it. */
export function useConversationSummaries(query: string) {
  // A new search keeps the list shown until its own answer replaces it.
  return useIpcQuery(gatewayKeys.conversationList(query), () => titlesRemembered(opsdesk.gateway.conversations(query ? { query } : {})), {
    placeholderData: keepPreviousData,
  });
}

let followingAnswers = false;

/**
 * Follows the answers streaming to this window, for the window's life. Their batches (about every
 * 16 ms) go into the chat's own store, which only the answer's row reads: written into the query
 * cache, each would give the conversation a new value and draw its whole list, and every other view
 * of it, again. Called before the first send, so that main knows the window listens when it answers.
 */
export function followAnswers(): void {
  if (followingAnswers) return;
  followingAnswers = true;
  opsdesk.gateway.onAnswerDelta((delta) => useChatStore.getState().applyDelta(delta));
  // The stored answer goes into the conversation's cache first (data/invalidations.ts, which listens
  // from the window's start); the stream goes with or after the query layer's notice of that, never
  // before it: the row would show the answer still streaming, with its text gone.
  opsdesk.gateway.onAnswerEnded(({ message }) => notifyManager.schedule(() => useChatStore.getState().answerEnded(message.id)));
}

/** A conversation read from main by its id: its settings and latest messages; `error` when it could not be. */
export function useConversation(id: string) {
  useEffect(followAnswers, []);
  return useIpcQuery(gatewayKeys.conversation(id), () => titlesRemembered(opsdesk.gateway.conversation({ id })));
}

/** A write that answers with the conversation: `true` once main took it; its failure is kept for the conversation's view. */
function useConversationWrite<Variables>(conversationId: string, call: (variables: Variables) => Promise<IpcResult<Conversation>>, onKept?: (conversation: Conversation) => void) {
  const client = useQueryClient();
  const { mutateAsync } = useIpcMutation(call, {
    onSuccess: (conversation) => {
      keepConversation(client, conversation);
      onKept?.(conversation);
    },
    onError: (error) => useChatStore.getState().setActionError(conversationId, error),
  });
  return useCallback(
    (variables: Variables) =>
      mutateAsync(variables).then(
        () => true,
        () => false,
      ),
    [mutateAsync],
  );
}

// An answer's id is the task id this window gives when it asks: Stop cancels that task.
export const useSend = (conversationId: string) => useConversationWrite(conversationId, (text: string) => opsdesk.gateway.send({ conversationId, text, taskId: crypto.randomUUID() }));

export const useRegenerate = (conversationId: string) => useConversationWrite<void>(conversationId, () => opsdesk.gateway.regenerate({ conversationId, taskId: crypto.randomUUID() }));

/** Stops an answer while it streams (the text so far stays). */
export const stopAnswer = (messageId: string) => cancelTask(messageId);

/** An edited question sent again; the path after it changes, however far up it is. */
export function useEditAndResend(conversationId: string) {
  const client = useQueryClient();
  return useConversationWrite(
    conversationId,
    ({ messageId, text }: { messageId: string; text: string }) => opsdesk.gateway.editAndResend({ conversationId, messageId, text, taskId: crypto.randomUUID() }),
    () => void client.invalidateQueries({ queryKey: gatewayKeys.messages(conversationId) }),
  );
}

/** Shows the version before or after the one on screen at a message's place; the path from it changes, however far up it is. */
export function useShowVersion(conversationId: string) {
  const client = useQueryClient();
  return useConversationWrite(
    conversationId,
    ({ messageId, step }: { messageId: string; step: -1 | 1 }) => opsdesk.gateway.showVersion({ conversationId, messageId, step }),
    () => void client.invalidateQueries({ queryKey: gatewayKeys.messages(conversationId) }),
  );
}

/** Saves a conversation's settings (its title too); resolves with main's refusal, or null once saved. */
export function useUpdateConversation() {
  const client = useQueryClient();
  const { mutateAsync } = useIpcMutation(({ id, settings }: { id: string; settings: ConversationSettings }) => opsdesk.gateway.updateConversation({ id, ...settings }), {
    onSuccess: (conversation) => keepConversation(client, conversation),
  });
  return useCallback(
    (id: string, settings: ConversationSettings) =>
      mutateAsync({ id, settings }).then(
        (): IpcError | null => null,
        (error: IpcError) => error,
      ),
    [mutateAsync],
  );
}

/** A new conversation on a gateway connection; null when main could not make it (the list says why). */
export async function createConversation(profileId: string): Promise<Conversation | null> {
  const result = await opsdesk.gateway.createConversation({ profileId });
  useChatStore.getState().setListError(result.ok ? null : result.error);
  if (result.ok) rememberTitles([result.data]);
  return result.ok ? result.data : null;
}

/** `createConversation`, the new conversation shown at once by the view that opens it. */
export function useCreateConversation() {
  const client = useQueryClient();
  return useCallback(
    async (profileId: string) => {
      const created = await createConversation(profileId);
      if (created) keepConversation(client, created);
      return created?.id ?? null;
    },
    [client],
  );
}

/** Deletes a conversation in main (the list's Undo has run out); the lists drop it at once. */
export function useDeleteConversation() {
  const client = useQueryClient();
  return useCallback(
    async (id: string) => {
      const result = await opsdesk.gateway.deleteConversation({ id });
      useChatStore.getState().setListError(result.ok ? null : result.error);
      if (!result.ok) return;
      client.setQueriesData<ConversationSummary[]>({ queryKey: gatewayKeys.conversations() }, (summaries) => summaries?.filter((summary) => summary.id !== id));
    },
    [client],
  );
}

/** The messages that contain `text`, anywhere in the conversation; null when main could not say (the conversation's view says why). */
export async function findInConversation(conversationId: string, text: string) {
  const result = await opsdesk.gateway.findInConversation({ conversationId, text });
  if (!result.ok) useChatStore.getState().setActionError(conversationId, result.error);
  return result.ok ? result.data : null;
}

/** Saves the conversation as Markdown where the user picks; the path it went to (null: cancelled), or null when it failed. */
export async function exportMarkdown(conversationId: string) {
  const result = await opsdesk.gateway.exportMarkdown({ id: conversationId });
  if (!result.ok) useChatStore.getState().setActionError(conversationId, result.error);
  return result.ok ? result.data : null;
}

type MessagePages = PagedCacheState<ChatMessage, string, CachedPage<ChatMessage>>;

/**
 * The earlier messages of a conversation, those before its latest (which come with it), on the
 * shared paged cache: read a page at a time as they scroll into view, and read again when a write
 * changed the path above its latest (another version shown, a question edited far up).
 */
function useEarlierMessages(conversationId: string) {
  const store = useMemo(
    () =>
      createStore<MessagePages>()(
        pagedCacheSlice(async (id: string, window) => {
          const result = await opsdesk.gateway.messages({ conversationId: id, ...window });
          if (!result.ok) {
            useChatStore.getState().setActionError(id, result.error);
            return result;
          }
          // Main answers a slice of the conversation; its length is the conversation's, which comes with the conversation.
          const page: CachedPage<ChatMessage> = { rows: result.data, total: window.offset + result.data.length, totalAtLeast: true, offset: window.offset, syncedAt: null };
          return { ok: true, data: page };
        }, conversationId),
      ),
    [conversationId],
  );
  const refreshRead = useCallback(async () => {
    // Opening a conversation reads none: its latest messages came with it.
    if (store.getState().pages.size > 0) await store.getState().refresh();
  }, [store]);
  useCacheFollower(gatewayKeys.messages(conversationId), refreshRead);
  // Subscribing to the pages re-renders the list when a page arrives; rowAt reads them.
  const pages = useStore(store, (state) => state.pages);
  return { ...store.getState(), pages };
}

/**
 * Every message of a conversation by its index (0 is the first): the latest as the conversation
 * came, the earlier ones once `readMessages` read them (undefined until then).
 */
export function useConversationMessages(conversation: Conversation) {
  const { messageCount: count, latestMessages } = conversation;
  const firstLatest = count - latestMessages.length;
  const { pages, rowAt, ensureRows } = useEarlierMessages(conversation.id);
  const messageAt = useCallback(
    (index: number): ChatMessage | undefined => (index >= firstLatest ? latestMessages[index - firstLatest] : rowAt(index)),
    // A page arriving is another set of messages: `rowAt` reads it from `pages`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [firstLatest, latestMessages, pages, rowAt],
  );
  /** Reads the messages from `start` to `end` (excluded) that this window does not have yet. */
  const readMessages = useCallback(
    (start: number, end: number) => {
      const before = Math.min(end, firstLatest);
      if (before > start) ensureRows(Math.max(0, start), before);
    },
    [firstLatest, ensureRows],
  );
  return { count, messageAt, readMessages };
}
