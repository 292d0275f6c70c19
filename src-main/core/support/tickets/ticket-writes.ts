// What each ticket write sends (docs/api-assumptions.md, Support: the bodies OpsDesk sends), under
// which object (writes to one ticket go out in order), and what the user did, in the outbox's words
// (`outbox.actions.<code>` in the catalogs).
import type { z } from 'zod';
import type { createTicketSchema } from '../../../../src-shared/contract/support.ts';
import type { SupportWrite } from '../support-outbox.ts';
import { pathOf, present } from '../write-body.ts';

type CreateTicket = z.output<typeof createTicketSchema>;

export function createTicketWrite({ profileId, message, subject, offline, contactId, visitor }: CreateTicket): SupportWrite {
  const who = visitor && present(visitor);
  return {
    profileId,
    objectKey: 'ticket:new',
    action: offline ? { code: 'leaveOfflineMessage' } : { code: 'createTicket', params: { subject: subject || message.slice(0, 60) } },
    request: { method: 'POST', path: '/tickets', body: present({ message, subject, offline: offline || undefined, contact_id: contactId, visitor: who && Object.keys(who).length > 0 ? who : undefined }) },
  };
}

export function sendVisitorMessageWrite(profileId: string, ticketId: string, text: string): SupportWrite {
  return { profileId, objectKey: `ticket:${ticketId}`, action: { code: 'sendVisitorMessage', params: { id: ticketId } }, request: { method: 'POST', path: `${pathOf('tickets', ticketId)}/messages`, body: { text }, textField: 'message' } };
}

export function replyToTicketWrite(profileId: string, ticketId: string, text: string): SupportWrite {
  return { profileId, objectKey: `ticket:${ticketId}`, action: { code: 'replyToTicket', params: { id: ticketId } }, request: { method: 'POST', path: `${pathOf('tickets', ticketId)}/reply`, body: { text }, textField: 'reply' } };
}

export function closeTicketWrite(profileId: string, ticketId: string, note: string | undefined): SupportWrite {
  return { profileId, objectKey: `ticket:${ticketId}`, action: { code: 'closeTicket', params: { id: ticketId } }, request: { method: 'POST', path: `${pathOf('tickets', ticketId)}/close`, body: present({ note }), textField: 'closeNote' } };
}
