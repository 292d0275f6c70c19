// Questions and answers (support.md part 4, POST /chat): a question is not a change, so it goes out
// at once with an Idempotency-Key of its own (the API asks one of every POST), not through the outbox.
import { randomUUID } from 'node:crypto';
import type { Answer, AnswerSource, ChatSessionSummary } from '../../../../src-shared/contract/support.ts';
import { readRecords, type Fields } from '../../wire/read.ts';
import type { SupportClients } from '../support-clients.ts';
import { readOne, stringOr } from '../support-wire.ts';

function readSource(fields: Fields): AnswerSource | undefined {
  const id = fields.id('id', 'doc_id', 'faq_id', 'article_id');
  if (id === undefined) return undefined;
  return {
    id,
    source: stringOr(fields, 'source', 'type', 'kind'),
    title: stringOr(fields, 'title', 'question', 'name'),
    score: fields.number('score', 'relevance', 'similarity') ?? null,
  };
}

function readAnswer(fields: Fields, askedSession: string | undefined): Answer | undefined {
  const sessionId = fields.id('session_id', 'sessionId', 'conversation_id', 'session') ?? askedSession;
  const answer = fields.string('answer', 'reply', 'content', 'text', 'message');
  if (sessionId === undefined || answer === undefined) return undefined;
  return {
    sessionId,
    answer,
    sources: readRecords(fields.list('sources', 'references', 'citations') ?? [], readSource).records,
    createdAt: fields.time('created_at', 'createdAt') ?? null,
  };
}

function readSession(fields: Fields): ChatSessionSummary | undefined {
  const id = fields.id('id', 'session_id', 'sessionId');
  if (id === undefined) return undefined;
  return {
    id,
    visitor: stringOr(fields, 'visitor', 'visitor_name', 'customer'),
    startedAt: fields.time('started_at', 'startedAt', 'created_at') ?? null,
    lastMessageAt: fields.time('last_message_at', 'lastMessageAt', 'last_at', 'updated_at') ?? null,
    messageCount: fields.number('message_count', 'messageCount', 'messages') ?? null,
    ticketId: fields.id('ticket_id', 'ticketId') ?? null,
    summary: stringOr(fields, 'summary', 'abstract', 'description'),
  };
}

export class QaService {
  readonly #clients: SupportClients;

  constructor(clients: SupportClients) {
    this.#clients = clients;
  }

  async ask(profileId: string, question: string, sessionId: string | undefined): Promise<Answer> {
    const result = await this.#clients.clientFor(profileId, 'support').call({
      method: 'POST',
      path: '/chat',
      body: { question, ...(sessionId ? { session_id: sessionId } : {}) },
      idempotencyKey: randomUUID(),
    });
    return readOne(result, (fields) => readAnswer(fields, sessionId));
  }

  async session(profileId: string, id: string): Promise<ChatSessionSummary> {
    const result = await this.#clients.clientFor(profileId, 'support').call({ method: 'GET', path: `/chat/sessions/${encodeURIComponent(id)}` });
    return readOne(result, readSession);
  }
}
