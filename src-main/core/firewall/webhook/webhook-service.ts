// The webhook receiver's settings per firewall profile (off by default) and the receivers running.
// The signing key and the TLS private key live in the keychain, never in SQLite.
import type { z } from 'zod';
import type { ReceiverNotListening, WebhookDeliveriesChanged, WebhookSettings, webhookSettingsSchema } from '../../../../src-shared/contract/firewall.ts';
import type { Db } from '../../db/database.ts';
import type { SettingsTable } from '../../db/settings.ts';
import type { Clock } from '../../lifecycle/clock.ts';
import { Emitter } from '../../lifecycle/emitter.ts';
import type { Logger } from '../../log/logger.ts';
import type { KeyStore } from '../../secrets/key-store.ts';
import { signatureMatches } from '../../webhooks/signature.ts';
import { WebhookDeliveryLog } from '../../webhooks/webhook-delivery-log.ts';
import { WebhookEventLog } from '../../webhooks/webhook-event-log.ts';
import { headerValue, WebhookReceiver, type WebhookEvent, type WebhookSender } from '../../webhooks/webhook-receiver.ts';

interface StoredSettings {
  enabled: boolean;
  host: string;
  port: number;
  applianceAddress: string;
  certificatePem: string | null;
}

const MAX_PUSH_BYTES = 256 * 1024;
const SIGNATURE_HEADER = 'x-fw-signature';
const DEFAULTS: StoredSettings = { enabled: false, host: '0.0.0.0', port: 9444, applianceAddress: '', certificatePem: null };
const signingKeyName = (profileId: string) => `${profileId}#webhook-signing-key`;
const tlsKeyName = (profileId: string) => `${profileId}#webhook-tls-key`;

export interface WebhookServiceOptions {
  db: Db;
  settings: SettingsTable;
  keyStore: KeyStore;
  logger: Logger;
  clock: Clock;
  onEvent(profileId: string, push: WebhookEvent<WebhookSender>): void;
}

export class WebhookService {
  readonly #options: WebhookServiceOptions;
  readonly #running = new Map<string, { receiver: WebhookReceiver<WebhookSender> | null; notListening?: ReceiverNotListening }>();
  readonly #events: WebhookEventLog;
  /** Per profile, kept while its receiver restarts (saved settings), so the counts run since OpsDesk started. */
  readonly #deliveries = new Map<string, WebhookDeliveryLog>();
  readonly #deliveriesChanged = new Emitter<WebhookDeliveriesChanged>();
  /** After every delivery to a profile's receiver, whatever its outcome. */
  readonly onDeliveriesChanged = this.#deliveriesChanged.event;

  constructor(options: WebhookServiceOptions) {
    this.#options = options;
    this.#events = new WebhookEventLog(options.db);
  }

  async get(profileId: string): Promise<WebhookSettings> {
    const stored = this.#stored(profileId);
    const running = this.#running.get(profileId);
    const { keyStore } = this.#options;
    return {
      enabled: stored.enabled,
      host: stored.host,
      port: stored.port,
      applianceAddress: stored.applianceAddress,
      hasSigningKey: (await keyStore.get(signingKeyName(profileId))) !== null,
      hasCertificate: stored.certificatePem !== null && (await keyStore.get(tlsKeyName(profileId))) !== null,
      listening: running?.receiver != null,
      ...(running?.notListening ? { notListening: running.notListening } : {}),
      deliveries: this.#deliveryLog(profileId).snapshot(),
    };
  }

  async save(input: z.output<typeof webhookSettingsSchema>): Promise<WebhookSettings> {
    const { profileId, signingKey, certificatePem, privateKeyPem, ...rest } = input;
    const { keyStore, settings } = this.#options;
    if (signingKey === '') await keyStore.delete(signingKeyName(profileId));
    else if (signingKey !== undefined) await keyStore.set(signingKeyName(profileId), signingKey);
    if (privateKeyPem !== undefined) await keyStore.set(tlsKeyName(profileId), privateKeyPem);
    const stored: StoredSettings = { ...rest, certificatePem: certificatePem ?? this.#stored(profileId).certificatePem };
    settings.write(this.#key(profileId), stored);
    await this.start(profileId);
    return this.get(profileId);
  }

  /** Starts (or restarts) the profile's receiver as its settings say; stops it when disabled. */
  async start(profileId: string): Promise<void> {
    await this.stop(profileId);
    const stored = this.#stored(profileId);
    const { keyStore, logger, clock, onEvent } = this.#options;
    if (!stored.enabled) {
      // The appliance holds the signing key too and may echo it, and the analyst may paste the TLS
      // key where a prompt takes it: read, the key store registers both with the redactor.
      if (this.#options.settings.read(this.#key(profileId)) != null) {
        await Promise.all([keyStore.get(signingKeyName(profileId)), keyStore.get(tlsKeyName(profileId))]).catch((error: unknown) =>
          logger.warn('the webhook signing and TLS keys cannot be read yet', { error }),
        );
      }
      return;
    }
    const privateKeyPem = await keyStore.get(tlsKeyName(profileId));
    const signingKey = await keyStore.get(signingKeyName(profileId));
    if (stored.certificatePem === null || privateKeyPem === null) {
      this.#running.set(profileId, { receiver: null, notListening: { reason: 'certificate_missing' } });
      return;
    }
    const receiver = new WebhookReceiver<WebhookSender>({
      host: stored.host,
      port: stored.port,
      tls: { certificatePem: stored.certificatePem, privateKeyPem },
      allowedAddress: stored.applianceAddress,
      maxBodyBytes: MAX_PUSH_BYTES,
      // The appliance signs only when a signing key is set (firewall.md, part 6).
      authenticate: (body, headers) => {
        if (signingKey === null) return { profileId };
        const signature = headerValue(headers, SIGNATURE_HEADER);
        if (signature === undefined) return 'unsigned';
        return signatureMatches(signingKey, body, signature) ? { profileId } : 'bad_signature';
      },
      events: this.#events,
      logger,
      now: () => clock.now(),
      onEvent: (push) => onEvent(profileId, push),
      deliveries: this.#deliveryLog(profileId),
    });
    try {
      await receiver.listen();
      this.#running.set(profileId, { receiver });
    } catch (error) {
      logger.warn('the firewall webhook receiver cannot listen', { error });
      const systemCode = (error as NodeJS.ErrnoException).code ?? 'unknown';
      this.#running.set(profileId, { receiver: null, notListening: { reason: 'address_refused', systemCode } });
    }
  }

  async stop(profileId: string): Promise<void> {
    const running = this.#running.get(profileId);
    this.#running.delete(profileId);
    await running?.receiver?.close();
  }

  /** The profile is deleted: its receiver stops, and its signing key and TLS private key leave the keychain. */
  async forget(profileId: string): Promise<void> {
    await this.stop(profileId);
    const { keyStore, settings } = this.#options;
    await Promise.all([keyStore.delete(signingKeyName(profileId)), keyStore.delete(tlsKeyName(profileId))]);
    settings.write(this.#key(profileId), null);
    this.#deliveries.get(profileId)?.dispose();
    this.#deliveries.delete(profileId);
  }

  async dispose(): Promise<void> {
    await Promise.all([...this.#running.keys()].map((profileId) => this.stop(profileId)));
    for (const log of this.#deliveries.values()) log.dispose();
    this.#deliveriesChanged.dispose();
  }

  #deliveryLog(profileId: string): WebhookDeliveryLog {
    let log = this.#deliveries.get(profileId);
    if (!log) {
      log = new WebhookDeliveryLog();
      log.onChanged((deliveries) => this.#deliveriesChanged.fire({ profileId, deliveries }));
      this.#deliveries.set(profileId, log);
    }
    return log;
  }

  #stored(profileId: string): StoredSettings {
    return { ...DEFAULTS, ...(this.#options.settings.read(this.#key(profileId)) as Partial<StoredSettings> | undefined) };
  }

  #key(profileId: string): string {
    return `firewall-webhook:${profileId}`;
  }
}
