// The model in the support analyst's work: a reply drafted from the knowledge base, a ticket
// thread summarised, a call transcript shortened to a note. Each answer streams as a task under
// the window's id for it (`draftDelta` to that window), `app.cancel` stops it with the text so far
// kept, and nothing is sent to the support site by any of these: the analyst sends what they keep
// through the usual writes (the outbox).
import { z } from 'zod';
import { call, event, taskIdSchema, type IpcError } from './define.ts';
import type { AnswerOutcome, TokenUsage } from './gateway.ts';
import type { KbSearchHit } from './support/knowledge.ts';
import { objectId, profileId } from './support/common.ts';

/** The language a draft was asked in, guessed from the visitor's writing; null: "the language the visitor wrote in". */
export type DraftLanguage = 'zh' | 'ja' | 'ko' | 'ru' | 'ar' | null;

export interface ReplyDraftStarted {
  taskId: string;
  /** The knowledge-base entries the model was given, numbered from 1 in this order: `[n]` in the draft cites the n-th. */
  hits: KbSearchHit[];
  language: DraftLanguage;
  /** The gateway connection and model that write it (Settings → the model at work). */
  gatewayProfileId: string;
  model: string;
}

/** A summary the support site keeps for the ticket's chat session, or one the model is writing (as a task). */
export type TicketSummary =
  | { source: 'session'; sessionId: string; text: string }
  | { source: 'model'; taskId: string; gatewayProfileId: string; model: string };

export interface DraftStarted {
  taskId: string;
  gatewayProfileId: string;
  model: string;
}

/** A batch of a drafted text, about every 16 ms, numbered from 0. */
export interface DraftDelta {
  taskId: string;
  seq: number;
  content: string;
}

/** How a drafted text ended (as a chat answer ends), with all of it that arrived. */
export interface DraftEnded {
  taskId: string;
  outcome: AnswerOutcome;
  content: string;
  error?: IpcError;
  usage?: TokenUsage;
}

const ticketRef = z.object({ profileId, ticketId: objectId, taskId: taskIdSchema });

export const drafting = {
  calls: {
    /**
     * Searches the knowledge base (and the FAQ) with the ticket's subject and latest visitor
     * messages, then starts the model's reply grounded in the hits; answers with the hits at once.
     */
    draftReply: call<ReplyDraftStarted>()(ticketRef),
    /** The ticket's chat-session summary from the support site when it has one; otherwise the model's, streamed. */
    summariseTicket: call<TicketSummary>()(ticketRef),
    /** The model shortens a call's transcript to a call note, in the transcript's language. */
    shortenCallNote: call<DraftStarted>()(z.object({ text: z.string().trim().min(1).max(100_000), taskId: taskIdSchema })),
  },
  events: {
    draftDelta: event<DraftDelta>(),
    draftEnded: event<DraftEnded>(),
  },
};
