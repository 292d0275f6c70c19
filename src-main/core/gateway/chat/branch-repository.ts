import { randomUUID } from 'node:crypto';
import type { MessageVersions } from '../../../../src-shared/contract/gateway.ts';
import type { Db } from '../../db/database.ts';

const MESSAGE_COLUMNS = 'id, role, content, reasoning, outcome, error, usage, model, created_at';

interface BranchRow {
  id: string;
  fork_after: string | null;
  started_at: string;
}

interface ForkPoint {
  conversationId: string;
  /** The active message at the fork: the first of the path on screen after `forkAfter`. */
  id: string;
  position: number;
  createdAt: string;
  forkAfter: string | null;
}

/**
 * The `chat_branches` and `chat_branch_messages` tables: the paths of a conversation set aside by a
 * regenerated answer or an edited question. A branch is the run of messages that followed one
 * message (`fork_after`); the versions at a fork are its branches and the path on screen, in the
 * order their first messages were written. Moving a path aside or back moves its rows between
 * `chat_messages` and here under the same ids, so a branch's own branches travel with it.
 */
export class BranchRepository {
  readonly #db: Db;
  constructor(db: Db) {
    this.#db = db;
  }

  /** Moves the path on screen from `messageId` (included) to its end into a new branch. */
  setAside(messageId: string): void {
    this.#db.transaction(() => this.#setAside(this.#forkPoint(messageId)))();
  }

  /**
   * Shows the version `step` places before or after the one on screen at `messageId`'s fork: the
   * path on screen from there is set aside and that branch takes its place. False when there is none.
   */
  show(messageId: string, step: -1 | 1): boolean {
    return this.#db.transaction(() => {
      const fork = this.#forkPoint(messageId);
      const versions = this.#versionsAt(fork);
      const target = versions[versions.findIndex((version) => version.id === null) + step];
      if (!target?.id) return false;
      this.#setAside(fork);
      this.#db
        .prepare(
          `INSERT INTO chat_messages (conversation_id, position, ${MESSAGE_COLUMNS})
           SELECT @conversationId, @from + position, ${MESSAGE_COLUMNS} FROM chat_branch_messages WHERE branch_id = @branchId`,
        )
        .run({ conversationId: fork.conversationId, from: fork.position, branchId: target.id });
      this.#db.prepare('DELETE FROM chat_branches WHERE id = ?').run(target.id);
      return true;
    })();
  }

  /** Where the path on screen has other versions: each fork's message id with its place among them. */
  versionsOf(conversationId: string): Map<string, MessageVersions> {
    const forks = this.#db.prepare('SELECT DISTINCT fork_after FROM chat_branches WHERE conversation_id = ?').pluck().all(conversationId) as (string | null)[];
    const found = new Map<string, MessageVersions>();
    for (const forkAfter of forks) {
      const fork = this.#activeAfter(conversationId, forkAfter);
      if (!fork) continue;
      const versions = this.#versionsAt(fork);
      found.set(fork.id, { index: versions.findIndex((version) => version.id === null) + 1, count: versions.length });
    }
    return found;
  }

  /** The branches at a fork and the path on screen (id null), oldest first. */
  #versionsAt(fork: ForkPoint): { id: string | null; startedAt: string }[] {
    const branches = this.#db
      .prepare('SELECT id, fork_after, started_at FROM chat_branches WHERE conversation_id = ? AND fork_after IS ?')
      .all(fork.conversationId, fork.forkAfter) as BranchRow[];
    const versions = [...branches.map((branch) => ({ id: branch.id as string | null, startedAt: branch.started_at })), { id: null, startedAt: fork.createdAt }];
    return versions.sort((a, b) => a.startedAt.localeCompare(b.startedAt) || (a.id === null ? 1 : b.id === null ? -1 : a.id.localeCompare(b.id)));
  }

  #setAside(fork: ForkPoint): void {
    const { conversationId } = fork;
    const branchId = randomUUID();
    this.#db
      .prepare('INSERT INTO chat_branches (id, conversation_id, fork_after, started_at) VALUES (?, ?, ?, ?)')
      .run(branchId, conversationId, fork.forkAfter, fork.createdAt);
    // An answer cut off by being set aside keeps the text stored so far and says it was stopped.
    this.#db
      .prepare(
        `INSERT INTO chat_branch_messages (branch_id, position, ${MESSAGE_COLUMNS})
         SELECT @branchId, position - @from, id, role, content, reasoning,
                CASE outcome WHEN 'streaming' THEN 'stopped' ELSE outcome END, error, usage, model, created_at
         FROM chat_messages WHERE conversation_id = @conversationId AND position >= @from`,
      )
      .run({ branchId, conversationId, from: fork.position });
    this.#db.prepare('DELETE FROM chat_messages WHERE conversation_id = ? AND position >= ?').run(conversationId, fork.position);
  }

  #forkPoint(messageId: string): ForkPoint {
    const row = this.#db
      .prepare(
        `SELECT m.conversation_id, m.id, m.position, m.created_at,
                (SELECT before.id FROM chat_messages before WHERE before.conversation_id = m.conversation_id AND before.position = m.position - 1) AS fork_after
         FROM chat_messages m WHERE m.id = ?`,
      )
      .get(messageId) as { conversation_id: string; id: string; position: number; created_at: string; fork_after: string | null } | undefined;
    if (!row) throw new Error(`message ${messageId} is not on a conversation's path`);
    return { conversationId: row.conversation_id, id: row.id, position: row.position, createdAt: row.created_at, forkAfter: row.fork_after };
  }

  #activeAfter(conversationId: string, forkAfter: string | null): ForkPoint | undefined {
    const row = (
      forkAfter === null
        ? this.#db.prepare('SELECT id, position, created_at FROM chat_messages WHERE conversation_id = ? AND position = 0').get(conversationId)
        : this.#db
            .prepare(
              `SELECT next.id, next.position, next.created_at FROM chat_messages fork
               JOIN chat_messages next ON next.conversation_id = fork.conversation_id AND next.position = fork.position + 1
               WHERE fork.id = ? AND fork.conversation_id = ?`,
            )
            .get(forkAfter, conversationId)
    ) as { id: string; position: number; created_at: string } | undefined;
    return row && { conversationId, id: row.id, position: row.position, createdAt: row.created_at, forkAfter };
  }
}
