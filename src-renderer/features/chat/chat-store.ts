// The chat's window-only state. The conversations, their messages and the list are main's and
// reach the views through the query layer (chat-data.ts).
import { create } from 'zustand';
import type { IpcError } from '../../../src-shared/contract/define.ts';
import type { AnswerDelta, ConversationSummary } from '../../../src-shared/contract/gateway.ts';

/** An answer's text while it streams, built from the batches in their order. */
export interface StreamingText {
  content: string;
  reasoning: string;
  /** The last batch applied; a batch out of order is not applied twice. */
  seq: number;
}

export interface ChatStore {
  /** What the conversation list is searched for. */
  query: string;
  setQuery(query: string): void;
  /** Why the last new conversation or deletion from the list failed. */
  listError: IpcError | null;
  setListError(error: IpcError | null): void;
  /** Why the last action on a conversation failed (reading, saving, sending). */
  actionErrors: Record<string, IpcError | null>;
  setActionError(id: string, error: IpcError | null): void;
  /**
   * The answers streaming to this window, by message id. Main sends their batches to the window that
   * asked and stores the text only when the answer ends, so the text so far is this window's alone.
   */
  streams: Record<string, StreamingText>;
  applyDelta(delta: AnswerDelta): void;
  /** The answer is stored (its message is in the conversation now): its stream goes. */
  answerEnded(messageId: string): void;
  /** When this window learnt that an answer ended (the start of a Retry-After countdown). */
  endedAt: Record<string, number>;
  /** What is typed in each conversation's composer, shared by every composer of it (the list's and its tab's). */
  drafts: Record<string, string>;
  setDraft(id: string, text: string): void;
  /** The conversation the Chat view shows beside its list; null: the newest. */
  openId: string | null;
  open(id: string | null): void;
  /** The titles of the conversations this window has read, by id, for the tabs that show them. */
  titles: Record<string, string>;
  rememberTitles(conversations: readonly { id: string; title: string }[]): void;
  /** A conversation deleted from the list, gone from it at once and deleted in main when the undo time is up. */
  deleting: ConversationSummary | null;
  /** `remove` deletes it in main, once the undo time is up (or another deletion takes its place). */
  removeWithUndo(summary: ConversationSummary, remove: (id: string) => Promise<unknown>): void;
  undoRemove(): void;
}

/** How long Undo is offered after a conversation is deleted from the list. */
export const UNDO_DELETE_MS = 8000;
let pendingDelete: { timer: ReturnType<typeof setTimeout>; remove(): Promise<unknown> } | undefined;

export const useChatStore = create<ChatStore>()((set, get) => ({
  query: '',
  listError: null,
  actionErrors: {},
  streams: {},
  endedAt: {},
  drafts: {},
  openId: null,
  titles: {},
  deleting: null,

  setQuery(query) {
    set({ query });
  },

  setListError(listError) {
    set({ listError });
  },

  setActionError(id, error) {
    if ((get().actionErrors[id] ?? null) === error) return;
    set((state) => ({ actionErrors: { ...state.actionErrors, [id]: error } }));
  },

  applyDelta(delta) {
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
  },

  answerEnded(messageId) {
    set((state) => {
      const { [messageId]: _finished, ...streams } = state.streams;
      return { streams, endedAt: { ...state.endedAt, [messageId]: Date.now() } };
    });
  },

  setDraft(id, text) {
    set((state) => ({ drafts: { ...state.drafts, [id]: text } }));
  },

  open(id) {
    set({ openId: id });
  },

  rememberTitles(conversations) {
    const { titles } = get();
    const changed = conversations.filter(({ id, title }) => titles[id] !== title);
    if (changed.length === 0) return;
    set({ titles: { ...titles, ...Object.fromEntries(changed.map(({ id, title }) => [id, title])) } });
  },

  removeWithUndo(summary, remove) {
    const earlier = pendingDelete;
    if (earlier) {
      clearTimeout(earlier.timer);
      void earlier.remove();
    }
    set((state) => ({ deleting: summary, openId: state.openId === summary.id ? null : state.openId }));
    const removeThis = () => remove(summary.id);
    pendingDelete = {
      remove: removeThis,
      timer: setTimeout(() => {
        pendingDelete = undefined;
        void removeThis().then(() => get().deleting?.id === summary.id && set({ deleting: null }));
      }, UNDO_DELETE_MS),
    };
  },

  undoRemove() {
    clearTimeout(pendingDelete?.timer);
    pendingDelete = undefined;
    set({ deleting: null });
  },
}));

/**
 * Every conversation title this window knows, as one string: a tab bar selecting it re-renders when
 * a title changes (a rename, the first message naming the conversation), and not for each streamed batch.
 */
export function useConversationTitles(): string {
  return useChatStore((state) =>
    Object.entries(state.titles)
      .map(([id, title]) => `${id}:${title}`)
      .join('\n'),
  );
}

/** A conversation tab's title: the conversation's, once this window knows it. */
export function knownTitle(id: string): string | undefined {
  return useChatStore.getState().titles[id] || undefined;
}
