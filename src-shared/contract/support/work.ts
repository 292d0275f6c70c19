// After-sales work items: the cached list, an item with its follow-ups, and the writes on it.
import { z } from 'zod';
import { call } from '../define.ts';
import type { IpcError } from '../define.ts';
import type { OutboxEntry } from '../outbox.ts';
import type { CachedPage } from '../pages.ts';
import { body, freshness, objectId, pageWindow, profileId, searchText, withProfile } from './common.ts';
import { followUpKinds, type FollowUp, type OtherField } from './shared-types.ts';

export const workStatuses = ['open', 'pending', 'waiting', 'resolved', 'closed'] as const;
export type WorkStatus = (typeof workStatuses)[number];
/** Work item priorities are "not shown" in support.md: offered in the form; the server may refuse them (bad_request). */
export const knownWorkPriorities = ['low', 'normal', 'high', 'urgent'] as const;

export interface WorkItemRow {
  id: string;
  title: string | null;
  /** open, pending, waiting, resolved, closed, or what the server sent. */
  status: string;
  priority: string | null;
  contactId: string | null;
  ticketId: string | null;
  assignee: string | null;
  followCount: number | null;
  createdAt: string | null;
  updatedAt: string | null;
}

export interface WorkItemDetail extends WorkItemRow {
  description: string | null;
  follows: FollowUp[];
  otherFields: OtherField[];
  from: 'server' | 'cache';
  error?: IpcError;
}

export const workQuerySchema = z.object({
  profileId,
  status: z.array(z.string().min(1).max(40)).max(10).optional(),
  priority: z.array(z.string().min(1).max(40)).max(10).optional(),
  contactId: objectId.optional(),
  ticketId: objectId.optional(),
  /** Words in the title, description or assignee. */
  text: searchText.optional(),
  ...pageWindow,
});
export type WorkQuery = z.input<typeof workQuerySchema>;

export const createWorkItemSchema = z.object({
  profileId,
  title: body(200),
  description: z.string().max(10_000).optional(),
  priority: z.string().trim().min(1).max(40).optional(),
  contactId: objectId.optional(),
  ticketId: objectId.optional(),
  assignee: z.string().trim().max(200).optional(),
});

const workRef = withProfile.extend({ workId: objectId });

export const workCalls = {
    /** A page of cached work items; opening the list also refreshes the cache when it is stale (`cacheChanged`). */
    workItems: call<CachedPage<WorkItemRow>>()(workQuerySchema),
    workItem: call<WorkItemDetail>()(workRef.extend(freshness)),
    createWorkItem: call<OutboxEntry>()(createWorkItemSchema),
    setWorkStatus: call<OutboxEntry>()(workRef.extend({ status: z.enum(workStatuses) })),
    addWorkFollowUp: call<OutboxEntry>()(workRef.extend({ kind: z.enum(followUpKinds).optional(), note: body(4000) })),
};
