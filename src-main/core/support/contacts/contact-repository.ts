// The cached contacts of every support profile (table support_contacts), phones only masked.
import type { ContactRow } from '../../../../src-shared/contract/support.ts';
import type { Db } from '../../db/database.ts';
import { CachedRecordRepository, type CachedRecord } from '../cached-record-repository.ts';
import type { WireContact } from './contact-wire.ts';

export interface ContactDbRow {
  id: string;
  name: string | null;
  email: string | null;
  phone: string | null;
  company: string | null;
  status: string;
  tags: string;
  follow_count: number | null;
  created_at: string | null;
  updated_at: string | null;
}

export type CachedContact = CachedRecord<ContactRow, Record<never, never>>;

export interface ContactFilter {
  status?: string[] | undefined;
  text?: string | undefined;
}

export function contactRowOf(row: ContactDbRow): ContactRow {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    phoneMasked: row.phone !== null,
    company: row.company,
    status: row.status,
    tags: JSON.parse(row.tags) as string[],
    followCount: row.follow_count,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export const CONTACT_ROW_COLUMNS = 'id, name, email, phone, company, status, tags, follow_count, created_at, updated_at';

export class ContactRepository extends CachedRecordRepository<WireContact, ContactRow, ContactDbRow, ContactFilter, Record<never, never>> {
  constructor(db: Db) {
    super(db, {
      table: 'support_contacts',
      columns: {
        name: (contact) => contact.name,
        email: (contact) => contact.email,
        phone: (contact) => contact.phone,
        company: (contact) => contact.company,
        tags: (contact) => JSON.stringify(contact.tags),
      },
      keptWhenNull: [],
      rowColumns: CONTACT_ROW_COLUMNS,
      toRow: contactRowOf,
      detailColumns: [],
      cacheFilter: (filter) => ({ text: filter.text, textColumns: ['name', 'email', 'company', 'phone'] }),
    });
  }
}
