import { create } from 'zustand';
import type { IpcError, IpcResult } from '../../../src-shared/contract/define.ts';
import type {
  AnswerDelta,
  AnswerEnded,
  ChatMessage,
  Conversation,
  ConversationMatches,
  ConversationSettings,
  ConversationSummary,
  SavedFile,
} from '../../../src-shared/contract/gateway.ts';
import { opsdesk } from '../../data/bridge.ts';

/** An answer's text while it streams, built from the batches in their order. */
export interface StreamingText {
  content: string;
  reasoning: string;
  /** The last batch applied; a batch out of order is not applied twice. */
  seq: number;
}

/** The messages of a conversation this window has read, by index (0 is the first); the others are read as they scroll into view. */
export interface LoadedMessages {
  count: number;
  byIndex: ReadonlyMap<number, ChatMessage>;
}

/** Messages read per call when the window scrolls back over a long conversation. */
const messagePageSize = 50;

export interface ChatStore {
  summaries: ConversationSummary[];
  query: string;
  listError: IpcError | null;
  conversations: Record<string, Conversation>;
  messages: Record<string, LoadedMessages>;
  /** Why the last action on a conversation failed (loading, saving, sending). */
  actionErrors: Record<string, IpcError | null>;
  streams: Record<string, StreamingText>;
  /** When this window learnt that an answer ended (the start of a Retry-After countdown). */
  endedAt: Record<string, number>;
  /** What is typed in each conversation's composer, shared by every composer of it (the list's and its tab's). */
  drafts: Record<string, string>;
  setDraft(id: string, text: string): void;
  /** The conversation the Chat view shows beside its list; null: the newest. */
  openId: string | null;
  follow(): void;
  search(query: string): Promise<void>;
  load(id: string): Promise<void>;
  /** Reads the messages from `start` to `end` (excluded) that this window does not have yet. */
  readMessages(id: string, start: number, end: number): void;
  /** The messages that contain `text`, anywhere in the conversation; null when main could not say. */
  findInConversation(id: string, text: string): Promise<ConversationMatches | null>;
  create(profileId: string): Promise<string | null>;
  update(id: string, settings: ConversationSettings): Promise<IpcError | null>;
  remove(id: string): Promise<void>;
  send(id: string, text: string): Promise<boolean>;
  regenerate(id: string): Promise<void>;
  editAndResend(id: string, messageId: string, text: string): Promise<boolean>;
  stop(messageId: string): Promise<void>;
  /** Shows the version before or after the one on screen at a message's place. */
  showVersion(id: string, messageId: string, step: -1 | 1): Promise<void>;
  open(id: string | null): void;
  /** A conversation deleted from the list, gone from it at once and deleted in main when the undo time is up. */
  deleting: ConversationSummary | null;
  removeWithUndo(summary: ConversationSummary): void;
  undoRemove(): void;
  /** Where the save dialog put the Markdown (path null: cancelled); null when it failed. */
  exportMarkdown(id: string): Promise<SavedFile | null>;
}

let following = false;
/** How long Undo is offered after a conversation is deleted from the list. */
export const UNDO_DELETE_MS = 8000;
let deleteTimer: ReturnType<typeof setTimeout> | undefined;

export const useChatStore = create<ChatStore>()((set, get) => {
  /** `changedFrom`: the first message main may have changed, when that is before its latest (another version shown). */
  const setConversation = (conversation: Conversation, changedFrom = Infinity) =>
    set((state) => ({
      conversations: { ...state.conversations, [conversation.id]: conversation },
      messages: { ...state.messages, [conversation.id]: withLatest(state.messages[conversation.id], conversation, changedFrom) },
      actionErrors: { ...state.actionErrors, [conversation.id]: null },
    }));
  const pagesInFlight = new Set<string>();
  const setActionError = (id: string, error: IpcError | null) => set((state) => ({ actionErrors: { ...state.actionErrors, [id]: error } }));
  /** Applies a call's conversation, or keeps its error for the view. */
  const applied = (id: string, result: IpcResult<Conversation>, changedFrom?: number): boolean => {
    if (result.ok) setConversation(result.data, changedFrom);
    else setActionError(id, result.error);
    return result.ok;
  };

  const applyDelta = (delta: AnswerDelta) =>
    set((state) => {
      const current = state.streams[delta.messageId];
      if (current && delta.seq <= current.seq) return state;
      const next = {
        content: (current?.content ?? '') + delta.content,
        reasoning: (current?.reasoning ?? '') + delta.reasoning,
        seq: delta.seq,
      };
      return { streams: { ...state.streams, [delta.messageId]: next } };
    });

  const applyEnded = ({ conversationId, message }: AnswerEnded) =>
    set((state) => {
      const { [message.id]: _finished, ...streams } = state.streams;
      const conversation = state.conversations[conversationId];
      const loaded = state.messages[conversationId];
      return {
        streams,
        conversations: conversation ? { ...state.conversations, [conversationId]: { ...conversation, latestMessages: replaced(conversation.latestMessages, message) } } : state.conversations,
        messages: loaded ? { ...state.messages, [conversationId]: withEnded(loaded, message) } : state.messages,
        endedAt: { ...state.endedAt, [message.id]: Date.now() },
      };
    });

  return {
    summaries: [],
    query: '',
    listError: null,
    conversations: {},
    messages: {},
    actionErrors: {},
    streams: {},
    endedAt: {},
    openId: null,
    deleting: null,
    drafts: {},

    follow() {
      if (following) return;
      following = true;
      opsdesk.gateway.onAnswerDelta(applyDelta);
      opsdesk.gateway.onAnswerEnded((ended) => {
        applyEnded(ended);
        // The conversation's total usage is main's sum; fetch it once the answer is stored.
        void get().load(ended.conversationId);
      });
      opsdesk.gateway.onConversationsChanged(() => void get().search(get().query));
    },

    async search(query) {
      set({ query });
      const result = await opsdesk.gateway.conversations(query ? { query } : {});
      if (get().query !== query) return;
      if (result.ok) set({ summaries: result.data, listError: null });
      else set({ listError: result.error });
    },

    async load(id) {
      applied(id, await opsdesk.gateway.conversation({ id }));
    },

    readMessages(id, start, end) {
      const loaded = get().messages[id];
      if (!loaded) return;
      const last = Math.min(end, loaded.count);
      for (let page = Math.floor(Math.max(0, start) / messagePageSize); page * messagePageSize < last; page += 1) {
        const offset = page * messagePageSize;
        const key = `${id}:${page}`;
        // Only a page with a message in the range missing: the latest page is partly read when a conversation opens.
        if (pagesInFlight.has(key) || !hasGap(loaded, Math.max(start, offset), Math.min(last, offset + messagePageSize))) continue;
        pagesInFlight.add(key);
        void opsdesk.gateway.messages({ conversationId: id, offset, limit: messagePageSize }).then((result) => {
          pagesInFlight.delete(key);
          if (!result.ok) return setActionError(id, result.error);
          set((state) => {
            const current = state.messages[id];
            return current ? { messages: { ...state.messages, [id]: withPage(current, offset, result.data) } } : state;
          });
        });
      }
    },

    async findInConversation(id, text) {
      const result = await opsdesk.gateway.findInConversation({ conversationId: id, text });
      if (!result.ok) setActionError(id, result.error);
      return result.ok ? result.data : null;
    },

    async create(profileId) {
      const result = await opsdesk.gateway.createConversation({ profileId });
      if (!result.ok) {
        set({ listError: result.error });
        return null;
      }
      setConversation(result.data);
      return result.data.id;
    },

    async update(id, settings) {
      const result = await opsdesk.gateway.updateConversation({ id, ...settings });
      if (result.ok) setConversation(result.data);
      return result.ok ? null : result.error;
    },

    async remove(id) {
      const result = await opsdesk.gateway.deleteConversation({ id });
      if (result.ok) set((state) => ({ summaries: state.summaries.filter((summary) => summary.id !== id) }));
      else set({ listError: result.error });
    },

    async send(id, text) {
      return applied(id, await opsdesk.gateway.send({ conversationId: id, text, taskId: crypto.randomUUID() }));
    },

    async regenerate(id) {
      applied(id, await opsdesk.gateway.regenerate({ conversationId: id, taskId: crypto.randomUUID() }));
    },

    async editAndResend(id, messageId, text) {
      return applied(id, await opsdesk.gateway.editAndResend({ conversationId: id, messageId, text, taskId: crypto.randomUUID() }));
    },

    async stop(messageId) {
      // An answer's id is the task id this window gave when it asked.
      await opsdesk.app.cancel({ taskId: messageId });
    },

    async showVersion(id, messageId, step) {
      // The path from the message shown changes, however far up it is.
      const at = [...(get().messages[id]?.byIndex ?? [])].find(([, message]) => message.id === messageId)?.[0];
      applied(id, await opsdesk.gateway.showVersion({ conversationId: id, messageId, step }), at);
    },

    open(id) {
      set({ openId: id });
    },

    setDraft(id, text) {
      set((state) => ({ drafts: { ...state.drafts, [id]: text } }));
    },

    removeWithUndo(summary) {
      const earlier = get().deleting;
      clearTimeout(deleteTimer);
      if (earlier) void get().remove(earlier.id);
      set((state) => ({ deleting: summary, openId: state.openId === summary.id ? null : state.openId }));
      deleteTimer = setTimeout(() => {
        void get()
          .remove(summary.id)
          .then(() => get().deleting?.id === summary.id && set({ deleting: null }));
      }, UNDO_DELETE_MS);
    },

    undoRemove() {
      clearTimeout(deleteTimer);
      set({ deleting: null });
    },

    async exportMarkdown(id) {
      const result = await opsdesk.gateway.exportMarkdown({ id });
      if (!result.ok) setActionError(id, result.error);
      return result.ok ? result.data : null;
    },
  };
});

function replaced(messages: ChatMessage[], message: ChatMessage): ChatMessage[] {
  const index = messages.findIndex((candidate) => candidate.id === message.id);
  return index < 0 ? messages : messages.with(index, message);
}

/**
 * What main sent with the conversation, over what this window had read: the earlier messages stay
 * (a send, a regenerate or an edit changes only the messages from its last ones on), the latest are main's.
 */
function withLatest(loaded: LoadedMessages | undefined, { messageCount, latestMessages }: Conversation, changedFrom: number): LoadedMessages {
  const first = messageCount - latestMessages.length;
  const byIndex = new Map<number, ChatMessage>();
  for (const [index, message] of loaded?.byIndex ?? []) if (index < Math.min(first, changedFrom)) byIndex.set(index, message);
  latestMessages.forEach((message, offset) => byIndex.set(first + offset, message));
  return { count: messageCount, byIndex };
}

/** A page as main read it; what the window already has stays (it may be newer than the page). */
function withPage(loaded: LoadedMessages, offset: number, page: ChatMessage[]): LoadedMessages {
  const byIndex = new Map(loaded.byIndex);
  page.forEach((message, at) => {
    if (offset + at < loaded.count && !byIndex.has(offset + at)) byIndex.set(offset + at, message);
  });
  return { ...loaded, byIndex };
}

/** The answer as stored once it ended, in its place (near the end: it was streaming). */
function withEnded(loaded: LoadedMessages, message: ChatMessage): LoadedMessages {
  for (let index = loaded.count - 1; index >= Math.max(0, loaded.count - messagePageSize); index -= 1) {
    if (loaded.byIndex.get(index)?.id === message.id) return { ...loaded, byIndex: new Map(loaded.byIndex).set(index, message) };
  }
  return loaded;
}

function hasGap(loaded: LoadedMessages, start: number, end: number): boolean {
  for (let index = start; index < end; index += 1) if (!loaded.byIndex.has(index)) return true;
  return false;
}

/**
 * Every conversation title this window knows, as one string: a tab bar selecting it re-renders when
 * a title changes (a rename, the first message naming the conversation), and not for each streamed batch.
 */
export function useConversationTitles(): string {
  return useChatStore((state) =>
    [...Object.values(state.conversations).map(({ id, title }) => `${id}:${title}`), ...state.summaries.map(({ id, title }) => `${id}:${title}`)].join('\n'),
  );
}

/** A conversation tab's title: the conversation's, once this window knows it. */
export function knownTitle(id: string): string | undefined {
  const { conversations, summaries } = useChatStore.getState();
  return conversations[id]?.title || summaries.find((summary) => summary.id === id)?.title || undefined;
}
