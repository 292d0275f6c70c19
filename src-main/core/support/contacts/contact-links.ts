// A ticket's contact and a contact's tickets, read from the tickets' and contacts' caches
// (docs/api-assumptions.md, "a ticket's contact"). The server's link (the ticket's contact id) wins;
// without one, the visitor's e-mail, then their name, when exactly one cached contact has it.
import type { ContactMatch, ContactRow, ContactTickets, TicketContact } from '../../../../src-shared/contract/support.ts';
import type { Db } from '../../db/database.ts';
import type { Logger } from '../../log/logger.ts';
import { TICKET_ROW_COLUMNS, ticketRowOf, type TicketDbRow } from '../tickets/ticket-repository.ts';
import { CONTACT_ROW_COLUMNS, contactRowOf, type ContactDbRow } from './contact-repository.ts';
import type { ContactService } from './contact-service.ts';

/** Enough contacts sharing a name or e-mail to tell apart; more are not offered. */
const CANDIDATES = 10;

export class ContactLinks {
  readonly #contacts: ContactService;
  readonly #logger: Logger;
  readonly #visitor;
  readonly #contactById;
  readonly #byEmail;
  readonly #byName;
  readonly #ticketsOf;
  readonly #countTicketsOf;

  constructor(db: Db, contacts: ContactService, logger: Logger) {
    this.#contacts = contacts;
    this.#logger = logger;
    this.#visitor = db.prepare<[string, string], { contact_id: string | null; visitor_email: string | null; visitor_name: string | null }>(
      'SELECT contact_id, visitor_email, visitor_name FROM support_tickets WHERE profile_id = ? AND id = ?',
    );
    this.#contactById = db.prepare<[string, string], ContactDbRow>(`SELECT ${CONTACT_ROW_COLUMNS} FROM support_contacts WHERE profile_id = ? AND id = ?`);
    this.#byEmail = db.prepare<[string, string, number], ContactDbRow>(
      `SELECT ${CONTACT_ROW_COLUMNS} FROM support_contacts WHERE profile_id = ? AND email = ? COLLATE NOCASE ORDER BY activity_at DESC LIMIT ?`,
    );
    this.#byName = db.prepare<[string, string, number], ContactDbRow>(
      `SELECT ${CONTACT_ROW_COLUMNS} FROM support_contacts WHERE profile_id = ? AND name = ? COLLATE NOCASE ORDER BY activity_at DESC LIMIT ?`,
    );
    // Two indexed look-ups joined: the tickets the server links, and those from the e-mail that name no contact.
    const ofContact = `FROM support_tickets WHERE profile_id = @profileId AND (contact_id = @contactId OR (contact_id IS NULL AND @email IS NOT NULL AND visitor_email = @email COLLATE NOCASE))`;
    this.#ticketsOf = db.prepare<{ profileId: string; contactId: string; email: string | null; limit: number }, TicketDbRow>(
      `SELECT ${TICKET_ROW_COLUMNS} ${ofContact} ORDER BY activity_at DESC, id DESC LIMIT @limit`,
    );
    this.#countTicketsOf = db.prepare<{ profileId: string; contactId: string; email: string | null }, { total: number }>(`SELECT COUNT(*) AS total ${ofContact}`);
  }

  async ticketContact(profileId: string, ticketId: string): Promise<TicketContact> {
    const visitor = this.#visitor.get(profileId, ticketId);
    const none: TicketContact = { contact: null, matchedBy: null, contactId: visitor?.contact_id ?? null, candidates: [] };
    if (!visitor) return none;
    if (visitor.contact_id !== null) {
      const contact = await this.#contactOf(profileId, visitor.contact_id);
      return { ...none, contact, matchedBy: contact && 'server' };
    }
    for (const [matchedBy, value, query] of [
      ['email', visitor.visitor_email, this.#byEmail],
      ['name', visitor.visitor_name?.trim(), this.#byName],
    ] as const) {
      if (!value) continue;
      const found = query.all(profileId, value, CANDIDATES).map(contactRowOf);
      if (found.length === 1) return { ...none, contact: found[0]!, matchedBy: matchedBy satisfies ContactMatch };
      if (found.length > 1) return { ...none, candidates: found };
    }
    return none;
  }

  contactTickets(profileId: string, contactId: string, limit: number): ContactTickets {
    const email = this.#contactById.get(profileId, contactId)?.email ?? null;
    const where = { profileId, contactId, email };
    return { rows: this.#ticketsOf.all({ ...where, limit }).map(ticketRowOf), total: this.#countTicketsOf.get(where)?.total ?? 0 };
  }

  /** The cached contact, else the server's (then cached); null when neither answers. */
  async #contactOf(profileId: string, contactId: string): Promise<ContactRow | null> {
    const cached = this.#contactById.get(profileId, contactId);
    if (cached) return contactRowOf(cached);
    try {
      const { follows: _follows, otherFields: _other, from: _from, error: _error, ...row } = await this.#contacts.detail(profileId, contactId, false);
      return row;
    } catch (error) {
      this.#logger.info("a ticket's contact could not be read", { error });
      return null;
    }
  }
}
