// The outbox's writes (table outbox_writes).
import type { IpcError } from '../../../src-shared/contract/define.ts';
import type { Db } from '../db/database.ts';
import type { OutboxEntry, OutboxRequest, OutboxState, OutboxWrite } from './outbox.ts';

interface OutboxRow {
  seq: number;
  id: string;
  profile_id: string;
  service: OutboxWrite['service'];
  object_key: string;
  action: string;
  request: string | null;
  idempotency_key: string;
  state: OutboxState;
  error: string | null;
  attempts: number;
  next_attempt_at: number | null;
  response: string | null;
  may_have_arrived: number;
  created_at: string;
  updated_at: string;
}

/** A stored write with what only main needs to send it: the request and its key. */
export interface StoredWrite {
  entry: OutboxEntry;
  write: OutboxWrite;
  idempotencyKey: string;
  /** When a queued write is due again (epoch ms); null: at once. */
  nextAttemptAt: number | null;
  /** An attempt may have reached the server: its answer was lost or cut off, or a crash came while it was being sent. */
  mayHaveArrived: boolean;
}

/** Writes that may still go out; a later write of the same object waits while any of these is before it. */
export const UNFINISHED_STATES: readonly OutboxState[] = ['sending', 'queued', 'failed'];
const unfinishedList = UNFINISHED_STATES.map((state) => `'${state}'`).join(', ');

function toEntry(row: OutboxRow): OutboxEntry {
  return {
    id: row.id,
    profileId: row.profile_id,
    service: row.service,
    objectKey: row.object_key,
    action: JSON.parse(row.action) as OutboxEntry['action'],
    state: row.state,
    error: row.error === null ? null : (JSON.parse(row.error) as IpcError),
    attempts: row.attempts,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    ...(row.response === null ? {} : { response: JSON.parse(row.response) as unknown }),
  };
}

function toStored(row: OutboxRow): StoredWrite {
  const entry = toEntry(row);
  const request = (row.request === null ? { method: 'POST', path: '' } : JSON.parse(row.request)) as OutboxRequest;
  return {
    entry,
    write: { profileId: row.profile_id, service: row.service, objectKey: row.object_key, action: entry.action, request },
    idempotencyKey: row.idempotency_key,
    nextAttemptAt: row.next_attempt_at,
    mayHaveArrived: row.may_have_arrived === 1,
  };
}

/**
 * A change's stamp: the time given, or a millisecond after the entry's last one. The window keeps
 * the later of two copies of a write, so two changes within one millisecond (or a fake clock's
 * one instant) must still be ordered.
 */
const laterStamp = "max(?, strftime('%Y-%m-%dT%H:%M:%fZ', updated_at, '+0.001 seconds'))";

/** Sent and discarded writes are kept this long for the window's chips, then forgotten. */
const SETTLED_KEPT_MS = 7 * 24 * 60 * 60 * 1000;

export class OutboxRepository {
  readonly #db: Db;

  constructor(db: Db) {
    this.#db = db;
  }

  /** Stores the write; `alongside` writes what belongs with it (a link to it) in the same transaction. */
  insert(write: OutboxWrite, id: string, idempotencyKey: string, at: string, alongside?: (id: string) => void): OutboxEntry {
    this.#db.transaction(() => {
      this.#db
        .prepare(
          `INSERT INTO outbox_writes (id, profile_id, service, object_key, action, request, idempotency_key, state, created_at, updated_at)
           VALUES (@id, @profileId, @service, @objectKey, @action, @request, @idempotencyKey, 'queued', @at, @at)`,
        )
        .run({
          id,
          profileId: write.profileId,
          service: write.service,
          objectKey: write.objectKey,
          action: JSON.stringify(write.action),
          request: JSON.stringify(write.request),
          idempotencyKey,
          at,
        });
      alongside?.(id);
    })();
    return this.get(id)!;
  }

  get(id: string): OutboxEntry | null {
    const row = this.#db.prepare<[string], OutboxRow>('SELECT * FROM outbox_writes WHERE id = ?').get(id);
    return row ? toEntry(row) : null;
  }

  /** The write with what only main needs of it (its request, whether it may have arrived). */
  stored(id: string): StoredWrite | null {
    const row = this.#db.prepare<[string], OutboxRow>('SELECT * FROM outbox_writes WHERE id = ?').get(id);
    return row ? toStored(row) : null;
  }

  list(filter: { profileId?: string; states?: readonly OutboxState[] }): OutboxEntry[] {
    const states = filter.states ?? null;
    const rows = this.#db
      .prepare<{ profileId: string | null; states: string | null }, OutboxRow>(
        `SELECT * FROM outbox_writes
         WHERE (@profileId IS NULL OR profile_id = @profileId) AND (@states IS NULL OR state IN (SELECT value FROM json_each(@states)))
         ORDER BY seq DESC`,
      )
      .all({ profileId: filter.profileId ?? null, states: states && JSON.stringify(states) });
    return rows.map(toEntry);
  }

  /** The oldest unfinished write of one object: the only one of that object that may go out now. */
  headOf(profileId: string, objectKey: string): StoredWrite | null {
    const row = this.#db
      .prepare<[string, string], OutboxRow>(
        `SELECT * FROM outbox_writes WHERE profile_id = ? AND object_key = ? AND state IN (${unfinishedList}) ORDER BY seq LIMIT 1`,
      )
      .get(profileId, objectKey);
    return row ? toStored(row) : null;
  }

  /** Every object with unfinished writes, optionally of one profile. */
  unfinishedObjects(profileId?: string): { profileId: string; objectKey: string }[] {
    return this.#db
      .prepare<{ profileId: string | null }, { profile_id: string; object_key: string }>(
        `SELECT DISTINCT profile_id, object_key FROM outbox_writes WHERE state IN (${unfinishedList}) AND (@profileId IS NULL OR profile_id = @profileId)`,
      )
      .all({ profileId: profileId ?? null })
      .map((row) => ({ profileId: row.profile_id, objectKey: row.object_key }));
  }

  /** The earliest time a queued write is due again, if any waits. */
  nextDue(): number | null {
    const row = this.#db.prepare<[], { at: number | null }>("SELECT MIN(next_attempt_at) AS at FROM outbox_writes WHERE state = 'queued'").get();
    return row?.at ?? null;
  }

  /** The attempt starts: counted and marked `sending` before the request leaves. */
  markSending(id: string, at: string): OutboxEntry {
    this.#db
      .prepare(`UPDATE outbox_writes SET state = 'sending', attempts = attempts + 1, next_attempt_at = NULL, updated_at = ${laterStamp} WHERE id = ?`)
      .run(at, id);
    return this.get(id)!;
  }

  /** Sent: the answer is kept, the body (which may hold customer data) is not. */
  markSent(id: string, response: unknown, at: string): OutboxEntry {
    this.#db
      .prepare(`UPDATE outbox_writes SET state = 'sent', request = NULL, error = NULL, next_attempt_at = NULL, response = ?, updated_at = ${laterStamp} WHERE id = ?`)
      .run(response === undefined ? null : JSON.stringify(response), at, id);
    return this.get(id)!;
  }

  /** `mayHaveArrived`: this attempt may have reached the server; once it may have, the write stays so marked. */
  markQueued(id: string, error: IpcError | null, nextAttemptAt: number | null, at: string, mayHaveArrived = false): OutboxEntry {
    this.#db
      .prepare(`UPDATE outbox_writes SET state = 'queued', error = ?, next_attempt_at = ?, may_have_arrived = max(may_have_arrived, ?), updated_at = ${laterStamp} WHERE id = ?`)
      .run(error && JSON.stringify(error), nextAttemptAt, mayHaveArrived ? 1 : 0, at, id);
    return this.get(id)!;
  }

  markFailed(id: string, error: IpcError, at: string): OutboxEntry {
    this.#db
      .prepare(`UPDATE outbox_writes SET state = 'failed', error = ?, next_attempt_at = NULL, updated_at = ${laterStamp} WHERE id = ?`)
      .run(JSON.stringify(error), at, id);
    return this.get(id)!;
  }

  markDiscarded(id: string, at: string): OutboxEntry {
    this.#db
      .prepare(`UPDATE outbox_writes SET state = 'discarded', request = NULL, next_attempt_at = NULL, updated_at = ${laterStamp} WHERE id = ?`)
      .run(at, id);
    return this.get(id)!;
  }

  /** The profile answers again: its queued writes go now, except those the server asked to wait (a 429, a Retry-After). */
  makeDueNow(profileId: string): void {
    this.#db
      .prepare(
        "UPDATE outbox_writes SET next_attempt_at = NULL WHERE profile_id = ? AND state = 'queued' AND json_extract(error, '$.code') IS NOT 'rate_limited' AND json_extract(error, '$.params.waitSeconds') IS NULL",
      )
      .run(profileId);
  }

  /** Writes a crash left `sending`: whether they reached the server is unknown, so they go again with their key. */
  requeueInterrupted(at: string): OutboxEntry[] {
    const ids = this.#db.prepare<[], { id: string }>("SELECT id FROM outbox_writes WHERE state = 'sending'").all();
    this.#db.prepare(`UPDATE outbox_writes SET state = 'queued', next_attempt_at = NULL, may_have_arrived = 1, updated_at = ${laterStamp} WHERE state = 'sending'`).run(at);
    return ids.map(({ id }) => this.get(id)!);
  }

  /** Unfinished writes per profile. */
  pendingCounts(): Record<string, number> {
    const rows = this.#db
      .prepare<[], { profile_id: string; n: number }>(
        `SELECT profile_id, COUNT(*) AS n FROM outbox_writes WHERE state IN (${unfinishedList}) GROUP BY profile_id`,
      )
      .all();
    return Object.fromEntries(rows.map((row) => [row.profile_id, row.n]));
  }

  forgetSettledBefore(now: number): void {
    const before = new Date(now - SETTLED_KEPT_MS).toISOString();
    this.#db.prepare("DELETE FROM outbox_writes WHERE state IN ('sent', 'discarded') AND updated_at < ?").run(before);
  }
}
