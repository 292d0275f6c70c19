// Cases (issue 46): one incident's alerts, addresses, tickets, contacts, work items,
// conversations, blocks and allow entries, with one timeline of everything that happened to them
// and was done about them. Kept in main's SQLite; every read answers offline.
import { z } from 'zod';
import type { ActivityAction, ActivityBackEnd, ActivityOutcome } from './activity.ts';
import { addressSchema } from './address.ts';
import { call, event, taskIdSchema } from './define.ts';
import { caseItemKinds, caseSeverities, caseStatuses, hashTypes, MAX_CASE_ITEMS_PER_CALL, observableKinds, timelineEventKinds } from '../case-constants.ts';
import type { DraftLanguage } from './drafting.ts';
import { alertFilterSchema, type BlockCaution } from './firewall.ts';
import type { CachedPage } from './pages.ts';
import type { NavigationTarget } from './workspace.ts';

export { caseItemKinds, caseSeverities, caseStatuses, hashTypes, MAX_CASE_ITEMS_PER_CALL, observableKinds, timelineEventKinds };
export type CaseStatus = (typeof caseStatuses)[number];
/** Still being worked: the ones an "Add to case" offers first. */
export const activeCaseStatuses: readonly CaseStatus[] = ['open', 'inProgress'];

export type CaseSeverity = (typeof caseSeverities)[number];

export type CaseItemKind = (typeof caseItemKinds)[number];


const caseId = z.string().min(1).max(64);
const profileId = z.string().min(1).max(64);
const itemId = z.string().min(1).max(200);
const tag = z.string().trim().min(1).max(40);

/** One item as a case names it: its kind, its connection (null for an address or a conversation) and its id (an address for an address). */
export const caseItemRefSchema = z.object({
  kind: z.enum(caseItemKinds),
  profileId: profileId.nullable().default(null),
  itemId,
});
export type CaseItemRef = z.output<typeof caseItemRefSchema>;

/** An item to add: `label` is the caller's name for it, used only when main's cache does not know the item. */
const addedItemSchema = caseItemRefSchema.extend({ label: z.string().max(300).optional() });

export interface CaseSummary {
  id: string;
  /** Shown as #12; numbered on this workstation. */
  number: number;
  title: string;
  status: CaseStatus;
  severity: CaseSeverity;
  tags: string[];
  /** The OS account that made it; null when the OS would not say. */
  owner: string | null;
  createdAt: string;
  updatedAt: string;
  itemCount: number;
  /** The case this one was merged into. */
  mergedInto: { id: string; number: number; title: string } | null;
}

export interface CaseDetail extends CaseSummary {
  /** How many items of each kind it holds. */
  itemCounts: Partial<Record<CaseItemKind, number>>;
}

/** An item of a case, as it was when it was added (its label, address and time) and whether the cache still holds it. */
export interface CaseItem extends CaseItemRef {
  label: string | null;
  address: string | null;
  occurredAt: string | null;
  /** What else an alert's event shows, kept with it: its severity, destination and message. */
  facts?: { severity?: string | null; dstIp?: string | null; message?: string | null } | null;
  addedAt: string;
  addedBy: string | null;
  /** The tab that shows it. */
  target: NavigationTarget | null;
}

export type TimelineEventKind = (typeof timelineEventKinds)[number];

/** What an event says happened, worded by the window (`cases.timeline.what.<code>`). */
export const timelineWhats = [
  'alertRaised',
  'ticketOpened',
  'ticketMessage',
  'ticketClosed',
  'contactAdded',
  'workOpened',
  'followUp',
  'turnAsked',
  'turnAnswered',
  'proposed',
  'approved',
  'dismissed',
  'blockListed',
  'write',
  'note',
] as const;
export type TimelineWhat = (typeof timelineWhats)[number];

export interface TimelineWrite {
  backEnd: ActivityBackEnd;
  action: ActivityAction;
  outcome: ActivityOutcome;
  requestId: string | null;
  errorCode: string | null;
  profileName: string | null;
  /** A model proposed it, in this conversation. */
  proposedBy: string | null;
}

/** One event of a case's timeline; its texts may be a server's or a model's, shown as text. */
export interface TimelineEvent {
  /** Stable across reads, restarts and workstations (`alert:<profile>:<id>`, `note:<id>`). */
  id: string;
  kind: TimelineEventKind;
  what: TimelineWhat;
  /** When it happened, as its source says. */
  at: string;
  /** When OpsDesk learned of it, where that is known and differs (a write the appliance took later). */
  learnedAt: string | null;
  /** The case's item it comes from. */
  item: CaseItemRef | null;
  itemLabel: string | null;
  /** Who: the visitor, an agent, the model, the OS user. */
  actor: string | null;
  /** One line. */
  summary: string;
  /** The whole text where there is more than the line (a message, a note's Markdown). */
  text: string | null;
  /** Addresses it names (an alert's source and destination, a block's address). */
  addresses: string[];
  severity: string | null;
  write: TimelineWrite | null;
  /** A model's proposal (`proposed`), or the analyst's decision on one (`approved`, `dismissed`). */
  proposal: { action: string; address: string | null; assessment: string | null } | null;
  /** Notes on this event. */
  notes: number;
  /** The tab that shows where it comes from. */
  target: NavigationTarget | null;
}

export const timelineFilterSchema = z.object({
  kinds: z.array(z.enum(timelineEventKinds)).max(timelineEventKinds.length).optional(),
  address: addressSchema.optional(),
  text: z.string().max(200).optional(),
});
export type TimelineFilter = z.input<typeof timelineFilterSchema>;

export interface TimelinePage extends CachedPage<TimelineEvent> {
  /** Events of each kind in the whole timeline, unfiltered. */
  kindCounts: Partial<Record<TimelineEventKind, number>>;
  /** The addresses the timeline names, most named first (at most 100), for the address filter. */
  addresses: { address: string; events: number }[];
}

export const caseSorts = ['updatedAt', 'createdAt', 'number', 'title', 'severity', 'status', 'items'] as const;
export type CaseSortField = (typeof caseSorts)[number];

export const caseFilterSchema = z.object({
  statuses: z.array(z.enum(caseStatuses)).max(caseStatuses.length).optional(),
  severities: z.array(z.enum(caseSeverities)).max(caseSeverities.length).optional(),
  tag: tag.optional(),
  /** Words in the title, the tags, the owner or the number. */
  text: z.string().max(200).optional(),
});
export type CaseFilter = z.input<typeof caseFilterSchema>;

const caseFields = {
  title: z.string().trim().min(1).max(200),
  severity: z.enum(caseSeverities),
  tags: z.array(tag).max(30),
  status: z.enum(caseStatuses),
};

/** The alerts of one appliance: named, or every one the alerts view's filter matches. */
const alertsChosenSchema = z.union([
  z.object({ profileId, alertIds: z.array(itemId).min(1).max(MAX_CASE_ITEMS_PER_CALL) }),
  z.object({ profileId, filter: alertFilterSchema }),
]);
export type AlertsChosenForCase = z.input<typeof alertsChosenSchema>;

/** What one export holds: the case, its items and notes, and its timeline as this workstation read it; a hash of the timeline to compare. */
export interface CaseExport {
  format: 'opsdesk-case';
  version: 1;
  exportedAt: string;
  case: Omit<CaseSummary, 'itemCount' | 'mergedInto' | 'number'> & { number: number };
  items: CaseItem[];
  notes: CaseNote[];
  timeline: TimelineEvent[];
  /** SHA-256 of the timeline's canonical JSON: the same after an import on another workstation. */
  timelineHash: string;
  /** The hand-over brief, Markdown. */
  brief: string;
}

export interface CaseNote {
  id: string;
  /** The timeline event it is about; null for a note on the case. */
  eventId: string | null;
  /** Markdown, rendered as the chat renders answers. */
  body: string;
  author: string | null;
  createdAt: string;
  updatedAt: string;
}

export type ObservableKind = (typeof observableKinds)[number];
export type HashType = (typeof hashTypes)[number];

/** One event of the timeline that names an observable. */
export interface ObservableSighting {
  eventId: string;
  kind: TimelineEventKind;
  what: TimelineWhat;
  at: string;
  itemLabel: string | null;
  summary: string;
  target: NavigationTarget | null;
}

/** An address's standing as the firewall caches hold it. */
export interface AddressStanding {
  /** A cached block list holds it. */
  blocked: boolean;
  /** An allow list the window was shown holds it. */
  allowed: boolean;
  /** Cached alerts naming it as source or destination, on every appliance. */
  alerts: number;
  /** The source of one of the case's alerts: "Block all sources" takes it. */
  source: boolean;
  /** What blocking it would be (block-cautions.ts): never, only after asking again, or noted. */
  cautions: BlockCaution[];
}

/** An address, domain or file hash the case's items name, with where they name it. */
export interface CaseObservable {
  kind: ObservableKind;
  /** An address as the recogniser writes it, a domain in lower case, a hash in lower-case hex. */
  value: string;
  hashType: HashType | null;
  /** Timeline events that name it. */
  events: number;
  firstAt: string | null;
  lastAt: string | null;
  /** The newest of those events (at most 20). */
  seenIn: ObservableSighting[];
  /** For an address; null for a domain or a hash. */
  standing: AddressStanding | null;
}

export interface CaseObservables {
  /** Most named first. */
  rows: CaseObservable[];
  /** How many of each kind the whole case names. */
  counts: Partial<Record<ObservableKind, number>>;
  /** How many match the request (the rows are the first of them). */
  total: number;
}

/** What the model at work writes from a case: a summary for the analyst, or the update the customer is sent. */
export const caseDraftKinds = ['summary', 'customerUpdate'] as const;
export type CaseDraftKind = (typeof caseDraftKinds)[number];

/** A case's draft started; its text streams as `drafting.draftDelta` and ends as `drafting.draftEnded` under `taskId`. */
export interface CaseDraftStarted {
  taskId: string;
  gatewayProfileId: string;
  model: string;
  /** Events of the timeline the model was given, and those left out for length (the oldest). */
  events: number;
  leftOut: number;
  /** The ticket a customer update is written for (its reply box takes it), else null. */
  ticket: { profileId: string; ticketId: string; subject: string | null } | null;
  language: DraftLanguage;
}

/** The cases list or a case changed (`cases`), or something one of their timelines reads did (`timeline`): views showing them ask again. */
export interface CasesChanged {
  resource: 'cases' | 'timeline';
  /** The cases concerned; null: any. */
  caseIds: string[] | null;
}

export const cases = {
  calls: {
    /** The cases, filtered and sorted (main's own store). */
    list: call<CachedPage<CaseSummary>>()(
      z.object({
        filter: caseFilterSchema.default({}),
        sort: z.object({ field: z.enum(caseSorts), direction: z.enum(['asc', 'desc']) }).default({ field: 'updatedAt', direction: 'desc' }),
        offset: z.int().min(0).default(0),
        limit: z.int().min(1).max(500).default(100),
      }),
    ),
    get: call<CaseDetail>()(z.object({ caseId })),
    /** The tags every case uses, most used first, for the filter and the tag field. */
    tags: call<string[]>()(z.undefined()),
    /** A new case; with `items` or `alerts`, holding them at once ("New case from 37 alerts"). */
    create: call<CaseDetail>()(
      z.object({
        title: caseFields.title,
        severity: caseFields.severity.default('medium'),
        tags: caseFields.tags.default([]),
        items: z.array(addedItemSchema).max(MAX_CASE_ITEMS_PER_CALL).default([]),
        alerts: alertsChosenSchema.optional(),
      }),
    ),
    update: call<CaseDetail>()(z.object({ caseId, title: caseFields.title.optional(), severity: caseFields.severity.optional(), tags: caseFields.tags.optional(), status: caseFields.status.optional() })),
    /** Adds items; an item already there stays as it was. Answers how many were new. */
    addItems: call<{ added: number }>()(z.object({ caseId, items: z.array(addedItemSchema).min(1).max(MAX_CASE_ITEMS_PER_CALL) })),
    addAlerts: call<{ added: number }>()(z.object({ caseId, alerts: alertsChosenSchema })),
    /** Takes items out of a case, into another one when `toCaseId` is given. */
    moveItems: call<{ moved: number }>()(z.object({ caseId, items: z.array(caseItemRefSchema).min(1).max(MAX_CASE_ITEMS_PER_CALL), toCaseId: caseId.optional() })),
    /** Moves every item and note of `caseId` into `intoCaseId`; `caseId` is closed, pointing at it. */
    merge: call<CaseDetail>()(z.object({ caseId, intoCaseId: caseId })),
    /** A page of a case's items, of one kind or all, newest added first. */
    items: call<CachedPage<CaseItem>>()(z.object({ caseId, kind: z.enum(caseItemKinds).optional(), offset: z.int().min(0).default(0), limit: z.int().min(1).max(500).default(100) })),
    /**
     * The case's alerts as "Block all sources" takes them: per appliance, one alert for each distinct
     * source address (the bulk block's preview then lists each address once).
     */
    alertSources: call<{ profileId: string; alertIds: string[]; sources: number }[]>()(z.object({ caseId })),
    /** The cases an item is in, newest first. */
    ofItem: call<CaseSummary[]>()(caseItemRefSchema),
    timeline: call<TimelinePage>()(
      z.object({
        caseId,
        filter: timelineFilterSchema.default({}),
        order: z.enum(['newest', 'oldest']).default('newest'),
        offset: z.int().min(0).default(0),
        limit: z.int().min(1).max(500).default(100),
      }),
    ),
    notes: call<CaseNote[]>()(z.object({ caseId, eventId: z.string().max(400).optional() })),
    addNote: call<CaseNote>()(z.object({ caseId, body: z.string().trim().min(1).max(20_000), eventId: z.string().min(1).max(400).optional() })),
    updateNote: call<CaseNote>()(z.object({ noteId: z.string().min(1).max(64), body: z.string().trim().min(1).max(20_000) })),
    deleteNote: call<null>()(z.object({ noteId: z.string().min(1).max(64) })),
    /** The hand-over brief, Markdown: what happened, what was done, what is open, the addresses. */
    brief: call<string>()(z.object({ caseId })),
    /** Writes the whole case as one JSON file where the user picks. */
    exportFile: call<{ path: string | null; events: number; timelineHash: string }>()(z.object({ caseId })),
    /** Writes the timeline, newest first, as a PDF where the user picks (Chromium's own printing). */
    exportPdf: call<{ path: string | null; events: number }>()(z.object({ caseId, order: z.enum(['newest', 'oldest']).default('oldest') })),
    /** The addresses, domains and hashes the case's items name, each with its standing and where it is named. */
    observables: call<CaseObservables>()(
      z.object({ caseId, kind: z.enum(observableKinds).optional(), text: z.string().max(200).optional(), limit: z.int().min(1).max(2000).default(500) }),
    ),
    /**
     * The model at work writes from the case's timeline (the fields the privacy settings allow,
     * every key redacted): a summary, or the customer's update for `ticket` (the case's newest
     * ticket unless named). A proposal: nothing is sent or kept until the analyst does it.
     */
    draft: call<CaseDraftStarted>()(
      z.object({ caseId, kind: z.enum(caseDraftKinds), taskId: taskIdSchema, ticket: z.object({ profileId: z.string().min(1).max(64), ticketId: itemId }).optional() }),
    ),
    /** Reads a case exported on another workstation (the user picks the file); its timeline comes with it. */
    importFile: call<{ case: CaseDetail; timelineHash: string } | null>()(z.undefined()),
  },
  events: {
    changed: event<CasesChanged>(),
  },
};
