// An after-sales work item as the server sends it (docs/api-assumptions.md, Support).
import type { FollowUp } from '../../../../src-preload/contract/support.ts';
import type { Fields } from '../../wire/read.ts';
import { FOLLOW_UP_NAMES, readFollowUps } from '../follow-up-wire.ts';
import { otherOf, stringOr } from '../support-wire.ts';

export interface WireWorkItem {
  id: string;
  title: string | null;
  description: string | null;
  status: string;
  priority: string | null;
  contactId: string | null;
  ticketId: string | null;
  assignee: string | null;
  followCount: number | null;
  createdAt: string | null;
  updatedAt: string | null;
  follows: FollowUp[] | null;
  other: Record<string, unknown>;
}

const NAMES = {
  id: ['id', 'work_id', 'workId', 'work_item_id'],
  title: ['title', 'subject', 'name'],
  description: ['description', 'content', 'detail', 'body'],
  status: ['status', 'state'],
  priority: ['priority', 'level', 'urgency'],
  contactId: ['contact_id', 'contactId', 'customer_id'],
  ticketId: ['ticket_id', 'ticketId'],
  assignee: ['assignee', 'owner', 'assigned_to', 'handler'],
  followCount: ['follow_count', 'followCount', 'follows_count'],
  createdAt: ['created_at', 'createdAt', 'created'],
  updatedAt: ['updated_at', 'updatedAt', 'modified_at'],
} as const;
const KNOWN = new Set<string>([...Object.values(NAMES).flat(), ...FOLLOW_UP_NAMES, 'site', 'site_id']);

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
    followCount: fields.number(...NAMES.followCount) ?? null,
    createdAt: fields.time(...NAMES.createdAt) ?? null,
    updatedAt: fields.time(...NAMES.updatedAt) ?? null,
    follows: readFollowUps(fields),
    other: otherOf(fields.record, KNOWN),
  };
}
