// What each contact write sends (docs/api-assumptions.md, Support: the bodies OpsDesk sends), under
// which object, and what the user did, in the outbox's words.
import type { z } from 'zod';
import type { ContactStatus, createContactSchema, FollowUpKind } from '../../../../src-shared/contract/support.ts';
import type { SupportWrite } from '../support-outbox.ts';
import { pathOf, present } from '../write-body.ts';

type CreateContact = z.output<typeof createContactSchema>;

export function createContactWrite({ profileId, name, email, phone, company, tags }: CreateContact): SupportWrite {
  return {
    profileId,
    objectKey: 'contact:new',
    action: { code: 'createContact', params: { name } },
    request: { method: 'POST', path: '/contacts', body: present({ name, email, phone, company, tags: tags && tags.length > 0 ? tags : undefined }) },
  };
}

export function setContactStatusWrite(profileId: string, contactId: string, name: string, status: ContactStatus): SupportWrite {
  return { profileId, objectKey: `contact:${contactId}`, action: { code: 'setContactStatus', params: { name, status } }, request: { method: 'PATCH', path: pathOf('contacts', contactId), body: { status } } };
}

export function addContactFollowUpWrite(profileId: string, contactId: string, name: string, kind: FollowUpKind, note: string): SupportWrite {
  return { profileId, objectKey: `contact:${contactId}`, action: { code: 'addContactFollowUp', params: { name } }, request: { method: 'POST', path: `${pathOf('contacts', contactId)}/follows`, body: { kind, note }, textField: 'followUpNote' } };
}
