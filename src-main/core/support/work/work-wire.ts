// An after-sales work item as the server sends it (docs/api-assumptions.md, Support).
import type { WorkItemRow } from '../../../../src-shared/contract/support.ts';
import type { Fields } from '../../wire/read.ts';
import { followedRecordReader, type DetailParts } from '../follow-up-wire.ts';
import { stringOr } from '../support-wire.ts';

/** What a work item's detail says beyond its row. */
export interface WorkItemText {
  description: string | null;
}

export type WireWorkItem = WorkItemRow & WorkItemText & DetailParts;

const NAMES = {
  id: ['id', 'work_id', 'workId', 'work_item_id'],
  title: ['title', 'subject', 'name'],
  description: ['description', 'content', 'detail', 'body'],
  status: ['status', 'state'],
  priority: ['priority', 'level', 'urgency'],
  contactId: ['contact_id', 'contactId', 'customer_id'],
  ticketId: ['ticket_id', 'ticketId'],
  assignee: ['assignee', 'owner', 'assigned_to', 'handler'],
} as const;
const readFollowedParts = followedRecordReader(NAMES);

export function readWorkItem(fields: Fields): WireWorkItem | undefined {
  const id = fields.id(...NAMES.id);
  if (id === undefined) return undefined;
  const status = fields.string(...NAMES.status)?.trim();
  return {
    id,
    title: stringOr(fields, ...NAMES.title),
    description: stringOr(fields, ...NAMES.description),
    status: status ? status : 'unknown',
    priority: stringOr(fields, ...NAMES.priority),
    contactId: fields.id(...NAMES.contactId) ?? null,
    ticketId: fields.id(...NAMES.ticketId) ?? null,
    assignee: stringOr(fields, ...NAMES.assignee),
    ...readFollowedParts(fields),
  };
}
