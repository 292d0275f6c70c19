// Who a ticket is from and what else is theirs: a ticket's contact, a contact's tickets. Read from
// main's cache only (docs/api-assumptions.md, "a ticket's contact").
import { z } from 'zod';
import { call } from '../define.ts';
import { objectId, withProfile } from './common.ts';
import type { ContactRow } from './contacts.ts';
import type { TicketRow } from './tickets.ts';

/** How OpsDesk knows a ticket's contact: the server named it, or the visitor's e-mail or name is one cached contact's. */
export type ContactMatch = 'server' | 'email' | 'name';

export interface TicketContact {
  contact: ContactRow | null;
  matchedBy: ContactMatch | null;
  /** The id the server gave when the contact is not cached (yet). */
  contactId: string | null;
  /** No contact is sure, but these cached contacts have the visitor's e-mail or name: the analyst tells them apart. */
  candidates: ContactRow[];
}

export interface ContactTickets {
  /** Newest activity first. */
  rows: TicketRow[];
  total: number;
}

export const contactLinkCalls = {
  ticketContact: call<TicketContact>()(withProfile.extend({ ticketId: objectId })),
  /** The cached tickets the server links to the contact, and those from its e-mail address that name no contact. */
  contactTickets: call<ContactTickets>()(withProfile.extend({ contactId: objectId, limit: z.int().min(1).max(200).default(50) })),
};
