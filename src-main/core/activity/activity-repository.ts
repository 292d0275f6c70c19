import type { ActivityEntry, ActivityFilter, ActivityOutcome } from '../../../src-shared/contract/activity.ts';
import type { Db } from '../db/database.ts';

interface ActivityRow {
  id: string;
  at: string;
  os_user: string | null;
  profile_id: string | null;
  profile_name: string | null;
  back_end: ActivityEntry['backEnd'];
  action: string;
  params: string | null;
  target_kind: ActivityEntry['target']['kind'];
  target_id: string | null;
  target_address: string | null;
  target_label: string | null;
  request_id: string | null;
  outcome: ActivityOutcome;
  error_code: string | null;
  proposed_by_conversation: string | null;
  updated_at: string;
}

const toEntry = (row: ActivityRow): ActivityEntry => ({
  id: row.id,
  at: row.at,
  osUser: row.os_user,
  profileId: row.profile_id,
  profileName: row.profile_name,
  backEnd: row.back_end,
  action: { code: row.action, ...(row.params !== null && { params: JSON.parse(row.params) as Record<string, string | number> }) },
  target: {
    kind: row.target_kind,
    ...(row.target_id !== null && { id: row.target_id }),
    ...(row.target_address !== null && { address: row.target_address }),
    ...(row.target_label !== null && { label: row.target_label }),
  },
  requestId: row.request_id,
  outcome: row.outcome,
  errorCode: row.error_code,
  ...(row.proposed_by_conversation !== null && { proposedBy: { conversationId: row.proposed_by_conversation } }),
  updatedAt: row.updated_at,
});

/** A settled outcome of a write the outbox held. */
export interface OutcomeChange {
  outcome: ActivityOutcome;
  errorCode: string | null;
  requestId: string | null;
  /** The id the server gave a new item, once it is sent. */
  targetId?: string | undefined;
  at: string;
}

/** What `where` binds: the filter's values under fixed names. */
type Bindings = Record<string, string | number>;

function whereOf(filter: ActivityFilter): { sql: string; bindings: Bindings } {
  const conditions: string[] = [];
  const bindings: Bindings = {};
  const anyOf = (column: string, name: string, values: readonly string[] | undefined) => {
    if (!values || values.length === 0) return;
    conditions.push(`${column} IN (${values.map((_, index) => `@${name}${index}`).join(', ')})`);
    values.forEach((value, index) => (bindings[`${name}${index}`] = value));
  };
  anyOf('back_end', 'backEnd', filter.backEnds);
  anyOf('action', 'action', filter.actions);
  anyOf('outcome', 'outcome', filter.outcomes);
  if (filter.from) {
    conditions.push('at >= @from');
    bindings['from'] = new Date(filter.from).toISOString();
  }
  if (filter.to) {
    conditions.push('at <= @to');
    bindings['to'] = new Date(filter.to).toISOString();
  }
  if (filter.target && 'address' in filter.target) {
    conditions.push('target_address = @targetAddress');
    bindings['targetAddress'] = filter.target.address;
  } else if (filter.target) {
    conditions.push('target_kind = @targetKind AND target_id = @targetId');
    bindings['targetKind'] = filter.target.kind;
    bindings['targetId'] = filter.target.id;
  }
  const text = filter.text?.trim();
  if (text) {
    conditions.push(textMatch);
    bindings['text'] = likePattern(text);
  }
  return { sql: conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '', bindings };
}

// A plain LIKE: the log holds months of one analyst's actions, thousands of rows, not millions.
const textMatch = `(${['action', 'params', 'target_id', 'target_address', 'target_label', 'request_id', 'profile_name', 'os_user', 'error_code']
  .map((column) => `${column} LIKE @text ESCAPE '\\'`)
  .join(' OR ')})`;

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

/** The `activity_log` table: rows are added, and changed only when a queued write settles. */
export class ActivityRepository {
  readonly #db: Db;
  constructor(db: Db) {
    this.#db = db;
  }

  insert(entry: ActivityEntry, outboxId?: string): void {
    this.#db
      .prepare(
        `INSERT INTO activity_log (id, at, os_user, profile_id, profile_name, back_end, action, params, target_kind, target_id, target_address, target_label,
           request_id, outcome, error_code, outbox_id, proposed_by_conversation, updated_at)
         VALUES (@id, @at, @osUser, @profileId, @profileName, @backEnd, @action, @params, @targetKind, @targetId, @targetAddress, @targetLabel,
           @requestId, @outcome, @errorCode, @outboxId, @proposedBy, @updatedAt)`,
      )
      .run({
        id: entry.id,
        at: entry.at,
        osUser: entry.osUser,
        profileId: entry.profileId,
        profileName: entry.profileName,
        backEnd: entry.backEnd,
        action: entry.action.code,
        params: entry.action.params ? JSON.stringify(entry.action.params) : null,
        targetKind: entry.target.kind,
        targetId: entry.target.id ?? null,
        targetAddress: entry.target.address ?? null,
        targetLabel: entry.target.label ?? null,
        requestId: entry.requestId,
        outcome: entry.outcome,
        errorCode: entry.errorCode,
        outboxId: outboxId ?? null,
        proposedBy: entry.proposedBy?.conversationId ?? null,
        updatedAt: entry.updatedAt,
      });
  }

  findByOutboxId(outboxId: string): ActivityEntry | undefined {
    const row = this.#db.prepare('SELECT * FROM activity_log WHERE outbox_id = ?').get(outboxId) as ActivityRow | undefined;
    return row && toEntry(row);
  }

  /** A queued write went out, was refused, or was given up. */
  settleOutboxWrite(outboxId: string, change: OutcomeChange): ActivityEntry | undefined {
    const row = this.#db
      .prepare(
        `UPDATE activity_log SET outcome = @outcome, error_code = @errorCode, request_id = COALESCE(@requestId, request_id),
           target_id = COALESCE(@targetId, target_id), updated_at = @at
         WHERE outbox_id = @outboxId RETURNING *`,
      )
      .get({ outboxId, ...change, targetId: change.targetId ?? null }) as ActivityRow | undefined;
    return row && toEntry(row);
  }

  page(filter: ActivityFilter, offset: number, limit: number): { rows: ActivityEntry[]; total: number } {
    const { sql, bindings } = whereOf(filter);
    const rows = this.#db.prepare(`SELECT * FROM activity_log ${sql} ORDER BY at DESC, seq DESC LIMIT @limit OFFSET @offset`).all({ ...bindings, limit, offset }) as ActivityRow[];
    const { total } = this.#db.prepare(`SELECT COUNT(*) AS total FROM activity_log ${sql}`).get(bindings) as { total: number };
    return { rows: rows.map(toEntry), total };
  }

  /** Every matching entry, newest first, for an export. */
  *iterate(filter: ActivityFilter): Generator<ActivityEntry> {
    const { sql, bindings } = whereOf(filter);
    for (const row of this.#db.prepare(`SELECT * FROM activity_log ${sql} ORDER BY at DESC, seq DESC`).iterate(bindings)) yield toEntry(row as ActivityRow);
  }

  /** The newest entries whose words contain `text` (the command palette's search). */
  search(text: string, limit: number): ActivityEntry[] {
    if (!text.trim()) return [];
    return this.page({ text }, 0, limit).rows;
  }

  actions(): string[] {
    return (this.#db.prepare('SELECT DISTINCT action FROM activity_log ORDER BY action').all() as { action: string }[]).map((row) => row.action);
  }

  /** Deletes the entries made before `at` (ISO); returns how many. */
  deleteBefore(at: string): number {
    return this.#db.prepare('DELETE FROM activity_log WHERE at < ?').run(at).changes;
  }
}
