import { create } from 'zustand';
import type { IpcError, IpcResult } from '../../../../src-shared/contract/define.ts';
import type { Answer } from '../../../../src-shared/contract/support.ts';

export interface Exchange {
  question: string;
  answer?: Answer;
  error?: IpcError;
}

export interface Conversation {
  /** The server's session once it answered; null: the next question starts one. */
  sessionId: string | null;
  exchanges: Exchange[];
  asking: boolean;
  /** Counts new sessions, so an answer to a question of an abandoned session is dropped. */
  generation: number;
}

interface QaStore {
  /** By profile id: kept while the window lives, so leaving the section does not lose the session. */
  conversations: Record<string, Conversation>;
  /** A question goes out: the session it is asked in and the conversation's generation, or null while another is under way. */
  asked(profileId: string, question: string): { sessionId: string | null; generation: number } | null;
  /** Main's answer to the last question, or its refusal; false (and dropped) when the conversation started over meanwhile. */
  answered(profileId: string, generation: number, result: IpcResult<Answer>): boolean;
  startOver(profileId: string): void;
}

export const emptyConversation: Conversation = { sessionId: null, exchanges: [], asking: false, generation: 0 };

/** The Q&A section's conversation per profile. */
export const useQaStore = create<QaStore>()((set, get) => {
  const conversationOf = (profileId: string) => get().conversations[profileId] ?? emptyConversation;
  const update = (profileId: string, change: (conversation: Conversation) => Conversation) =>
    set((state) => ({ conversations: { ...state.conversations, [profileId]: change(state.conversations[profileId] ?? emptyConversation) } }));
  return {
    conversations: {},
    asked(profileId, question) {
      const before = conversationOf(profileId);
      if (before.asking) return null;
      update(profileId, (conversation) => ({ ...conversation, asking: true, exchanges: [...conversation.exchanges, { question }] }));
      return { sessionId: before.sessionId, generation: before.generation };
    },
    answered(profileId, generation, result) {
      if (conversationOf(profileId).generation !== generation) return false;
      update(profileId, (conversation) => ({
        ...conversation,
        asking: false,
        sessionId: result.ok ? result.data.sessionId : conversation.sessionId,
        exchanges: conversation.exchanges.map((exchange, index) =>
          index === conversation.exchanges.length - 1 ? { ...exchange, ...(result.ok ? { answer: result.data } : { error: result.error }) } : exchange,
        ),
      }));
      return true;
    },
    startOver(profileId) {
      update(profileId, (conversation) => ({ ...emptyConversation, generation: conversation.generation + 1 }));
    },
  };
});
