// What is asked of the server each time: knowledge base and FAQ, Q&A, analytics, chat logs.
import { z } from 'zod';
import { call } from '../define.ts';
import type { OutboxEntry } from '../outbox.ts';
import type { CursorPage } from '../pages.ts';
import { body, cursorWindow, objectId, profileId, searchText, withProfile } from './common.ts';

export interface KbSearchHit {
  id: string;
  /** faq, article, or what the server sent. */
  source: string | null;
  title: string | null;
  snippet: string | null;
  /** The server's relevance score; null when it sent none. */
  score: number | null;
  /** A drafted reply's grounding: found by the server's word search, by meaning in the local index, or both. */
  matched?: 'words' | 'meaning' | 'both';
}

export interface KbSearchResult {
  query: string;
  items: KbSearchHit[];
}

export interface Faq {
  id: string;
  question: string | null;
  answer: string | null;
  tags: string[];
  createdAt: string | null;
  updatedAt: string | null;
}

export const addFaqSchema = z.object({
  profileId,
  /** Absent: the server picks one. A taken id fails as `conflict` with `params.suggestedId` (a free id). */
  id: z.string().trim().regex(/^[A-Za-z0-9_.-]{1,64}$/, 'faq_id_format').optional(),
  question: body(500),
  answer: body(10_000),
  tags: z.array(z.string().trim().min(1).max(50)).max(20).optional(),
});

export interface AnswerSource {
  id: string;
  source: string | null;
  title: string | null;
  score: number | null;
}

export interface Answer {
  sessionId: string;
  answer: string;
  sources: AnswerSource[];
  createdAt: string | null;
}

export interface ChatSessionSummary {
  id: string;
  visitor: string | null;
  startedAt: string | null;
  lastMessageAt: string | null;
  messageCount: number | null;
  ticketId: string | null;
  summary: string | null;
}

export interface AnalyticsSection {
  /** tickets, contacts, work, chats, faq… as the server groups them. */
  name: string;
  total: number | null;
  /** Count per status, in the server's order. */
  byStatus: { status: string; count: number }[];
  /** Other numbers of the group (sessions, messages…). */
  figures: { name: string; value: number }[];
}

export interface AnalyticsOverview {
  generatedAt: string | null;
  sections: AnalyticsSection[];
}

export interface ChatLogEntry {
  id: string;
  sessionId: string | null;
  /** visitor, robot… as the server says. */
  role: string | null;
  text: string;
  createdAt: string | null;
}

export const knowledgeCalls = {
    kbSearch: call<KbSearchResult>()(withProfile.extend({ q: body(500), topK: z.int().min(1).max(50).default(5) })),
    faqList: call<CursorPage<Faq>>()(withProfile.extend({ q: searchText.optional(), ...cursorWindow })),
    addFaq: call<OutboxEntry>()(addFaqSchema),

    /** A question, not a change: sent at once (not through the outbox) with its own Idempotency-Key. */
    ask: call<Answer>()(withProfile.extend({ question: body(4000), sessionId: objectId.optional() })),
    session: call<ChatSessionSummary>()(withProfile.extend({ id: objectId })),

    analytics: call<AnalyticsOverview>()(withProfile),
    /** Chat log lines, newest first; `sessionId` keeps one session's. */
    chatLogs: call<CursorPage<ChatLogEntry>>()(withProfile.extend({ sessionId: objectId.optional(), ...cursorWindow })),
};
