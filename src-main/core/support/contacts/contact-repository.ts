// The cached contacts of every support profile (table support_contacts), phones only masked.
import type { ContactRow, FollowUp } from '../../../../src-preload/contract/support.ts';
import type { Db } from '../../db/database.ts';
import { countCache, pruneCache, queryPage } from '../cache-query.ts';
import type { WireContact } from './contact-wire.ts';

interface ContactDbRow {
  id: string;
  name: string | null;
  email: string | null;
  phone: string | null;
  company: string | null;
  status: string;
  tags: string;
  follow_count: number | null;
  created_at: string | null;
  updated_at: string | null;
}

export interface CachedContact extends ContactRow {
  follows: FollowUp[] | null;
  other: Record<string, unknown>;
}

export interface ContactFilter {
  status?: string[] | undefined;
  text?: string | undefined;
}

const TABLE = 'support_contacts';
const ROW_COLUMNS = 'id, name, email, phone, company, status, tags, follow_count, created_at, updated_at';

function toRow(row: ContactDbRow): ContactRow {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    phoneMasked: row.phone !== null,
    company: row.company,
    status: row.status,
    tags: JSON.parse(row.tags) as string[],
    followCount: row.follow_count,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export class ContactRepository {
  readonly #db: Db;
  readonly #activity;
  readonly #upsert;
  readonly #find;

  constructor(db: Db) {
    this.#db = db;
    this.#activity = db.prepare<[string, string], { activity_at: string; status: string; follow_count: number | null }>(
      'SELECT activity_at, status, follow_count FROM support_contacts WHERE profile_id = ? AND id = ?',
    );
    this.#upsert = db.prepare(
      `INSERT INTO support_contacts (profile_id, id, name, email, phone, company, status, tags, follow_count, created_at, updated_at, follows, other, activity_at, synced_at)
       VALUES (@profileId, @id, @name, @email, @phone, @company, @status, @tags, @followCount, @createdAt, @updatedAt, @follows, @other, @activityAt, @syncedAt)
       ON CONFLICT (profile_id, id) DO UPDATE SET name = excluded.name, email = excluded.email, phone = excluded.phone,
         company = excluded.company, status = excluded.status, tags = excluded.tags, follow_count = excluded.follow_count,
         created_at = excluded.created_at, updated_at = excluded.updated_at, follows = COALESCE(excluded.follows, follows),
         other = excluded.other, activity_at = excluded.activity_at, synced_at = excluded.synced_at`,
    );
    this.#find = db.prepare<[string, string], ContactDbRow & { follows: string | null; other: string }>(
      `SELECT ${ROW_COLUMNS}, follows, other FROM support_contacts WHERE profile_id = ? AND id = ?`,
    );
  }

  /** Stores what the server said of these contacts; answers how many were new or changed. */
  store(profileId: string, contacts: WireContact[], syncedAt: string): number {
    let changed = 0;
    this.#db.transaction(() => {
      for (const contact of contacts) {
        const before = this.#activity.get(profileId, contact.id);
        const activityAt = contact.updatedAt ?? contact.createdAt ?? before?.activity_at ?? syncedAt;
        if (!before || before.activity_at !== activityAt || before.status !== contact.status || before.follow_count !== contact.followCount) changed++;
        this.#upsert.run({
          profileId,
          id: contact.id,
          name: contact.name,
          email: contact.email,
          phone: contact.phone,
          company: contact.company,
          status: contact.status,
          tags: JSON.stringify(contact.tags),
          followCount: contact.followCount ?? contact.follows?.length ?? null,
          createdAt: contact.createdAt,
          updatedAt: contact.updatedAt,
          follows: contact.follows === null ? null : JSON.stringify(contact.follows),
          other: JSON.stringify(contact.other),
          activityAt,
          syncedAt,
        });
      }
    })();
    return changed;
  }

  query(profileId: string, filter: ContactFilter, offset: number, limit: number): { rows: ContactRow[]; total: number } {
    const { rows, total } = queryPage<ContactDbRow>(this.#db, TABLE, ROW_COLUMNS, profileId, {
      status: filter.status,
      text: filter.text,
      textColumns: ['name', 'email', 'company', 'phone'],
    }, offset, limit);
    return { rows: rows.map(toRow), total };
  }

  find(profileId: string, id: string): CachedContact | undefined {
    const row = this.#find.get(profileId, id);
    if (!row) return undefined;
    return {
      ...toRow(row),
      follows: row.follows === null ? null : (JSON.parse(row.follows) as FollowUp[]),
      other: JSON.parse(row.other) as Record<string, unknown>,
    };
  }

  count(profileId: string): number {
    return countCache(this.#db, TABLE, profileId);
  }

  prune(profileId: string, cutoffIso: string, maxRows: number): number {
    return pruneCache(this.#db, TABLE, profileId, cutoffIso, maxRows);
  }
}
