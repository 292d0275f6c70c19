import { z } from 'zod';
import { call, event } from './define.ts';
import type { IpcError } from './define.ts';
import type { OutboxEntry } from './outbox.ts';
import { supportResources, type CacheChanged, type SupportResource, type SyncStatus } from './sync.ts';

/** The scopes support.md names (part 5). */
export const supportScopes = [
  'chat', 'live.write', 'kb.read', 'kb.write', 'ticket.read', 'ticket.write', 'agent.reply',
  'crm.read', 'crm.write', 'work.read', 'work.write', 'hooks.write', 'analytics.read', 'logs.read',
] as const;
export type SupportScope = (typeof supportScopes)[number];

/** Every action a view offers, and the scope support.md says it needs (part 4). */
export const supportActionScopes = {
  readTickets: 'ticket.read',
  createTicket: 'live.write',
  sendVisitorMessage: 'live.write',
  replyToTicket: 'agent.reply',
  closeTicket: 'ticket.write',
  readContacts: 'crm.read',
  writeContacts: 'crm.write',
  /** support.md does not say how a phone is unmasked; OpsDesk asks with crm.write (docs/api-assumptions.md). */
  revealPhone: 'crm.write',
  readWork: 'work.read',
  writeWork: 'work.write',
  searchKb: 'kb.read',
  readFaq: 'kb.read',
  addFaq: 'kb.write',
  ask: 'chat',
  readSessions: 'chat',
  manageWebhooks: 'hooks.write',
  readAnalytics: 'analytics.read',
  readChatLogs: 'logs.read',
} as const satisfies Record<string, SupportScope>;
export type SupportAction = keyof typeof supportActionScopes;

export const contactStatuses = ['new', 'following', 'done'] as const;
export type ContactStatus = (typeof contactStatuses)[number];
export const workStatuses = ['open', 'pending', 'waiting', 'resolved', 'closed'] as const;
export type WorkStatus = (typeof workStatuses)[number];
export const followUpKinds = ['phone', 'chat', 'note'] as const;
export type FollowUpKind = (typeof followUpKinds)[number];
/**
 * Ticket status values are "not shown" in support.md: these are the ones OpsDesk has seen and
 * words; any other value the server sends is kept and shown as sent.
 */
export const knownTicketStatuses = ['offline', 'queued', 'active', 'closed'] as const;
/** Work item priorities are "not shown" in support.md: offered in the form; the server may refuse them (bad_request). */
export const knownWorkPriorities = ['low', 'normal', 'high', 'urgent'] as const;

// ---- access (/meta) -------------------------------------------------------------------------

export interface SupportSiteAccess {
  id: string;
  name: string | null;
  /** The site's open API channel; null when /meta did not say. */
  apiChannel: boolean | null;
  /** The profile's own site. */
  current: boolean;
}

export interface ActionAccess {
  scope: SupportScope;
  /** The key holds the scope (a `crm.*` scope covers `crm.read` and `crm.write`). */
  allowed: boolean;
}

/** What /meta says this profile's key may do; the views disable what the key lacks and name the scope. */
export interface SupportAccess {
  profileId: string;
  /** The profile's site. */
  site: string;
  /** runtime, ops, agent or what the server calls it; null when it did not say. */
  keyType: string | null;
  /** From /meta, else from the key's `svc_live_`/`svc_test_` prefix. */
  keyEnv: 'live' | 'test' | null;
  live: boolean;
  scopes: string[];
  sites: SupportSiteAccess[];
  actions: Record<SupportAction, ActionAccess>;
  /**
   * Why the key cannot use this site at all: `channel_disabled` (the site's API channel is off),
   * `wrong_site` or `forbidden_ip` (from /meta's answer or refusal). null: usable.
   */
  blocked: IpcError | null;
  checkedAt: string;
  /** `server`: /meta answered now; `cache`: it could not be reached (`error`), this is the last answer. */
  from: 'server' | 'cache';
  error?: IpcError;
}

// ---- tickets --------------------------------------------------------------------------------

export interface TicketMessage {
  id: string;
  /** visitor, robot, agent… as the server says; null when it did not. */
  from: string | null;
  author: string | null;
  text: string;
  createdAt: string | null;
}

/** A cached ticket as the inbox lists it. Every field but `id` and `status` may be missing on a real server. */
export interface TicketRow {
  id: string;
  /** Passed through as sent (`knownTicketStatuses` are the worded ones); `unknown` when the server sent none. */
  status: string;
  subject: string | null;
  channel: string | null;
  offline: boolean;
  visitorName: string | null;
  visitorEmail: string | null;
  contactId: string | null;
  messageCount: number | null;
  createdAt: string | null;
  updatedAt: string | null;
  closedAt: string | null;
  closeNote: string | null;
  lastMessage: TicketMessage | null;
  /** Something arrived since the user last read it (or it is new). */
  unread: boolean;
}

export interface OtherField {
  name: string;
  value: string;
}

export interface TicketDetail extends TicketRow {
  messages: TicketMessage[];
  /** Fields the server sent that OpsDesk has no place for, as text. */
  otherFields: OtherField[];
  /** `server`: read now; `cache`: the server could not be reached (`error`), this is the last copy. */
  from: 'server' | 'cache';
  error?: IpcError;
}

/** A page of a cache, for a virtualised list. */
export interface SupportPage<T> {
  rows: T[];
  /** How many cached records match. */
  total: number;
  offset: number;
  /** When the cache was last refreshed from the server (ISO); null: never. */
  syncedAt: string | null;
}

/** A server-side list read page by page (FAQ, chat logs). */
export interface CursorPage<T> {
  items: T[];
  /** Pass back to get the next page; null: no more. */
  nextCursor: string | null;
}

export interface TicketStatusCount {
  status: string;
  count: number;
  unread: number;
}

const profileId = z.string().min(1).max(64);
const objectId = z.string().trim().min(1).max(200);
const searchText = z.string().max(200);
const withProfile = z.object({ profileId });
const pageWindow = {
  offset: z.int().min(0).max(10_000_000).default(0),
  limit: z.int().min(1).max(1000).default(100),
};
const cursorWindow = {
  cursor: z.string().max(500).optional(),
  limit: z.int().min(1).max(100).default(20),
};
/** `fresh`: wait for the server (the cached copy comes back, with the reason, when it cannot be reached). */
const freshness = { fresh: z.boolean().default(false) };

export const ticketQuerySchema = z.object({
  profileId,
  /** Any of these statuses; absent: all. */
  status: z.array(z.string().min(1).max(40)).max(20).optional(),
  unreadOnly: z.boolean().default(false),
  /** Words in the subject, visitor or last message. */
  text: searchText.optional(),
  ...pageWindow,
});
export type TicketQuery = z.input<typeof ticketQuerySchema>;

const body = (max: number) => z.string().trim().min(1, 'text_required').max(max);

export const createTicketSchema = z.object({
  profileId,
  message: body(10_000),
  subject: z.string().trim().max(200).optional(),
  /** Leave an offline message rather than queue a ticket. */
  offline: z.boolean().default(false),
  contactId: objectId.optional(),
  visitor: z.object({
    name: z.string().trim().max(200).optional(),
    email: z.email().max(320).optional(),
    phone: z.string().trim().max(30).optional(),
  }).optional(),
});

// ---- contacts -------------------------------------------------------------------------------

export interface FollowUp {
  id: string;
  /** phone, chat, note, or what the server sent; null when it did not say. */
  kind: string | null;
  note: string | null;
  author: string | null;
  createdAt: string | null;
}

export interface ContactRow {
  id: string;
  name: string | null;
  email: string | null;
  /** As the server sent it: masked unless `phoneMasked` is false. The unmasked number is never cached. */
  phone: string | null;
  phoneMasked: boolean;
  company: string | null;
  /** new, following, done, or what the server sent. */
  status: string;
  tags: string[];
  followCount: number | null;
  createdAt: string | null;
  updatedAt: string | null;
}

export interface ContactDetail extends ContactRow {
  follows: FollowUp[];
  otherFields: OtherField[];
  from: 'server' | 'cache';
  error?: IpcError;
}

export const contactQuerySchema = z.object({
  profileId,
  status: z.array(z.string().min(1).max(40)).max(10).optional(),
  /** Words in the name, email, company or phone as cached. */
  text: searchText.optional(),
  ...pageWindow,
});
export type ContactQuery = z.input<typeof contactQuerySchema>;

const phone = z.string().trim().max(30).regex(/^\+?[0-9 ()-]{5,20}$/, 'phone_format');

export const createContactSchema = z.object({
  profileId,
  name: body(200),
  email: z.email().max(320).optional(),
  phone: phone.optional(),
  company: z.string().trim().max(200).optional(),
  tags: z.array(z.string().trim().min(1).max(50)).max(20).optional(),
});

// ---- work items -----------------------------------------------------------------------------

export interface WorkItemRow {
  id: string;
  title: string | null;
  /** open, pending, waiting, resolved, closed, or what the server sent. */
  status: string;
  priority: string | null;
  contactId: string | null;
  ticketId: string | null;
  assignee: string | null;
  followCount: number | null;
  createdAt: string | null;
  updatedAt: string | null;
}

export interface WorkItemDetail extends WorkItemRow {
  description: string | null;
  follows: FollowUp[];
  otherFields: OtherField[];
  from: 'server' | 'cache';
  error?: IpcError;
}

export const workQuerySchema = z.object({
  profileId,
  status: z.array(z.string().min(1).max(40)).max(10).optional(),
  priority: z.array(z.string().min(1).max(40)).max(10).optional(),
  contactId: objectId.optional(),
  ticketId: objectId.optional(),
  /** Words in the title, description or assignee. */
  text: searchText.optional(),
  ...pageWindow,
});
export type WorkQuery = z.input<typeof workQuerySchema>;

export const createWorkItemSchema = z.object({
  profileId,
  title: body(200),
  description: z.string().max(10_000).optional(),
  priority: z.string().trim().min(1).max(40).optional(),
  contactId: objectId.optional(),
  ticketId: objectId.optional(),
  assignee: z.string().trim().max(200).optional(),
});

// ---- knowledge base, Q&A, analytics, chat logs ----------------------------------------------

export interface KbSearchHit {
  id: string;
  /** faq, article, or what the server sent. */
  source: string | null;
  title: string | null;
  snippet: string | null;
  /** The server's relevance score; null when it sent none. */
  score: number | null;
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

// ---- sync -----------------------------------------------------------------------------------

const ticketRef = withProfile.extend({ ticketId: objectId });
const contactRef = withProfile.extend({ contactId: objectId });
const workRef = withProfile.extend({ workId: objectId });

export const support = {
  calls: {
    /** /meta read (and remembered) for the profile; `refresh` asks the server again. */
    access: call<SupportAccess>()(withProfile.extend({ refresh: z.boolean().default(false) })),

    /** A page of cached tickets, newest activity first; never touches the network. */
    tickets: call<SupportPage<TicketRow>>()(ticketQuerySchema),
    /** Cached tickets per status, for the status filter. */
    ticketCounts: call<TicketStatusCount[]>()(withProfile),
    /**
     * The cached copy at once when there is one (then read from the server in the background:
     * `cacheChanged` names it when it changed); otherwise, or with `fresh`, the server's.
     */
    ticket: call<TicketDetail>()(ticketRef.extend(freshness)),
    markRead: call<null>()(withProfile.extend({ ticketIds: z.array(objectId).min(1).max(1000) })),
    createTicket: call<OutboxEntry>()(createTicketSchema),
    sendVisitorMessage: call<OutboxEntry>()(ticketRef.extend({ text: body(10_000) })),
    replyToTicket: call<OutboxEntry>()(ticketRef.extend({ text: body(10_000) })),
    closeTicket: call<OutboxEntry>()(ticketRef.extend({ note: z.string().trim().max(2000).optional() })),

    /** A page of cached contacts; opening the list also refreshes the cache when it is stale (`cacheChanged`). */
    contacts: call<SupportPage<ContactRow>>()(contactQuerySchema),
    contact: call<ContactDetail>()(contactRef.extend(freshness)),
    /** The unmasked phone, asked of the server now; shown once, never cached or logged. */
    revealPhone: call<{ phone: string | null }>()(contactRef),
    createContact: call<OutboxEntry>()(createContactSchema),
    setContactStatus: call<OutboxEntry>()(contactRef.extend({ status: z.enum(contactStatuses) })),
    addContactFollowUp: call<OutboxEntry>()(contactRef.extend({ kind: z.enum(followUpKinds), note: body(4000) })),

    /** A page of cached work items; opening the list also refreshes the cache when it is stale (`cacheChanged`). */
    workItems: call<SupportPage<WorkItemRow>>()(workQuerySchema),
    workItem: call<WorkItemDetail>()(workRef.extend(freshness)),
    createWorkItem: call<OutboxEntry>()(createWorkItemSchema),
    setWorkStatus: call<OutboxEntry>()(workRef.extend({ status: z.enum(workStatuses) })),
    addWorkFollowUp: call<OutboxEntry>()(workRef.extend({ kind: z.enum(followUpKinds).optional(), note: body(4000) })),

    kbSearch: call<KbSearchResult>()(withProfile.extend({ q: body(500), topK: z.int().min(1).max(50).default(5) })),
    faqList: call<CursorPage<Faq>>()(withProfile.extend({ q: searchText.optional(), ...cursorWindow })),
    addFaq: call<OutboxEntry>()(addFaqSchema),

    /** A question, not a change: sent at once (not through the outbox) with its own Idempotency-Key. */
    ask: call<Answer>()(withProfile.extend({ question: body(4000), sessionId: objectId.optional() })),
    session: call<ChatSessionSummary>()(withProfile.extend({ id: objectId })),

    analytics: call<AnalyticsOverview>()(withProfile),
    /** Chat log lines, newest first; `sessionId` keeps one session's. */
    chatLogs: call<CursorPage<ChatLogEntry>>()(withProfile.extend({ sessionId: objectId.optional(), ...cursorWindow })),

    syncStatus: call<SyncStatus<SupportResource>[]>()(withProfile),
    /** Refreshes the cache now (every resource when absent); resolves when started. */
    syncNow: call<null>()(withProfile.extend({ resource: z.enum(supportResources).optional() })),
  },
  events: {
    syncChanged: event<SyncStatus<SupportResource>>(),
    cacheChanged: event<CacheChanged<SupportResource>>(),
  },
};
