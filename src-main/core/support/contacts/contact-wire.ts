// A contact as the server sends it (docs/api-assumptions.md, Support). The phone is kept only
// masked: a number the server sent unmasked without being asked is masked here before it goes anywhere.
import type { ContactRow } from '../../../../src-shared/contract/support.ts';
import type { Fields } from '../../wire/read.ts';
import { followedRecordReader, type DetailParts } from '../follow-up-wire.ts';
import { stringOr } from '../support-wire.ts';

/** A contact's row as sent, the phone always masked (`phoneMasked` is the cache's to say). */
export type WireContact = Omit<ContactRow, 'phoneMasked'> & DetailParts;

const NAMES = {
  id: ['id', 'contact_id', 'contactId', 'customer_id'],
  name: ['name', 'display_name', 'full_name', 'nickname'],
  email: ['email', 'mail'],
  phone: ['phone', 'mobile', 'phone_number', 'tel'],
  phoneMasked: ['phone_masked', 'phoneMasked', 'masked'],
  company: ['company', 'organization', 'org'],
  status: ['status', 'state', 'stage'],
  tags: ['tags', 'labels'],
} as const;
const readFollowedParts = followedRecordReader(NAMES);

/** As the reference server masks (docs/api-assumptions.md): the first three and last four digits stay. */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '').length;
  let seen = 0;
  return phone.replace(/\d/g, (digit) => {
    seen++;
    return seen <= 3 || seen > digits - 4 ? digit : '*';
  });
}

/** The phone exactly as sent, for the one answer that reveals it (never stored). */
export function readPhone(fields: Fields): string | null {
  return fields.string(...NAMES.phone) ?? null;
}

/** Whether the phone as sent is masked: the server's flag, else a `*` in the number. */
export function readPhoneMasked(fields: Fields): boolean {
  return fields.boolean(...NAMES.phoneMasked) ?? readPhone(fields)?.includes('*') ?? true;
}

export function readContact(fields: Fields): WireContact | undefined {
  const id = fields.id(...NAMES.id);
  if (id === undefined) return undefined;
  const phone = readPhone(fields);
  const masked = readPhoneMasked(fields);
  const status = fields.string(...NAMES.status)?.trim();
  return {
    id,
    name: stringOr(fields, ...NAMES.name),
    email: stringOr(fields, ...NAMES.email),
    phone: phone === null ? null : masked ? phone : maskPhone(phone),
    company: stringOr(fields, ...NAMES.company),
    status: status ? status : 'unknown',
    tags: fields.strings(...NAMES.tags) ?? [],
    ...readFollowedParts(fields),
  };
}
