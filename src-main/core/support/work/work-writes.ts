// What each work-item write sends (docs/api-assumptions.md, Support: the bodies OpsDesk sends),
// under which object, and what the user did, in the outbox's words.
import type { z } from 'zod';
import type { createWorkItemSchema, FollowUpKind, WorkStatus } from '../../../../src-shared/contract/support.ts';
import type { SupportWrite } from '../support-outbox.ts';
import { pathOf, present } from '../write-body.ts';

type CreateWorkItem = z.output<typeof createWorkItemSchema>;

export function createWorkItemWrite({ profileId, title, description, priority, contactId, ticketId, assignee }: CreateWorkItem): SupportWrite {
  return {
    profileId,
    objectKey: 'work:new',
    action: { code: 'createWorkItem', params: { title } },
    request: { method: 'POST', path: '/work', body: present({ title, description, priority, contact_id: contactId, ticket_id: ticketId, assignee }) },
  };
}

export function setWorkStatusWrite(profileId: string, workId: string, status: WorkStatus): SupportWrite {
  return { profileId, objectKey: `work:${workId}`, action: { code: 'setWorkStatus', params: { id: workId, status } }, request: { method: 'POST', path: pathOf('work', workId), body: { status } } };
}

export function addWorkFollowUpWrite(profileId: string, workId: string, kind: FollowUpKind | undefined, note: string): SupportWrite {
  return { profileId, objectKey: `work:${workId}`, action: { code: 'addWorkFollowUp', params: { id: workId } }, request: { method: 'POST', path: `${pathOf('work', workId)}/follows`, body: present({ kind, note }), textField: 'followUpNote' } };
}
