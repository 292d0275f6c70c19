// The receiver for the support site's deliveries (support.md, part 6): `X-SVC-Signature:
// sha256=<hex>` over the raw body with the secret of one of the webhooks registered here, which
// also says which profile the delivery belongs to, so one receiver serves every support profile.
import type { SupportWebhookReceiverSettings } from '../../../src-shared/contract/support-webhooks.ts';
import type { Logger } from '../log/logger.ts';
import { signatureMatches } from '../webhooks/signature.ts';
import type { WebhookDeliveryLog } from '../webhooks/webhook-delivery-log.ts';
import type { WebhookEventLog } from '../webhooks/webhook-event-log.ts';
import { headerValue, WebhookReceiver, type WebhookEvent } from '../webhooks/webhook-receiver.ts';
import type { HeldSecret } from './webhook-secrets.ts';

/** Support's events are small records; anything near this is not one (a 10 MB body is refused unread). */
export const MAX_DELIVERY_BYTES = 1024 * 1024;
const SIGNATURE_HEADER = 'x-svc-signature';
const EVENT_HEADER = 'x-svc-event';

export interface SupportSender {
  profileId: string;
  webhookId: string;
}

export type SupportEvent = WebhookEvent<SupportSender>;

export interface SupportReceiverOptions {
  settings: SupportWebhookReceiverSettings;
  /** Asked on every delivery, so a webhook registered while it runs is accepted at once; null while the keychain cannot be read. */
  secrets(): Promise<readonly HeldSecret[] | null>;
  events: WebhookEventLog;
  logger: Logger;
  now: () => number;
  onEvent(event: SupportEvent): void;
  deliveries: WebhookDeliveryLog;
}

export function createSupportReceiver(options: SupportReceiverOptions): WebhookReceiver<SupportSender> {
  const { settings, secrets, ...rest } = options;
  return new WebhookReceiver<SupportSender>({
    ...rest,
    host: settings.host,
    port: settings.port,
    // Anyone may reach the port (a tunnel, a proxy): the signature says who sent a delivery.
    allowedAddress: null,
    maxBodyBytes: MAX_DELIVERY_BYTES,
    eventHeader: EVENT_HEADER,
    authenticate: async (body, headers) => {
      const signature = headerValue(headers, SIGNATURE_HEADER);
      if (signature === undefined) return 'unsigned';
      const held = await secrets();
      if (held === null) return 'secrets_unavailable';
      const signer = held.find(({ secret }) => signatureMatches(secret, body, signature));
      return signer ? { profileId: signer.profileId, webhookId: signer.webhookId } : 'bad_signature';
    },
  });
}
