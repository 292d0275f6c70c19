// Contacts (support.md part 2, CRM): the cached list and detail, the phone revealed on request,
// and the writes (`contact-writes.ts`) through the outbox.
import type { z } from 'zod';
import type { OutboxEntry } from '../../../../src-shared/contract/outbox.ts';
import type { ContactDetail, ContactQuery, ContactRow, ContactStatus, createContactSchema, FollowUpKind } from '../../../../src-shared/contract/support.ts';
import type { CachedPage } from '../../../../src-shared/contract/pages.ts';
import { contactQuerySchema } from '../../../../src-shared/contract/support.ts';
import type { Db } from '../../db/database.ts';
import { ServiceFailure, serviceError } from '../../http/service-failure.ts';
import { followedDetail, RecordCache, type RecordCacheShared } from '../record-cache.ts';
import { readOne } from '../support-wire.ts';
import { ContactRepository, type CachedContact, type ContactFilter } from './contact-repository.ts';
import { readContact, readPhone, readPhoneMasked, type WireContact } from './contact-wire.ts';
import { addContactFollowUpWrite, setContactStatusWrite, createContactWrite } from './contact-writes.ts';

export class ContactService extends RecordCache<'contacts', WireContact, ContactRow, ContactFilter, CachedContact, ContactDetail> {
  readonly #repository: ContactRepository;
  readonly #shared: RecordCacheShared;

  constructor(db: Db, shared: RecordCacheShared) {
    const repository = new ContactRepository(db);
    super({ ...shared, resource: 'contacts', path: '/contacts', writeKind: 'contact', followUpAction: 'addContactFollowUp', read: readContact, repository, toDetail: followedDetail });
    this.#repository = repository;
    this.#shared = shared;
  }

  list(request: ContactQuery): CachedPage<ContactRow> {
    const { profileId, status, text, offset, limit } = contactQuerySchema.parse(request);
    return this.page(profileId, { status, text }, offset, limit);
  }

  /**
   * The unmasked phone, asked of the server now; it goes to the window only, never to the cache or
   * the log. A server that answers with the number still masked (it knows no `unmask`, or keeps it
   * to itself) is refused as such, not shown as if revealed.
   */
  async revealPhone(profileId: string, contactId: string): Promise<{ phone: string | null }> {
    const result = await this.#shared.clients.clientFor(profileId, 'support').call({
      method: 'GET',
      path: `/contacts/${encodeURIComponent(contactId)}`,
      query: { unmask: 'phone' },
    });
    const { phone, masked } = readOne(result, (fields) => ({ phone: readPhone(fields), masked: readPhoneMasked(fields) }));
    if (phone !== null && masked) {
      throw new ServiceFailure(serviceError({ service: 'support', status: 200, code: 'forbidden', params: { context: 'phone_still_masked' }, retryable: false, ...(result.requestId ? { requestId: result.requestId } : {}) }));
    }
    return { phone };
  }

  createContact(request: z.output<typeof createContactSchema>): Promise<OutboxEntry> {
    return this.#shared.outbox.submit(createContactWrite(request));
  }

  setContactStatus(profileId: string, contactId: string, status: ContactStatus): Promise<OutboxEntry> {
    return this.#shared.outbox.submit(setContactStatusWrite(profileId, contactId, this.#nameOf(profileId, contactId), status));
  }

  addContactFollowUp(profileId: string, contactId: string, kind: FollowUpKind, note: string): Promise<OutboxEntry> {
    return this.#shared.outbox.submit(addContactFollowUpWrite(profileId, contactId, this.#nameOf(profileId, contactId), kind, note));
  }

  #nameOf(profileId: string, contactId: string): string {
    return this.#repository.find(profileId, contactId)?.name ?? contactId;
  }
}
