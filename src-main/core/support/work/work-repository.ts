// The cached after-sales work items of every support profile (table support_work_items).
import type { FollowUp, WorkItemRow } from '../../../../src-preload/contract/support.ts';
import type { Db } from '../../db/database.ts';
import { countCache, pruneCache, queryPage } from '../cache-query.ts';
import type { WireWorkItem } from './work-wire.ts';

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

export interface CachedWorkItem extends WorkItemRow {
  description: string | null;
  follows: FollowUp[] | null;
  other: Record<string, unknown>;
}

export interface WorkFilter {
  status?: string[] | undefined;
  priority?: string[] | undefined;
  contactId?: string | undefined;
  ticketId?: string | undefined;
  text?: string | undefined;
}

const TABLE = 'support_work_items';
const ROW_COLUMNS = 'id, title, status, priority, contact_id, ticket_id, assignee, follow_count, created_at, updated_at';

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

export class WorkRepository {
  readonly #db: Db;
  readonly #activity;
  readonly #upsert;
  readonly #find;

  constructor(db: Db) {
    this.#db = db;
    this.#activity = db.prepare<[string, string], { activity_at: string; status: string; follow_count: number | null }>(
      'SELECT activity_at, status, follow_count FROM support_work_items WHERE profile_id = ? AND id = ?',
    );
    this.#upsert = db.prepare(
      `INSERT INTO support_work_items (profile_id, id, title, description, status, priority, contact_id, ticket_id, assignee, follow_count,
         created_at, updated_at, follows, other, activity_at, synced_at)
       VALUES (@profileId, @id, @title, @description, @status, @priority, @contactId, @ticketId, @assignee, @followCount,
         @createdAt, @updatedAt, @follows, @other, @activityAt, @syncedAt)
       ON CONFLICT (profile_id, id) DO UPDATE SET title = excluded.title, description = COALESCE(excluded.description, description),
         status = excluded.status, priority = excluded.priority, contact_id = excluded.contact_id, ticket_id = excluded.ticket_id,
         assignee = excluded.assignee, follow_count = excluded.follow_count, created_at = excluded.created_at,
         updated_at = excluded.updated_at, follows = COALESCE(excluded.follows, follows), other = excluded.other,
         activity_at = excluded.activity_at, synced_at = excluded.synced_at`,
    );
    this.#find = db.prepare<[string, string], WorkDbRow & { description: string | null; follows: string | null; other: string }>(
      `SELECT ${ROW_COLUMNS}, description, follows, other FROM support_work_items WHERE profile_id = ? AND id = ?`,
    );
  }

  /** Stores what the server said of these work items; answers how many were new or changed. */
  store(profileId: string, items: WireWorkItem[], syncedAt: string): number {
    let changed = 0;
    this.#db.transaction(() => {
      for (const item of items) {
        const before = this.#activity.get(profileId, item.id);
        const activityAt = item.updatedAt ?? item.createdAt ?? before?.activity_at ?? syncedAt;
        if (!before || before.activity_at !== activityAt || before.status !== item.status || before.follow_count !== item.followCount) changed++;
        this.#upsert.run({
          profileId,
          id: item.id,
          title: item.title,
          description: item.description,
          status: item.status,
          priority: item.priority,
          contactId: item.contactId,
          ticketId: item.ticketId,
          assignee: item.assignee,
          followCount: item.followCount ?? item.follows?.length ?? null,
          createdAt: item.createdAt,
          updatedAt: item.updatedAt,
          follows: item.follows === null ? null : JSON.stringify(item.follows),
          other: JSON.stringify(item.other),
          activityAt,
          syncedAt,
        });
      }
    })();
    return changed;
  }

  query(profileId: string, filter: WorkFilter, offset: number, limit: number): { rows: WorkItemRow[]; total: number } {
    const { rows, total } = queryPage<WorkDbRow>(this.#db, TABLE, ROW_COLUMNS, profileId, {
      status: filter.status,
      equals: { priority: filter.priority, contact_id: filter.contactId, ticket_id: filter.ticketId },
      text: filter.text,
      textColumns: ['title', 'description', 'assignee'],
    }, offset, limit);
    return { rows: rows.map(toRow), total };
  }

  find(profileId: string, id: string): CachedWorkItem | undefined {
    const row = this.#find.get(profileId, id);
    if (!row) return undefined;
    const { description, follows, other, ...rest } = row;
    return {
      ...toRow(rest),
      description,
      follows: follows === null ? null : (JSON.parse(follows) as FollowUp[]),
      other: JSON.parse(other) as Record<string, unknown>,
    };
  }

  count(profileId: string): number {
    return countCache(this.#db, TABLE, profileId);
  }

  prune(profileId: string, cutoffIso: string, maxRows: number): number {
    return pruneCache(this.#db, TABLE, profileId, cutoffIso, maxRows);
  }
}
