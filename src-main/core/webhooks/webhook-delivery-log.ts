// What a receiver's deliveries came to since OpsDesk started (counts and the last few), for its
// status in the window. Kept in memory: it is a view of what arrives now, not a history.
import type { WebhookDeliveries, WebhookDelivery } from '../../../src-shared/contract/webhook-deliveries.ts';
import { Emitter } from '../lifecycle/emitter.ts';

const KEPT = 20;
/** An event's kind and id are the sender's words: a 200 KB id is cut rather than carried to the window 20 times. */
const MAX_TEXT = 200;

const shortened = (text: string | null) => (text === null || text.length <= MAX_TEXT ? text : `${text.slice(0, MAX_TEXT)}…`);

export class WebhookDeliveryLog {
  readonly #counts = { processed: 0, duplicate: 0, refused: 0 };
  #recent: WebhookDelivery[] = [];
  readonly #changed = new Emitter<WebhookDeliveries>();
  /** After every delivery, whatever its outcome. */
  readonly onChanged = this.#changed.event;

  record(delivery: WebhookDelivery): void {
    this.#counts[delivery.outcome]++;
    this.#recent = [{ ...delivery, event: shortened(delivery.event), eventId: shortened(delivery.eventId) }, ...this.#recent].slice(0, KEPT);
    this.#changed.fire(this.snapshot());
  }

  snapshot(): WebhookDeliveries {
    return { counts: { ...this.#counts }, recent: [...this.#recent] };
  }

  dispose(): void {
    this.#changed.dispose();
  }
}
