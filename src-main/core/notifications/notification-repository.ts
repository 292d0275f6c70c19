// The notification center's entries (table notifications).
import type { NotificationItem, NotificationKind } from '../../../src-shared/contract/notifications.ts';
import type { Db } from '../db/database.ts';
import { readSavedTarget } from '../workspace/saved-targets.ts';

interface NotificationRow {
  id: string;
  kind: NotificationKind;
  title: string;
  body: string;
  count: number;
  created_at: string;
  read: number;
  profile_id: string | null;
  target: string | null;
  group_key: string | null;
}

function toItem(row: NotificationRow): NotificationItem {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    body: row.body,
    count: row.count,
    createdAt: row.created_at,
    read: row.read === 1,
    profileId: row.profile_id,
    // An entry saved by an older version whose target no longer parses still shows; it opens nothing.
    target: row.target === null ? null : readSavedTarget(JSON.parse(row.target)),
  };
}

/** The center keeps this many entries; older ones go. */
const KEPT = 1000;

export class NotificationRepository {
  readonly #db: Db;

  constructor(db: Db) {
    this.#db = db;
  }

  insert(item: NotificationItem, groupKey: string | null): void {
    this.#db
      .prepare(
        `INSERT INTO notifications (id, kind, title, body, count, created_at, read, profile_id, target, group_key)
         VALUES (@id, @kind, @title, @body, @count, @createdAt, 0, @profileId, @target, @groupKey)`,
      )
      .run({ ...item, target: item.target === null ? null : JSON.stringify(item.target), groupKey });
    this.#db.prepare('DELETE FROM notifications WHERE id IN (SELECT id FROM notifications ORDER BY created_at DESC LIMIT -1 OFFSET ?)').run(KEPT);
  }

  /** The newest unread entry of a group since `since`, which a burst joins. */
  openGroup(groupKey: string, since: string): NotificationItem | undefined {
    const row = this.#db
      .prepare<[string, string], NotificationRow>('SELECT * FROM notifications WHERE group_key = ? AND read = 0 AND created_at >= ? ORDER BY created_at DESC LIMIT 1')
      .get(groupKey, since);
    return row && toItem(row);
  }

  update(item: NotificationItem): void {
    this.#db
      .prepare('UPDATE notifications SET title = @title, body = @body, count = @count, created_at = @createdAt, target = @target WHERE id = @id')
      .run({ id: item.id, title: item.title, body: item.body, count: item.count, createdAt: item.createdAt, target: item.target === null ? null : JSON.stringify(item.target) });
  }

  find(id: string): NotificationItem | undefined {
    const row = this.#db.prepare<[string], NotificationRow>('SELECT * FROM notifications WHERE id = ?').get(id);
    return row && toItem(row);
  }

  list(limit: number): NotificationItem[] {
    return this.#db.prepare<[number], NotificationRow>('SELECT * FROM notifications ORDER BY created_at DESC, rowid DESC LIMIT ?').all(limit).map(toItem);
  }

  unread(): number {
    return (this.#db.prepare('SELECT COUNT(*) AS n FROM notifications WHERE read = 0').get() as { n: number }).n;
  }

  markRead(ids: readonly string[] | undefined): void {
    if (ids === undefined) this.#db.prepare('UPDATE notifications SET read = 1 WHERE read = 0').run();
    else this.#db.prepare('UPDATE notifications SET read = 1 WHERE id IN (SELECT value FROM json_each(?))').run(JSON.stringify(ids));
  }

  clear(): void {
    this.#db.prepare('DELETE FROM notifications').run();
  }
}
