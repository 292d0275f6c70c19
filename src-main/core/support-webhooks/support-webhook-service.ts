// Support webhooks (issue 11, item 9): registration with the signing secret into the keychain, and
// the local receiver's settings and status.
import { randomUUID } from 'node:crypto';
import type {
  RegisteredSupportWebhook, SupportWebhook, SupportWebhookReceiverSettings, SupportWebhookReceiverStatus,
} from '../../../src-preload/contract/support-webhooks.ts';
import type { SettingsTable } from '../db/settings.ts';
import { ServiceFailure } from '../http/service-failure.ts';
import { describeMalformedResponse } from '../http/status-errors.ts';
import type { Logger } from '../log/logger.ts';
import type { KeyStore } from '../secrets/key-store.ts';
import type { SupportClient } from '../support/client.ts';
import { supportDialect } from '../support/error-dialect.ts';
import { readRegistration, readWebhookList } from './webhook-wire.ts';
import { WebhookSecrets } from './webhook-secrets.ts';

export interface SupportClients {
  clientFor(profileId: string, service: 'support'): SupportClient;
}

export interface SupportWebhookServiceOptions {
  clients: SupportClients;
  keyStore: KeyStore;
  settings: SettingsTable;
  logger: Logger;
}

const SETTINGS_KEY = 'support-webhooks:receiver';
const DEFAULT_SETTINGS: SupportWebhookReceiverSettings = { enabled: false, host: '127.0.0.1', port: 9445 };

export class SupportWebhookService {
  readonly #options: SupportWebhookServiceOptions;
  readonly #secrets: WebhookSecrets;

  constructor(options: SupportWebhookServiceOptions) {
    this.#options = options;
    this.#secrets = new WebhookSecrets(options.keyStore, options.settings);
  }

  async list(profileId: string): Promise<SupportWebhook[]> {
    const { data } = await this.#options.clients.clientFor(profileId, 'support').call({ method: 'GET', path: '/webhooks' });
    const held = this.#secrets.heldIds(profileId);
    return readWebhookList(data).map((webhook) => ({ ...webhook, secretHeld: held.has(webhook.id) }));
  }

  async register(profileId: string, url: string, events?: string[]): Promise<RegisteredSupportWebhook> {
    const { data, requestId } = await this.#options.clients.clientFor(profileId, 'support').call({
      method: 'POST',
      path: '/webhooks',
      body: { url, ...(events ? { events } : {}) },
      idempotencyKey: randomUUID(),
    });
    const registration = readRegistration(data);
    if (!registration) throw new ServiceFailure(describeMalformedResponse(supportDialect, 200, 'unexpected_shape', requestId));
    const storedInKeychain = await this.#secrets.store(profileId, registration.webhook.id, registration.secret);
    return { ...registration.webhook, secretHeld: true, secret: registration.secret, storedInKeychain };
  }

  settings(): SupportWebhookReceiverSettings {
    return { ...DEFAULT_SETTINGS, ...(this.#options.settings.read(SETTINGS_KEY) as Partial<SupportWebhookReceiverSettings> | undefined) };
  }

  async saveSettings(settings: SupportWebhookReceiverSettings): Promise<SupportWebhookReceiverStatus> {
    this.#options.settings.write(SETTINGS_KEY, settings);
    return this.status();
  }

  status(): SupportWebhookReceiverStatus {
    return {
      settings: this.settings(),
      listeningAddress: null,
      url: null,
      error: null,
      lastDelivery: null,
      counts: { processed: 0, duplicate: 0, refused: 0 },
    };
  }
}
