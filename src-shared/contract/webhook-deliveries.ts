// What a webhook receiver (the firewall's or support's) did with the deliveries it got, for the
// window to show: the one shape both receivers' status carries.

/**
 * Why a delivery was not accepted; secrets_unavailable: the keychain could not be read yet, answered
 * 503 so the sender delivers it again; too_old: it occurred longer ago than a sender retries (a replay).
 */
export const webhookRefusals = ['forbidden_address', 'method_not_allowed', 'too_large', 'unsigned', 'bad_signature', 'bad_request', 'secrets_unavailable', 'too_old'] as const;
export type WebhookRefusal = (typeof webhookRefusals)[number];

export interface WebhookDelivery {
  /** ISO 8601, when it arrived. */
  receivedAt: string;
  /** The sender's address as the receiver saw it; null when the connection had already gone. */
  from: string | null;
  /** The event's kind and id as the sender gave them (shortened); null when refused before they could be read. */
  event: string | null;
  eventId: string | null;
  /** The profile it belongs to; null when refused before the sender was known. */
  profileId: string | null;
  /**
   * processed: new, acted on; duplicate: an id already processed (a replay or the sender's retry),
   * answered 2xx and not acted on again; refused: not accepted (see `refusal`).
   */
  outcome: 'processed' | 'duplicate' | 'refused';
  refusal?: WebhookRefusal;
}

export interface WebhookDeliveries {
  /** Since OpsDesk started. */
  counts: { processed: number; duplicate: number; refused: number };
  /** The last few, newest first. */
  recent: WebhookDelivery[];
}
