// The cached after-sales work items of every support profile (table support_work_items).
import type { WorkItemRow } from '../../../../src-shared/contract/support.ts';
import type { Db } from '../../db/database.ts';
import { CachedRecordRepository, type CachedRecord } from '../cached-record-repository.ts';
import type { WireWorkItem, WorkItemText } from './work-wire.ts';

interface WorkDbRow {
  id: string;
  title: string | null;
  status: string;
  priority: string | null;
  contact_id: string | null;
  ticket_id: string | null;
  assignee: string | null;
  follow_count: number | null;
  created_at: string | null;
  updated_at: string | null;
}

export type CachedWorkItem = CachedRecord<WorkItemRow, WorkItemText>;

export interface WorkFilter {
  status?: string[] | undefined;
  priority?: string[] | undefined;
  contactId?: string | undefined;
  ticketId?: string | undefined;
  text?: string | undefined;
}

function toRow(row: WorkDbRow): WorkItemRow {
  return {
    id: row.id,
    title: row.title,
    status: row.status,
    priority: row.priority,
    contactId: row.contact_id,
    ticketId: row.ticket_id,
    assignee: row.assignee,
    followCount: row.follow_count,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export class WorkRepository extends CachedRecordRepository<WireWorkItem, WorkItemRow, WorkDbRow, WorkFilter, WorkItemText> {
  constructor(db: Db) {
    super(db, {
      table: 'support_work_items',
      columns: {
        title: (item) => item.title,
        description: (item) => item.description,
        priority: (item) => item.priority,
        contact_id: (item) => item.contactId,
        ticket_id: (item) => item.ticketId,
        assignee: (item) => item.assignee,
      },
      keptWhenNull: ['description'],
      rowColumns: 'id, title, status, priority, contact_id, ticket_id, assignee, follow_count, created_at, updated_at',
      toRow,
      detailColumns: ['description'],
      cacheFilter: (filter) => ({
        equals: { priority: filter.priority, contact_id: filter.contactId, ticket_id: filter.ticketId },
        text: filter.text,
        textColumns: ['title', 'description', 'assignee'],
      }),
    });
  }
}
