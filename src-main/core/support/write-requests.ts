// What each support write sends (docs/api-assumptions.md, Support: the bodies OpsDesk sends), which
// object it belongs to (writes to one object go out in order), and what the user did, in the
// outbox's words (`outbox.actions.<code>` in the catalogs).
import type { z } from 'zod';
import type { addFaqSchema, ContactStatus, createContactSchema, createTicketSchema, createWorkItemSchema, FollowUpKind, WorkStatus } from '../../../src-preload/contract/support.ts';
import type { SupportWrite } from './support-writes.ts';

type CreateTicket = z.output<typeof createTicketSchema>;
type CreateContact = z.output<typeof createContactSchema>;
type CreateWorkItem = z.output<typeof createWorkItemSchema>;
type AddFaq = z.output<typeof addFaqSchema>;

const path = (...parts: string[]) => parts.map((part) => `/${encodeURIComponent(part)}`).join('');

/** Leaves out what the user left empty. */
function present<T extends Record<string, unknown>>(body: T): Partial<T> {
  return Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined && value !== '')) as Partial<T>;
}

export function createTicketWrite({ profileId, message, subject, offline, contactId, visitor }: CreateTicket): SupportWrite {
  const who = visitor && present(visitor);
  return {
    profileId,
    objectKey: 'ticket:new',
    action: offline ? { code: 'leaveOfflineMessage' } : { code: 'createTicket', params: { subject: subject || message.slice(0, 60) } },
    request: { method: 'POST', path: '/tickets', body: present({ message, subject, offline: offline || undefined, contact_id: contactId, visitor: who && Object.keys(who).length > 0 ? who : undefined }) },
  };
}

export function visitorMessageWrite(profileId: string, ticketId: string, text: string): SupportWrite {
  return { profileId, objectKey: `ticket:${ticketId}`, action: { code: 'addVisitorMessage', params: { id: ticketId } }, request: { method: 'POST', path: `${path('tickets', ticketId)}/messages`, body: { text } } };
}

export function robotReplyWrite(profileId: string, ticketId: string, text: string): SupportWrite {
  return { profileId, objectKey: `ticket:${ticketId}`, action: { code: 'replyTicket', params: { id: ticketId } }, request: { method: 'POST', path: `${path('tickets', ticketId)}/reply`, body: { text } } };
}

export function closeTicketWrite(profileId: string, ticketId: string, note: string | undefined): SupportWrite {
  return { profileId, objectKey: `ticket:${ticketId}`, action: { code: 'closeTicket', params: { id: ticketId } }, request: { method: 'POST', path: `${path('tickets', ticketId)}/close`, body: present({ note }) } };
}

export function createContactWrite({ profileId, name, email, phone, company, tags }: CreateContact): SupportWrite {
  return {
    profileId,
    objectKey: 'contact:new',
    action: { code: 'createContact', params: { name } },
    request: { method: 'POST', path: '/contacts', body: present({ name, email, phone, company, tags: tags && tags.length > 0 ? tags : undefined }) },
  };
}

export function contactStatusWrite(profileId: string, contactId: string, name: string, status: ContactStatus): SupportWrite {
  return { profileId, objectKey: `contact:${contactId}`, action: { code: 'changeContactStatus', params: { name, status } }, request: { method: 'PATCH', path: path('contacts', contactId), body: { status } } };
}

export function contactFollowUpWrite(profileId: string, contactId: string, name: string, kind: FollowUpKind, note: string): SupportWrite {
  return { profileId, objectKey: `contact:${contactId}`, action: { code: 'addContactFollowUp', params: { name } }, request: { method: 'POST', path: `${path('contacts', contactId)}/follows`, body: { kind, note } } };
}

export function createWorkItemWrite({ profileId, title, description, priority, contactId, ticketId, assignee }: CreateWorkItem): SupportWrite {
  return {
    profileId,
    objectKey: 'work:new',
    action: { code: 'createWorkItem', params: { title } },
    request: { method: 'POST', path: '/work', body: present({ title, description, priority, contact_id: contactId, ticket_id: ticketId, assignee }) },
  };
}

export function workStatusWrite(profileId: string, workId: string, status: WorkStatus): SupportWrite {
  return { profileId, objectKey: `work:${workId}`, action: { code: 'changeWorkItemStatus', params: { id: workId, status } }, request: { method: 'POST', path: path('work', workId), body: { status } } };
}

export function workFollowUpWrite(profileId: string, workId: string, kind: FollowUpKind | undefined, note: string): SupportWrite {
  return { profileId, objectKey: `work:${workId}`, action: { code: 'addWorkItemFollowUp', params: { id: workId } }, request: { method: 'POST', path: `${path('work', workId)}/follows`, body: present({ kind, note }) } };
}

export function addFaqWrite({ profileId, id, question, answer, tags }: AddFaq): SupportWrite {
  return {
    profileId,
    objectKey: id ? `faq:${id}` : 'faq:new',
    action: { code: 'addFaq', params: { question: question.slice(0, 80) } },
    request: { method: 'POST', path: '/kb/faq', body: present({ id, question, answer, tags: tags && tags.length > 0 ? tags : undefined }) },
  };
}
