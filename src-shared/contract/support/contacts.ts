// Contacts (CRM): the cached list, a contact with its follow-ups, and the writes on it.
import { z } from 'zod';
import { call } from '../define.ts';
import type { IpcError } from '../define.ts';
import type { OutboxEntry } from '../outbox.ts';
import type { CachedPage } from '../pages.ts';
import { body, freshness, objectId, pageWindow, profileId, searchText, withProfile } from './common.ts';
import { followUpKinds, type FollowUp, type OtherField } from './shared-types.ts';

export const contactStatuses = ['new', 'following', 'done'] as const;
export type ContactStatus = (typeof contactStatuses)[number];

export interface ContactRow {
  id: string;
  name: string | null;
  email: string | null;
  /** As the server sent it: masked unless `phoneMasked` is false. The unmasked number is never cached. */
  phone: string | null;
  phoneMasked: boolean;
  company: string | null;
  /** new, following, done, or what the server sent. */
  status: string;
  tags: string[];
  followCount: number | null;
  createdAt: string | null;
  updatedAt: string | null;
}

export interface ContactDetail extends ContactRow {
  follows: FollowUp[];
  otherFields: OtherField[];
  from: 'server' | 'cache';
  error?: IpcError;
}

export const contactQuerySchema = z.object({
  profileId,
  status: z.array(z.string().min(1).max(40)).max(10).optional(),
  /** Words in the name, email, company or phone as cached. */
  text: searchText.optional(),
  ...pageWindow,
});
export type ContactQuery = z.input<typeof contactQuerySchema>;

const phone = z.string().trim().max(30).regex(/^\+?[0-9 ()-]{5,20}$/, 'phone_format');

export const createContactSchema = z.object({
  profileId,
  name: body(200),
  email: z.email().max(320).optional(),
  phone: phone.optional(),
  company: z.string().trim().max(200).optional(),
  tags: z.array(z.string().trim().min(1).max(50)).max(20).optional(),
});

const contactRef = withProfile.extend({ contactId: objectId });

export const contactCalls = {
    /** A page of cached contacts; opening the list also refreshes the cache when it is stale (`cacheChanged`). */
    contacts: call<CachedPage<ContactRow>>()(contactQuerySchema),
    contact: call<ContactDetail>()(contactRef.extend(freshness)),
    /** The unmasked phone, asked of the server now; shown once, never cached or logged. */
    revealPhone: call<{ phone: string | null }>()(contactRef),
    createContact: call<OutboxEntry>()(createContactSchema),
    setContactStatus: call<OutboxEntry>()(contactRef.extend({ status: z.enum(contactStatuses) })),
    addContactFollowUp: call<OutboxEntry>()(contactRef.extend({ kind: z.enum(followUpKinds), note: body(4000) })),
};
