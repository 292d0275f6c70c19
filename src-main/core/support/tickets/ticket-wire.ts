// A ticket as the server sends it (docs/api-assumptions.md, Support): read under plausible names and
// types; the status passes through whatever it is; fields without a place are kept in `other`.
import type { TicketMessage, TicketRow } from '../../../../src-shared/contract/support.ts';
import { readRecords, type Fields } from '../../wire/read.ts';
import { otherOf, stringOr } from '../support-wire.ts';

/** A ticket's row as sent (`unread` is the cache's to say), with its thread when the answer carried one (the detail and every write's answer). */
export type WireTicket = Omit<TicketRow, 'unread'> & {
  messages: TicketMessage[] | null;
  other: Record<string, unknown>;
};

/** Where a ticket carries its thread. */
export const TICKET_THREAD_NAMES = ['messages', 'thread', 'conversation'] as const;

const NAMES = {
  id: ['id', 'ticket_id', 'ticketId'],
  status: ['status', 'state'],
  subject: ['subject', 'title', 'topic'],
  channel: ['channel', 'source'],
  offline: ['offline', 'is_offline', 'offline_message'],
  visitor: ['visitor', 'customer', 'contact', 'requester'],
  visitorName: ['visitor_name', 'visitorName', 'customer_name', 'name'],
  visitorEmail: ['visitor_email', 'visitorEmail', 'customer_email', 'email'],
  contactId: ['contact_id', 'contactId', 'customer_id'],
  messageCount: ['message_count', 'messageCount', 'messages_count'],
  createdAt: ['created_at', 'createdAt', 'created', 'opened_at'],
  updatedAt: ['updated_at', 'updatedAt', 'last_activity_at', 'modified_at'],
  closedAt: ['closed_at', 'closedAt'],
  closeNote: ['close_note', 'closeNote', 'note'],
  lastMessage: ['last_message', 'lastMessage', 'latest_message'],
  messages: TICKET_THREAD_NAMES,
} as const;
const KNOWN = new Set<string>([...Object.values(NAMES).flat(), 'site', 'site_id']);

const MESSAGE_NAMES = {
  id: ['id', 'message_id', 'msg_id'],
  from: ['from', 'role', 'sender', 'sender_type', 'author_type'],
  author: ['author', 'author_name', 'sender_name', 'name'],
  text: ['text', 'content', 'body', 'message'],
  createdAt: ['created_at', 'createdAt', 'sent_at', 'time', 'timestamp'],
} as const;

export function readTicketMessage(fields: Fields): TicketMessage | undefined {
  const id = fields.id(...MESSAGE_NAMES.id);
  if (id === undefined) return undefined;
  return {
    id,
    from: fields.string(...MESSAGE_NAMES.from) ?? null,
    author: fields.string(...MESSAGE_NAMES.author) ?? null,
    text: fields.string(...MESSAGE_NAMES.text) ?? '',
    createdAt: fields.time(...MESSAGE_NAMES.createdAt) ?? null,
  };
}

export function readTicket(fields: Fields): WireTicket | undefined {
  const id = fields.id(...NAMES.id);
  if (id === undefined) return undefined;
  const visitor = fields.fields(...NAMES.visitor);
  const last = fields.fields(...NAMES.lastMessage);
  const thread = fields.list(...NAMES.messages);
  const status = fields.string(...NAMES.status)?.trim();
  return {
    id,
    status: status ? status : 'unknown',
    subject: stringOr(fields, ...NAMES.subject),
    channel: stringOr(fields, ...NAMES.channel),
    offline: fields.boolean(...NAMES.offline) ?? false,
    visitorName: visitor?.string('name', 'display_name', 'nickname') ?? fields.string('visitor_name', 'visitorName', 'customer_name') ?? null,
    visitorEmail: visitor?.string('email', 'mail') ?? fields.string('visitor_email', 'visitorEmail', 'customer_email') ?? null,
    contactId: visitor?.id(...NAMES.contactId, 'id') ?? fields.id(...NAMES.contactId) ?? null,
    messageCount: fields.number(...NAMES.messageCount) ?? (thread ? thread.length : null),
    createdAt: fields.time(...NAMES.createdAt) ?? null,
    updatedAt: fields.time(...NAMES.updatedAt) ?? null,
    closedAt: fields.time(...NAMES.closedAt) ?? null,
    closeNote: stringOr(fields, ...NAMES.closeNote),
    lastMessage: (last && readTicketMessage(last)) ?? null,
    messages: thread ? readRecords(thread, readTicketMessage).records : null,
    other: otherOf(fields.record, KNOWN),
  };
}

