// A contact as the server sends it (docs/api-assumptions.md, Support). The phone is kept only
// masked: a number the server sent unmasked without being asked is masked here before it goes anywhere.
import type { FollowUp } from '../../../../src-preload/contract/support.ts';
import type { Fields } from '../../wire/read.ts';
import { FOLLOW_UP_NAMES, readFollowUps } from '../follow-up-wire.ts';
import { otherOf, stringOr } from '../support-wire.ts';

export interface WireContact {
  id: string;
  name: string | null;
  email: string | null;
  /** Always masked. */
  phone: string | null;
  company: string | null;
  status: string;
  tags: string[];
  followCount: number | null;
  createdAt: string | null;
  updatedAt: string | null;
  follows: FollowUp[] | null;
  other: Record<string, unknown>;
}

const NAMES = {
  id: ['id', 'contact_id', 'contactId', 'customer_id'],
  name: ['name', 'display_name', 'full_name', 'nickname'],
  email: ['email', 'mail'],
  phone: ['phone', 'mobile', 'phone_number', 'tel'],
  phoneMasked: ['phone_masked', 'phoneMasked', 'masked'],
  company: ['company', 'organization', 'org'],
  status: ['status', 'state', 'stage'],
  tags: ['tags', 'labels'],
  followCount: ['follow_count', 'followCount', 'follows_count'],
  createdAt: ['created_at', 'createdAt', 'created'],
  updatedAt: ['updated_at', 'updatedAt', 'modified_at'],
} as const;
const KNOWN = new Set<string>([...Object.values(NAMES).flat(), ...FOLLOW_UP_NAMES, 'site', 'site_id']);

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

export function readContact(fields: Fields): WireContact | undefined {
  const id = fields.id(...NAMES.id);
  if (id === undefined) return undefined;
  const phone = readPhone(fields);
  const masked = fields.boolean(...NAMES.phoneMasked) ?? phone?.includes('*') ?? true;
  const status = fields.string(...NAMES.status)?.trim();
  return {
    id,
    name: stringOr(fields, ...NAMES.name),
    email: stringOr(fields, ...NAMES.email),
    phone: phone === null ? null : masked ? phone : maskPhone(phone),
    company: stringOr(fields, ...NAMES.company),
    status: status ? status : 'unknown',
    tags: fields.strings(...NAMES.tags) ?? [],
    followCount: fields.number(...NAMES.followCount) ?? null,
    createdAt: fields.time(...NAMES.createdAt) ?? null,
    updatedAt: fields.time(...NAMES.updatedAt) ?? null,
    follows: readFollowUps(fields),
    other: otherOf(fields.record, KNOWN),
  };
}
