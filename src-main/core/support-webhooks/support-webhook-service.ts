// Support webhooks (issue 11, item 9): registration with the signing secret into the keychain, and
// the local receiver (off by default, loopback unless the user picks an address) whose new events
// go to the notification center and to `onReceived` (which triggers a support sync).
import { randomUUID } from 'node:crypto';
import { isIPv6 } from 'node:net';
import type { SupportResource } from '../../../src-shared/contract/sync.ts';
import type {
  RegisteredSupportWebhook, SupportWebhook, SupportWebhookReceived,
  SupportWebhookReceiverSettings, SupportWebhookReceiverStatus,
} from '../../../src-shared/contract/support-webhooks.ts';
import type { Translator } from '../../../src-shared/i18n/translator.ts';
import { recorded, type ActivityRecorder } from '../activity/activity-recorder.ts';
import type { Db } from '../db/database.ts';
import type { SettingsTable } from '../db/settings.ts';
import { ServiceFailure } from '../http/service-failure.ts';
import { describeMalformedResponse } from '../http/status-errors.ts';
import type { Clock } from '../lifecycle/clock.ts';
import { Emitter } from '../lifecycle/emitter.ts';
import type { Logger } from '../log/logger.ts';
import type { NotificationCenter } from '../notifications/notification-center.ts';
import { raiseSupportEventNotice } from './support-event-notices.ts';
import type { KeyStore } from '../secrets/key-store.ts';
import { supportDialect } from '../support/error-dialect.ts';
import type { SupportClients } from '../support/support-clients.ts';
import { UserFacingError } from '../user-facing-error.ts';
import { WebhookDeliveryLog } from '../webhooks/webhook-delivery-log.ts';
import { WebhookEventLog } from '../webhooks/webhook-event-log.ts';
import type { WebhookReceiver } from '../webhooks/webhook-receiver.ts';
import { createSupportReceiver, type SupportEvent, type SupportSender } from './support-receiver.ts';
import { readRegistration, readWebhookList } from './webhook-wire.ts';
import { WebhookSecrets } from './webhook-secrets.ts';

export interface SupportWebhookServiceOptions {
  db: Db;
  clients: SupportClients;
  keyStore: KeyStore;
  settings: SettingsTable;
  notifications: NotificationCenter;
  translator: Translator;
  profileName(profileId: string): string;
  /** support-core's sync of one cached resource (`SupportWorkspace.syncNow`). */
  syncNow(profileId: string, resource: SupportResource): Promise<unknown>;
  logger: Logger;
  clock: Clock;
  /** Where a webhook registration is recorded. */
  activity?: ActivityRecorder;
}

const SETTINGS_KEY = 'support-webhooks:receiver';
/** Which cache an event's kind changes (support.md's kinds, docs/api-assumptions.md); others (FAQ) are not cached. */
const RESOURCE_OF_KIND: Readonly<Record<string, SupportResource>> = { ticket: 'tickets', contact: 'contacts', work: 'work' };
/** Kinds the ticket sync's change detection notifies itself (with a desktop toast): a center entry here would be a second one. */
const NOTIFIED_BY_SYNC = new Set(['ticket.created', 'ticket.message']);
const DEFAULT_SETTINGS: SupportWebhookReceiverSettings = { enabled: false, host: '127.0.0.1', port: 9445 };

interface Running {
  receiver: WebhookReceiver<SupportSender> | null;
  address: string | null;
  error: string | null;
}

export class SupportWebhookService {
  readonly #options: SupportWebhookServiceOptions;
  readonly #secrets: WebhookSecrets;
  readonly #events: WebhookEventLog;
  #running: Running = { receiver: null, address: null, error: null };
  readonly #deliveries = new WebhookDeliveryLog();
  readonly #received = new Emitter<SupportWebhookReceived>();
  /** A new delivery was accepted (after its answer went out). */
  readonly onReceived = this.#received.event;
  readonly #statusChanged = new Emitter<SupportWebhookReceiverStatus>();
  readonly onStatusChanged = this.#statusChanged.event;

  constructor(options: SupportWebhookServiceOptions) {
    this.#options = options;
    this.#secrets = new WebhookSecrets(options.keyStore, options.settings, options.logger);
    this.#events = new WebhookEventLog(options.db);
    this.#deliveries.onChanged(() => this.#statusChanged.fire(this.status()));
  }

  async list(profileId: string): Promise<SupportWebhook[]> {
    const { data } = await this.#options.clients.clientFor(profileId, 'support').call({ method: 'GET', path: '/webhooks' });
    const held = this.#secrets.heldIds(profileId);
    return readWebhookList(data).map((webhook) => ({ ...webhook, secretHeld: held.has(webhook.id) }));
  }

  /**
   * Sent directly, not through the outbox: the outbox keeps a write's answer in SQLite, and this
   * answer holds the secret. One Idempotency-Key covers the HTTP layer's retries (docs/architecture.md).
   */
  async register(profileId: string, url: string, events?: string[]): Promise<RegisteredSupportWebhook> {
    // Before the site makes a secret it shows only once, not after.
    if (this.#options.keyStore.kind === 'waiting') throw new UserFacingError({ code: 'keychain_unavailable', params: { context: 'waiting' }, retryable: true });
    const draft = { profileId, backEnd: 'support' as const, action: { code: 'registerWebhook' }, target: { kind: 'webhook' as const, label: url } };
    const { data, requestId } = await recorded(
      this.#options.activity,
      draft,
      () => this.#options.clients.clientFor(profileId, 'support').call({ method: 'POST', path: '/webhooks', body: { url, ...(events ? { events } : {}) }, idempotencyKey: randomUUID() }),
      {
        requestIdOf: (answer) => answer.requestId,
        refine: (answer, given) => {
          const id = readRegistration(answer.data)?.webhook.id;
          return id === undefined ? given : { ...given, target: { ...given.target, id } };
        },
      },
    );
    const registration = readRegistration(data);
    if (!registration) throw new ServiceFailure(describeMalformedResponse(supportDialect, 200, 'unexpected_shape', requestId));
    const { webhook, secret } = registration;
    // The key store registers the secret for every later log line and IPC answer, not for this one.
    const storedInKeychain = await this.#secrets.store(profileId, webhook.id, secret);
    return { ...webhook, secretHeld: true, secret, storedInKeychain };
  }

  /** A profile was saved or removed: a removed one's secrets leave the keychain. */
  async profileChanged(profileId: string, exists: boolean): Promise<void> {
    if (!exists) await this.#secrets.forgetProfile(profileId);
  }

  settings(): SupportWebhookReceiverSettings {
    return { ...DEFAULT_SETTINGS, ...(this.#options.settings.read(SETTINGS_KEY) as Partial<SupportWebhookReceiverSettings> | undefined) };
  }

  async saveSettings(settings: SupportWebhookReceiverSettings): Promise<SupportWebhookReceiverStatus> {
    this.#options.settings.write(SETTINGS_KEY, settings);
    await this.start();
    return this.status();
  }

  status(): SupportWebhookReceiverStatus {
    const { address, error } = this.#running;
    const { counts, recent } = this.#deliveries.snapshot();
    return {
      settings: this.settings(),
      listeningAddress: address,
      url: address === null ? null : `http://${address}/`,
      error,
      lastDelivery: recent[0] ?? null,
      counts,
    };
  }

  /** Starts (or restarts) the receiver as the settings say; stops it when they say off. */
  async start(): Promise<void> {
    await this.#stop();
    const settings = this.settings();
    // Read now, the receiver on or off: the site that made each secret may echo it in a ticket, and
    // read, the key store registers it with the redactor. A keychain still locked is tried again
    // at the first delivery.
    await this.#secrets.all();
    if (settings.enabled) {
      const { logger, clock } = this.#options;
      const receiver = createSupportReceiver({
        settings,
        secrets: () => this.#secrets.all(),
        events: this.#events,
        logger,
        now: () => clock.now(),
        onEvent: (event) => this.#process(event),
        deliveries: this.#deliveries,
      });
      try {
        const port = await receiver.listen();
        const host = isIPv6(settings.host) ? `[${settings.host}]` : settings.host;
        this.#running = { receiver, address: `${host}:${port}`, error: null };
      } catch (error) {
        this.#running = { receiver: null, address: null, error: (error as Error).message };
      }
    }
    this.#statusChanged.fire(this.status());
  }

  async dispose(): Promise<void> {
    await this.#stop();
    this.#received.dispose();
    this.#statusChanged.dispose();
    this.#deliveries.dispose();
  }

  async #stop(): Promise<void> {
    const { receiver } = this.#running;
    this.#running = { receiver: null, address: null, error: null };
    await receiver?.close();
  }

  #process({ sender: { profileId, webhookId }, event, id, occurredAt, data }: SupportEvent): void {
    const { logger, clock } = this.#options;
    const resource = RESOURCE_OF_KIND[event.split('.')[0]!];
    if (resource) this.#options.syncNow(profileId, resource).catch((error: unknown) => logger.warn('sync after a support webhook event failed', { error }));
    if (!NOTIFIED_BY_SYNC.has(event)) raiseSupportEventNotice(profileId, event, data, this.#options);
    this.#received.fire({ profileId, webhookId, event, eventId: id, occurredAt, receivedAt: new Date(clock.now()).toISOString() });
  }

}
