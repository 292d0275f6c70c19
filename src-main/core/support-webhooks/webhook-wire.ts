// Reading `GET /webhooks` and `POST /webhooks` (docs/api-assumptions.md, "webhook registration").
import type { SupportWebhook } from '../../../src-shared/contract/support-webhooks.ts';
import { fieldsOf, readRecords, type Fields } from '../wire/read.ts';

export type WireWebhook = Omit<SupportWebhook, 'secretHeld'>;

export function readWebhook(fields: Fields): WireWebhook | undefined {
  const id = fields.id('id', 'webhook_id', 'webhookId');
  if (id === undefined) return undefined;
  return {
    id,
    url: fields.string('url', 'endpoint', 'target_url') ?? '',
    events: fields.strings('events', 'event_types', 'kinds') ?? [],
    active: fields.boolean('active', 'enabled') ?? true,
    createdAt: fields.time('created_at', 'createdAt', 'created') ?? null,
  };
}

export function readWebhookList(data: unknown): WireWebhook[] {
  const fields = fieldsOf(data);
  return readRecords(fields?.list('items', 'webhooks', 'data') ?? data, readWebhook).records;
}

/** The registration's answer: the webhook and the secret shown this once. */
export function readRegistration(data: unknown): { webhook: WireWebhook; secret: string } | undefined {
  const fields = fieldsOf(data);
  const webhook = fields && readWebhook(fields);
  const secret = fields?.string('secret', 'signing_secret', 'signingSecret');
  return webhook && secret ? { webhook, secret } : undefined;
}
