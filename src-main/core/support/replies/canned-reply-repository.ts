// The canned replies (table canned_replies): the analyst's own texts, for every support connection or one.
import type { CannedReply } from '../../../../src-shared/contract/replies.ts';
import type { Db } from '../../db/database.ts';

interface CannedReplyDbRow {
  id: string;
  profile_id: string | null;
  shortcut: string;
  body: string;
  created_at: string;
  updated_at: string;
}

function toReply(row: CannedReplyDbRow): CannedReply {
  return { id: row.id, profileId: row.profile_id, shortcut: row.shortcut, body: row.body, createdAt: row.created_at, updatedAt: row.updated_at };
}

const COLUMNS = 'id, profile_id, shortcut, body, created_at, updated_at';

export class CannedReplyRepository {
  readonly #db: Db;
  constructor(db: Db) {
    this.#db = db;
  }

  /** Every reply, or those offered on one profile (every connection's and its own), by shortcut. */
  list(profileId?: string): CannedReply[] {
    const rows =
      profileId === undefined
        ? this.#db.prepare<[], CannedReplyDbRow>(`SELECT ${COLUMNS} FROM canned_replies ORDER BY shortcut COLLATE NOCASE`).all()
        : this.#db.prepare<[string], CannedReplyDbRow>(`SELECT ${COLUMNS} FROM canned_replies WHERE profile_id IS NULL OR profile_id = ? ORDER BY shortcut COLLATE NOCASE`).all(profileId);
    return rows.map(toReply);
  }

  find(id: string): CannedReply | undefined {
    const row = this.#db.prepare<[string], CannedReplyDbRow>(`SELECT ${COLUMNS} FROM canned_replies WHERE id = ?`).get(id);
    return row && toReply(row);
  }

  /** The reply holding this shortcut (any case), if any. */
  byShortcut(shortcut: string): CannedReply | undefined {
    const row = this.#db.prepare<[string], CannedReplyDbRow>(`SELECT ${COLUMNS} FROM canned_replies WHERE shortcut = ? COLLATE NOCASE`).get(shortcut);
    return row && toReply(row);
  }

  insert(reply: CannedReply): void {
    this.#db
      .prepare('INSERT INTO canned_replies (id, profile_id, shortcut, body, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)')
      .run(reply.id, reply.profileId, reply.shortcut, reply.body, reply.createdAt, reply.updatedAt);
  }

  update(reply: CannedReply): void {
    this.#db.prepare('UPDATE canned_replies SET profile_id = ?, shortcut = ?, body = ?, updated_at = ? WHERE id = ?').run(reply.profileId, reply.shortcut, reply.body, reply.updatedAt, reply.id);
  }

  remove(id: string): void {
    this.#db.prepare('DELETE FROM canned_replies WHERE id = ?').run(id);
  }
}
