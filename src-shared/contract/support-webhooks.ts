import { z } from 'zod';
import { call, event } from './define.ts';
import type { WebhookDeliveries, WebhookDelivery } from './webhook-deliveries.ts';

/** The event kinds support.md's servers are known to send (docs/api-assumptions.md); a server may send others. */
export const supportWebhookEventKinds = [
  'ticket.created', 'ticket.message', 'ticket.replied', 'ticket.closed',
  'contact.created', 'contact.updated', 'contact.followed',
  'work.created', 'work.updated', 'work.followed', 'faq.created',
] as const;
export type SupportWebhookEventKind = (typeof supportWebhookEventKinds)[number];

/** A webhook registered on the support site (`GET /webhooks`); never carries the signing secret. */
export interface SupportWebhook {
  id: string;
  url: string;
  /** Event kinds it is sent; usually `supportWebhookEventKinds`' words, a server may use others. */
  events: string[];
  active: boolean;
  /** ISO 8601, when the server says. */
  createdAt: string | null;
  /** Whether this OpsDesk holds its signing secret (registered here), so the receiver can check its deliveries. */
  secretHeld: boolean;
}

/**
 * The answer to `register`, the ONLY place the signing secret ever crosses IPC: the window shows
 * it once and forgets it. Main keeps it in the keychain (one entry per profile and webhook).
 */
export interface RegisteredSupportWebhook extends SupportWebhook {
  secret: string;
  /** true: in the OS keychain; false: no keychain, kept for this session only (the window says so). */
  storedInKeychain: boolean;
}

/** The local receiver of support deliveries: one per OpsDesk, for every support profile. */
export interface SupportWebhookReceiverSettings {
  /** Off by default. */
  enabled: boolean;
  /** Address to listen on; loopback (127.0.0.1) unless the user picks another. */
  host: string;
  port: number;
}

export const supportWebhookReceiverSettingsSchema = z.object({
  enabled: z.boolean(),
  host: z.string().trim().min(1).max(255),
  port: z.int().min(1).max(65_535),
});

export interface SupportWebhookReceiverStatus {
  settings: SupportWebhookReceiverSettings;
  /** Where it listens now (`127.0.0.1:9445`); null while off or failed. */
  listeningAddress: string | null;
  /** The URL to register for a profile is this plus nothing else: deliveries are told apart by their secret. */
  url: string | null;
  /** Why it is not listening while enabled (address in use, not an address of this machine…): the system's words. */
  error: string | null;
  /** The newest delivery, whatever its outcome; secrets_unavailable: the keychain could not be read yet (locked), answered 503 so the site delivers it again. */
  lastDelivery: WebhookDelivery | null;
  counts: WebhookDeliveries['counts'];
}

/** A delivery that was accepted and is new: also raised as a notification and followed by a support sync. */
export interface SupportWebhookReceived {
  profileId: string;
  webhookId: string;
  event: string;
  eventId: string;
  /** ISO 8601, the server's `occurred_at` when given. */
  occurredAt: string | null;
  receivedAt: string;
}

const profileId = z.string().min(1).max(64);

export const supportWebhooks = {
  calls: {
    /** The site's webhooks (`GET /webhooks`), each saying whether OpsDesk holds its secret. */
    list: call<SupportWebhook[]>()(z.object({ profileId })),
    /**
     * Registers a webhook (`POST /webhooks`, sent directly with one Idempotency-Key: see
     * docs/architecture.md) and stores its secret in the keychain; the answer shows the secret once.
     */
    register: call<RegisteredSupportWebhook>()(z.object({
      profileId,
      url: z.url({ protocol: /^https?$/ }).max(2048),
      /** Absent: every kind. */
      events: z.array(z.string().min(1).max(100)).min(1).max(50).optional(),
    })),
    settings: call<SupportWebhookReceiverSettings>()(z.undefined()),
    /** Saves and starts, restarts or stops the receiver; the answer says whether it listens. */
    saveSettings: call<SupportWebhookReceiverStatus>()(supportWebhookReceiverSettingsSchema),
    status: call<SupportWebhookReceiverStatus>()(z.undefined()),
  },
  events: {
    /** A new delivery was accepted (duplicates and refusals only change `status`). */
    received: event<SupportWebhookReceived>(),
    /** The receiver's status changed (started, stopped, a delivery of any outcome). */
    statusChanged: event<SupportWebhookReceiverStatus>(),
  },
};
