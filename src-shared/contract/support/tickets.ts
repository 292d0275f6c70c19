// Tickets: the cached inbox, a ticket's thread, and the writes on it.
import { z } from 'zod';
import { call } from '../define.ts';
import type { IpcError } from '../define.ts';
import type { OutboxEntry } from '../outbox.ts';
import type { CachedPage } from '../pages.ts';
import { body, freshness, objectId, pageWindow, profileId, searchText, withProfile } from './common.ts';
import type { OtherField } from './shared-types.ts';

/**
 * Ticket status values are "not shown" in support.md: these are the ones OpsDesk has seen and
 * words; any other value the server sends is kept and shown as sent.
 */
export const knownTicketStatuses = ['offline', 'queued', 'active', 'closed'] as const;

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

export interface TicketDetail extends TicketRow {
  messages: TicketMessage[];
  /** Fields the server sent that OpsDesk has no place for, as text. */
  otherFields: OtherField[];
  /** `server`: read now; `cache`: the server could not be reached (`error`), this is the last copy. */
  from: 'server' | 'cache';
  error?: IpcError;
}

export interface TicketStatusCount {
  status: string;
  count: number;
  unread: number;
  /** Of them, left as offline messages. */
  offline: number;
}

/** The inbox's orders: the newest or oldest ticket first (by when it was opened), or the latest activity first. */
export const ticketSorts = ['activity', 'newest', 'oldest'] as const;
export type TicketSort = (typeof ticketSorts)[number];

/** What narrows the inbox besides the status chips: the words, and how recent. The status counts are counted under it. */
const ticketNarrowing = {
  /** Words (each a prefix) in the subject, any message, or the visitor's name or email; or a ticket's id. */
  text: searchText.optional(),
  /** Only tickets with activity at or after this time. */
  since: z.iso.datetime({ offset: true }).optional(),
};

export const ticketQuerySchema = z.object({
  profileId,
  /** Any of these statuses; absent: all. */
  status: z.array(z.string().min(1).max(40)).max(20).optional(),
  unreadOnly: z.boolean().default(false),
  /** Only offline messages (left while no one was there). */
  offlineOnly: z.boolean().default(false),
  ...ticketNarrowing,
  sort: z.enum(ticketSorts).default('activity'),
  ...pageWindow,
});
export type TicketQuery = z.input<typeof ticketQuerySchema>;

export const ticketCountsSchema = withProfile.extend(ticketNarrowing);
export type TicketCountsQuery = z.input<typeof ticketCountsSchema>;

/** Every ticket a query matches (all pages), for "select all matching": ids only, up to the bulk limit. */
export const TICKET_BULK_LIMIT = 1000;
const ticketIds = z.array(objectId).min(1).max(TICKET_BULK_LIMIT);

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

const ticketRef = withProfile.extend({ ticketId: objectId });
const closeNote = z.string().trim().max(2000).optional();

export const ticketCalls = {
    /** A page of cached tickets, newest activity first; never touches the network. */
    tickets: call<CachedPage<TicketRow>>()(ticketQuerySchema),
    /** Cached tickets per status (with how many unread and offline), under the words and time the inbox is narrowed to. */
    ticketCounts: call<TicketStatusCount[]>()(ticketCountsSchema),
    /** The ids of every cached ticket the query matches, in its order (at most TICKET_BULK_LIMIT): "select all matching". */
    ticketIds: call<string[]>()(ticketQuerySchema.omit({ offset: true, limit: true })),
    /**
     * The cached copy at once when there is one (then read from the server in the background:
     * `cacheChanged` names it when it changed); otherwise, or with `fresh`, the server's.
     */
    ticket: call<TicketDetail>()(ticketRef.extend(freshness)),
    markRead: call<null>()(withProfile.extend({ ticketIds })),
    /** The unread mark is OpsDesk's own (the server keeps none): put back on these tickets. */
    markUnread: call<null>()(withProfile.extend({ ticketIds })),
    createTicket: call<OutboxEntry>()(createTicketSchema),
    sendVisitorMessage: call<OutboxEntry>()(ticketRef.extend({ text: body(10_000) })),
    replyToTicket: call<OutboxEntry>()(ticketRef.extend({ text: body(10_000) })),
    closeTicket: call<OutboxEntry>()(ticketRef.extend({ note: closeNote })),
    /**
     * Closes each ticket with the same note: a write per ticket in the outbox, each with its own
     * Idempotency-Key, all stored before any leaves; answers their entries at once (they go out
     * within the key's rate; the outbox's events say how each ends).
     */
    closeTickets: call<OutboxEntry[]>()(withProfile.extend({ ticketIds, note: closeNote })),
};
