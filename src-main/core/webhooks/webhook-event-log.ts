// Event ids already received, per profile, in `webhook_events` (migrations 9 and 21): senders
// deliver an event again when they miss the answer, OpsDesk may have restarted in between, and a
// captured delivery may be replayed long after. A delivery is acted on only while it is young
// enough (`MAX_DELIVERY_AGE_MS` after it occurred), and its id is kept at least that long, so a
// replay is either remembered or too old.
import type { Db } from '../db/database.ts';

const DAY_MS = 86_400_000;
/** How old a delivery (by its `occurred_at`) may be and still be acted on; senders retry within seconds. */
export const MAX_DELIVERY_AGE_MS = 7 * DAY_MS;
/** How far ahead of our clock a sender's `occurred_at` may be and still count as its age. */
const CLOCK_SKEW_MS = DAY_MS;
/** Ids of deliveries that said when they occurred are kept past the oldest age accepted. */
const REMEMBER_MS = MAX_DELIVERY_AGE_MS + CLOCK_SKEW_MS;
/** Ids of deliveries that said no time are kept until this many newer ones crowd them out. */
const KEPT_WITHOUT_TIME = 100_000;

export type DeliveryVerdict = 'new' | 'duplicate' | 'too_old';

export class WebhookEventLog {
  readonly #db: Db;

  constructor(db: Db) {
    this.#db = db;
  }

  /** Records the id; 'new' the first time it is seen for this profile while the delivery is young enough. */
  recordFirst(profileId: string, eventId: string, now: number, occurredAt: string | null): DeliveryVerdict {
    const occurred = occurredAt === null ? Number.NaN : Date.parse(occurredAt);
    // A time too far ahead would keep a replay young for ever: such a delivery counts as saying no time.
    const age = Number.isNaN(occurred) || occurred - now > CLOCK_SKEW_MS ? null : now - occurred;
    if (age !== null && age > MAX_DELIVERY_AGE_MS) return 'too_old';
    const isNew =
      this.#db.prepare('INSERT INTO webhook_events (profile_id, event_id, received_at, occurred_at) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING')
        .run(profileId, eventId, new Date(now).toISOString(), age === null ? null : new Date(occurred).toISOString()).changes === 1;
    if (isNew) this.#prune(profileId, now);
    return isNew ? 'new' : 'duplicate';
  }

  #prune(profileId: string, now: number): void {
    this.#db.prepare('DELETE FROM webhook_events WHERE profile_id = ? AND occurred_at IS NOT NULL AND received_at < ?').run(profileId, new Date(now - REMEMBER_MS).toISOString());
    this.#db
      .prepare(
        `DELETE FROM webhook_events WHERE profile_id = @profileId AND occurred_at IS NULL AND received_at < (
          SELECT received_at FROM webhook_events WHERE profile_id = @profileId AND occurred_at IS NULL ORDER BY received_at DESC LIMIT 1 OFFSET @kept)`,
      )
      .run({ profileId, kept: KEPT_WITHOUT_TIME });
  }
}
