import { create } from 'zustand';
import type { IpcError } from '../../../../src-shared/contract/define.ts';
import type { Answer } from '../../../../src-shared/contract/support.ts';
import { opsdesk } from '../../../data/bridge.ts';

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
  ask(profileId: string, question: string): Promise<boolean>;
  startOver(profileId: string): void;
}

export const emptyConversation: Conversation = { sessionId: null, exchanges: [], asking: false, generation: 0 };

/** The Q&A section's conversation per profile. */
export const useQaStore = create<QaStore>()((set, get) => {
  const update = (profileId: string, change: (conversation: Conversation) => Conversation) =>
    set((state) => ({ conversations: { ...state.conversations, [profileId]: change(state.conversations[profileId] ?? emptyConversation) } }));
  return {
    conversations: {},
    async ask(profileId, question) {
      const before = get().conversations[profileId] ?? emptyConversation;
      if (before.asking) return false;
      update(profileId, (conversation) => ({ ...conversation, asking: true, exchanges: [...conversation.exchanges, { question }] }));
      const result = await opsdesk.support.ask({ profileId, question, ...(before.sessionId !== null && { sessionId: before.sessionId }) });
      if ((get().conversations[profileId] ?? emptyConversation).generation !== before.generation) return false;
      update(profileId, (conversation) => ({
        ...conversation,
        asking: false,
        sessionId: result.ok ? result.data.sessionId : conversation.sessionId,
        exchanges: conversation.exchanges.map((exchange, index) =>
          index === conversation.exchanges.length - 1 ? { ...exchange, ...(result.ok ? { answer: result.data } : { error: result.error }) } : exchange,
        ),
      }));
      return result.ok;
    },
    startOver(profileId) {
      update(profileId, (conversation) => ({ ...emptyConversation, generation: conversation.generation + 1 }));
    },
  };
});
