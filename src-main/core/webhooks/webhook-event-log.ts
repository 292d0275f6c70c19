// Event ids already received, per profile, in `webhook_events` (migration 9): senders deliver an
// event again when they miss the answer, and OpsDesk may have restarted in between.
import type { Db } from '../db/database.ts';

/** Ids are remembered this long; senders retry within seconds. */
const REMEMBER_MS = 7 * 86_400_000;

export class WebhookEventLog {
  readonly #db: Db;

  constructor(db: Db) {
    this.#db = db;
  }

  /** Records the id; true the first time it is seen for this profile. */
  recordFirst(profileId: string, eventId: string, now: number): boolean {
    const isNew =
      this.#db.prepare('INSERT INTO webhook_events (profile_id, event_id, received_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING')
        .run(profileId, eventId, new Date(now).toISOString()).changes === 1;
    if (isNew) this.#db.prepare('DELETE FROM webhook_events WHERE profile_id = ? AND received_at < ?').run(profileId, new Date(now - REMEMBER_MS).toISOString());
    return isNew;
  }
}
