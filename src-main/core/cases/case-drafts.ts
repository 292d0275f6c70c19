// The model in the case (issue 46): "Summarise this case" and "Draft the customer update", written
// by the model at work from the case's timeline (case-prompts.ts) and run as the support desk's
// drafts run (DraftingService.run: the gateway's rate budget, the call log, the answer deadline,
// Stop, the redaction of what goes and of what comes back). A proposal only: the window shows it,
// and the analyst copies it, keeps it as a note or puts it in a ticket's reply box; nothing here
// writes a note, a reply or anything else.
import type { PromptField } from '../../../src-shared/contract/assistant.ts';
import type { CaseDraftKind, CaseDraftStarted, TimelineEvent } from '../../../src-shared/contract/cases.ts';
import { createTranslator } from '../../../src-shared/i18n/translator.ts';
import type { Translator } from '../../../src-shared/i18n/translator.ts';
import type { DraftingService } from '../drafting/drafting-service.ts';
import type { ThreadForPrompt } from '../drafting/draft-prompts.ts';
import { UserFacingError } from '../user-facing-error.ts';
import { casePrompt } from './case-prompts.ts';
import { eventWhat } from './case-words.ts';
import type { CaseService } from './case-service.ts';
import type { CaseSources, TicketFacts } from './case-sources.ts';

export interface CaseDraftsOptions {
  cases: CaseService;
  sources: CaseSources;
  drafting: Pick<DraftingService, 'run'>;
  /** Whether Settings lets a prompt carry an alert's field. */
  sends(field: PromptField): boolean;
  /** The window's language of the moment: a summary is written in it. */
  translator: () => Translator;
}

/** The model reads the case in English, whatever the window's language. */
const english = createTranslator('en');

const whatOf = (event: TimelineEvent) => eventWhat(english.t, event);

const threadOf = (ticket: TicketFacts): ThreadForPrompt => ({ subject: ticket.subject, visitorName: ticket.visitorName, visitorEmail: null, messages: ticket.messages });

/** The ticket heard from last: the one a customer waits on. */
const lastHeard = (ticket: TicketFacts) => ticket.messages.reduce((latest, message) => (message.createdAt && message.createdAt > latest ? message.createdAt : latest), ticket.createdAt ?? '');

export class CaseDrafts {
  readonly #options: CaseDraftsOptions;

  constructor(options: CaseDraftsOptions) {
    this.#options = options;
  }

  draft(caseId: string, kind: CaseDraftKind, taskId: string, ticketAsked: { profileId: string; ticketId: string } | undefined, windowId?: number): CaseDraftStarted {
    const { cases, sources, drafting, sends } = this.#options;
    const detail = cases.get(caseId);
    const ticketItems = cases.allItems(caseId).filter((item) => item.kind === 'ticket');
    const tickets = sources.tickets(ticketItems);
    const byKey = [...tickets].map(([key, facts]) => ({ profileId: key.slice(0, key.indexOf(':')), facts }));
    if (ticketAsked && !byKey.some((found) => found.profileId === ticketAsked.profileId && found.facts.id === ticketAsked.ticketId)) {
      throw new UserFacingError({ code: 'not_found', params: { context: 'ticket_not_in_case' } });
    }
    const chosen =
      kind === 'customerUpdate'
        ? (ticketAsked ? byKey.find((found) => found.profileId === ticketAsked.profileId && found.facts.id === ticketAsked.ticketId) : byKey.sort((a, b) => lastHeard(b.facts).localeCompare(lastHeard(a.facts)))[0])
        : undefined;
    const visitorNames = [...tickets.values()].flatMap((ticket) => [ticket.visitorName, ...ticket.messages.filter((message) => message.from === 'visitor').map((message) => message.author)]).filter((name): name is string => !!name);
    const language = this.#options.translator().language === 'zh-CN' ? 'zh-CN' : 'en';
    const started = drafting.run(
      (context) =>
        casePrompt({ kind, detail, events: cases.wholeTimeline(caseId), sends, context, whatOf, ticket: chosen ? threadOf(chosen.facts) : null, visitorNames, analystLanguage: language }),
      taskId,
      windowId,
      { action: kind === 'summary' ? 'summariseCase' : 'draftCaseUpdate', target: { kind: 'case', id: caseId, label: detail.title } },
    );
    return { ...started, ticket: chosen ? { profileId: chosen.profileId, ticketId: chosen.facts.id, subject: chosen.facts.subject } : null };
  }
}
