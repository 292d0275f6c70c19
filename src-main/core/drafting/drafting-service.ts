// The model in the support analyst's work (issue 26): a reply drafted from the knowledge base, a
// ticket thread summarised, a call transcript shortened to a note. Every model call runs as chat's
// do (`runAnswer`: the gateway profile's rate budget, the call log, token usage) under the window's
// task id, so Stop is `app.cancel`; what arrived stays with the window. Nothing here writes to the
// support site: the analyst sends what they keep through the outbox.
import type { ActivityTarget } from '../../../src-shared/contract/activity.ts';
import type { DraftEnded, DraftDelta, DraftStarted, ReplyDraftStarted, TicketSummary } from '../../../src-shared/contract/drafting.ts';
import type { CursorPage } from '../../../src-shared/contract/pages.ts';
import type { ChatSessionSummary, ContactDetail, Faq, KbSearchHit, KbSearchResult, TicketDetail } from '../../../src-shared/contract/support.ts';
import type { ActivityRecorder } from '../activity/activity-recorder.ts';
import { runAnswer, type AnswerRunLog } from '../gateway/chat/answer-run.ts';
import type { AnswerRequest } from '../gateway/chat/answer-stream.ts';
import type { CallLogRepository } from '../gateway/chat/call-log-repository.ts';
import type { GatewayClient } from '../gateway/client.ts';
import type { Clock } from '../lifecycle/clock.ts';
import { Emitter } from '../lifecycle/emitter.ts';
import type { Tasks } from '../lifecycle/tasks.ts';
import type { Logger } from '../log/logger.ts';
import { redactStrings } from '../log/redactor.ts';
import { fuseRanks } from '../meaning/rank-fusion.ts';
import { UserFacingError } from '../user-facing-error.ts';
import { maskContactDetails, phoneRegionOf, workstationRegion, type ContactMask } from './contact-mask.ts';
import { callNotePrompt, kbQueryOf, replyDraftPrompt, threadSummaryPrompt, type PromptContext, type PromptFields } from './draft-prompts.ts';

/** The gateway connection and model the analyst's features use, and which fields may go to it. */
export interface ModelAtWork {
  profileId: string;
  model: string;
  fields: PromptFields;
}

export interface DraftingServiceOptions {
  clients: { clientFor(profileId: string, service: 'gateway'): GatewayClient };
  tickets: { detail(profileId: string, ticketId: string, fresh: boolean): Promise<TicketDetail> };
  kb: {
    search(profileId: string, q: string, topK: number): Promise<KbSearchResult>;
    faqList(profileId: string, request: { q?: string; limit: number }): Promise<CursorPage<Faq>>;
  };
  sessions: { session(profileId: string, id: string): Promise<ChatSessionSummary> };
  /** The ticket's contact, for the country its phone numbers are written in. */
  contacts: { detail(profileId: string, contactId: string, fresh: boolean): Promise<ContactDetail> };
  /** Settings → the model at work (`AssistantSettingsService`) with the visitor fields it lets go; null when none is set. */
  modelAtWork(): ModelAtWork | null;
  calls: CallLogRepository;
  clock: Clock;
  tasks: Tasks;
  logger: Logger;
  /** Each request records what it sent the model about (a ticket, a call note), as chat's questions do. */
  activity?: ActivityRecorder | undefined;
  /** The knowledge-base and FAQ entries nearest the question in meaning (core/meaning/); absent: the server's word search alone. */
  meaning?: { answersNear(profileId: string, question: string, k: number): Promise<KbSearchHit[]> } | undefined;
}

/** How many knowledge-base hits a draft is grounded in, and FAQ entries added when the search found none. */
export const DRAFT_HITS = { search: 5, faq: 3 } as const;

/** Where a ticket names its chat session (the document names no field; a session names its ticket). */
const SESSION_FIELDS = ['session_id', 'chat_session_id', 'sessionId', 'chatSessionId', 'conversation_id'];

export class DraftingService {
  readonly #options: DraftingServiceOptions;
  readonly #answerLog: AnswerRunLog;
  readonly #delta = new Emitter<DraftDelta>();
  readonly #ended = new Emitter<DraftEnded>();
  readonly onDraftDelta = this.#delta.event;
  readonly onDraftEnded = this.#ended.event;

  constructor(options: DraftingServiceOptions) {
    this.#options = options;
    this.#answerLog = { calls: options.calls, clock: options.clock, redact: options.logger.redact };
  }

  async draftReply(profileId: string, ticketId: string, taskId: string, windowId?: number): Promise<ReplyDraftStarted> {
    const atWork = this.#modelAtWork();
    const ticket = await this.#options.tickets.detail(profileId, ticketId, true);
    const hits = await this.#hitsFor(profileId, ticket, atWork);
    const { request, language } = replyDraftPrompt(ticket, hits, this.#promptContext(atWork, await this.#phoneRegionOf(profileId, ticket)));
    this.#start(atWork, request, taskId, windowId, { profileId, action: 'draftReply', target: { kind: 'ticket', id: ticketId } });
    return { taskId, hits, language, gatewayProfileId: atWork.profileId, model: atWork.model };
  }

  async summariseTicket(profileId: string, ticketId: string, taskId: string, windowId?: number): Promise<TicketSummary> {
    const ticket = await this.#options.tickets.detail(profileId, ticketId, true);
    const sessionId = chatSessionOf(ticket);
    if (sessionId) {
      const kept = await this.#options.sessions.session(profileId, sessionId).catch((error: unknown) => {
        this.#options.logger.info('the ticket’s chat session summary could not be read; the model summarises it', { error });
        return undefined;
      });
      if (kept?.summary?.trim()) return { source: 'session', sessionId, text: kept.summary };
    }
    const atWork = this.#modelAtWork();
    this.#start(atWork, threadSummaryPrompt(ticket, this.#promptContext(atWork, await this.#phoneRegionOf(profileId, ticket))).request, taskId, windowId, { profileId, action: 'summariseTicket', target: { kind: 'ticket', id: ticketId } });
    return { source: 'model', taskId, gatewayProfileId: atWork.profileId, model: atWork.model };
  }

  shortenCallNote(text: string, taskId: string, windowId?: number): DraftStarted {
    const atWork = this.#modelAtWork();
    this.#start(atWork, callNotePrompt(text, this.#promptContext(atWork, workstationRegion())).request, taskId, windowId, { profileId: atWork.profileId, action: 'shortenCallNote', target: { kind: 'transcription' } });
    return { taskId, gatewayProfileId: atWork.profileId, model: atWork.model };
  }

  /**
   * A prompt another feature builds from its own records (a case's timeline), with the visitor
   * fields allowed and the key redaction, run as these drafts run: its text streams as
   * `draftDelta` under `taskId`, its end is `draftEnded`, and `about` is its activity entry.
   */
  run<T extends { request: Pick<AnswerRequest, 'systemPrompt' | 'messages'> }>(
    build: (context: PromptContext) => T,
    taskId: string,
    windowId: number | undefined,
    about: { action: string; target: ActivityTarget; profileId?: string | undefined },
  ): Omit<T, 'request'> & DraftStarted {
    const atWork = this.#modelAtWork();
    const { request, ...built } = build(this.#promptContext(atWork, workstationRegion()));
    this.#start(atWork, request, taskId, windowId, { profileId: about.profileId ?? atWork.profileId, action: about.action, target: about.target });
    return { ...built, taskId, gatewayProfileId: atWork.profileId, model: atWork.model };
  }

  dispose(): void {
    this.#delta.dispose();
    this.#ended.dispose();
  }

  #modelAtWork(): ModelAtWork {
    const atWork = this.#options.modelAtWork();
    if (!atWork) throw new UserFacingError({ code: 'invalid_settings', params: { context: 'no_model_at_work' } });
    return atWork;
  }

  #promptContext(atWork: ModelAtWork, phoneRegion: ContactMask['phoneRegion']) {
    return { fields: atWork.fields, phoneRegion, redact: (text: string) => this.#options.logger.redact(text) };
  }

  /** A visitor's words as the gateway may see them: the contact details the settings keep home masked (the key redaction follows in the embedding call). */
  #forGateway(text: string, atWork: ModelAtWork): string {
    return maskContactDetails(text, { email: !atWork.fields.visitorEmail, phone: !atWork.fields.visitorPhone, phoneRegion: workstationRegion() });
  }

  /** The country the ticket or its contact names, else the workstation's: a visitor writes their own numbers as dialled at home. */
  async #phoneRegionOf(profileId: string, ticket: TicketDetail): Promise<ContactMask['phoneRegion']> {
    const named = phoneRegionOf(ticket.otherFields);
    if (named || !ticket.contactId) return named ?? workstationRegion();
    const contact = await this.#options.contacts.detail(profileId, ticket.contactId, false).catch((error: unknown) => {
      this.#options.logger.info('the ticket’s contact could not be read; its phone numbers are read in the workstation’s region', { error });
      return undefined;
    });
    return (contact && phoneRegionOf(contact.otherFields)) ?? workstationRegion();
  }

  /** The search's hits; when it found no FAQ entry (a server whose search covers articles only), FAQ entries matching the subject too. */
  async #hitsFor(profileId: string, ticket: TicketDetail, atWork: ModelAtWork): Promise<KbSearchHit[]> {
    const query = kbQueryOf(ticket);
    const byWords = query ? (await this.#options.kb.search(profileId, query, DRAFT_HITS.search)).items : [];
    // The same question by meaning: an entry phrased otherwise than the visitor wrote it is found too.
    const byMeaning = query && this.#options.meaning
      ? await this.#options.meaning.answersNear(profileId, this.#forGateway(query, atWork), DRAFT_HITS.search).catch((error: unknown) => {
          this.#options.logger.info('the knowledge base could not be searched by meaning; the draft is grounded in the word search', { error });
          return [];
        })
      : [];
    const found = fuseRanks(byWords, byMeaning, (hit) => hit.id).slice(0, DRAFT_HITS.search).map(({ item, matched }) => ({ ...item, matched }));
    const subject = ticket.subject?.trim().slice(0, 200);
    if (!subject || found.some((hit) => hit.source === 'faq')) return found;
    const faq = await this.#options.kb.faqList(profileId, { q: subject, limit: DRAFT_HITS.faq });
    const extra = faq.items.filter((entry) => !found.some((hit) => hit.id === entry.id)).map(faqAsHit);
    return [...found, ...extra];
  }

  /**
   * `about`: the activity row, under the ticket's support profile so its link opens the ticket (the
   * model's name goes with the action); a call note has no item yet and stays under the gateway's.
   */
  #start(atWork: ModelAtWork, prompt: Pick<AnswerRequest, 'systemPrompt' | 'messages'>, taskId: string, windowId: number | undefined, about: { profileId: string; action: string; target: ActivityTarget }): void {
    const client = this.#options.clients.clientFor(atWork.profileId, 'gateway');
    const request: AnswerRequest = { ...prompt, model: atWork.model, parameters: {}, endpoint: 'chat', stream: true };
    void this.#options.tasks
      .run(taskId, windowId, (signal) => runAnswer(this.#answerLog, client, atWork.profileId, request, 'task', signal, ({ seq, content }) => this.#delta.fire({ taskId, seq, content })))
      .then((result) => {
        const draft = { profileId: about.profileId, backEnd: 'gateway' as const, action: { code: about.action, params: { model: atWork.model } }, target: about.target };
        this.#options.activity?.record(draft, result.error ? { outcome: 'failed', errorCode: result.error.code, requestId: result.error.requestId } : { outcome: 'sent' });
        // A key the gateway echoed back is masked before the window sees it.
        const { content, outcome, error, usage } = redactStrings(result, (text) => this.#options.logger.redact(text));
        this.#ended.fire({ taskId, outcome, content, ...(error && { error }), ...(usage && { usage }) });
      });
  }
}

function faqAsHit(entry: Faq): KbSearchHit {
  return { id: entry.id, source: 'faq', title: entry.question, snippet: entry.answer, score: null };
}

function chatSessionOf(ticket: TicketDetail): string | undefined {
  const field = ticket.otherFields.find((candidate) => SESSION_FIELDS.includes(candidate.name));
  const value = field?.value.trim();
  return value ? value : undefined;
}
