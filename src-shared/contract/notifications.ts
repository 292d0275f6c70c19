import { z } from 'zod';
import { call, event } from './define.ts';
import type { NavigationTarget } from './workspace.ts';
import { desktopAlertThresholds, desktopPrivacyChoices, type desktopPrivacySources } from '../notification-constants.ts';

export const notificationKinds = ['alerts', 'block-created', 'block-released', 'sync', 'support-tickets', 'support-messages', 'support-webhook'] as const;
export type NotificationKind = (typeof notificationKinds)[number];

/** One entry of the in-app notification center; a burst of alerts is one entry with a count. */
export interface NotificationItem {
  id: string;
  kind: NotificationKind;
  title: string;
  body: string;
  /** How many events this entry groups ("37 new high alerts"). */
  count: number;
  createdAt: string;
  read: boolean;
  /** Which profile it came from, when it came from one. */
  profileId: string | null;
  target: NavigationTarget | null;
}

export interface NotificationList {
  items: NotificationItem[];
  unread: number;
  /** Set once the system refused a desktop notification: the center is then the only place they show. */
  desktopRefused: { reason: string } | null;
}

export type DesktopPrivacy = (typeof desktopPrivacyChoices)[number];
export type DesktopPrivacySource = (typeof desktopPrivacySources)[number];

/** A local time of day, `HH:MM` on a 24-hour clock, as `<input type="time">` gives it. */
const timeOfDay = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/);

// Settings saved before a field existed read with its default, not as no settings at all.
export const notificationSettingsSchema = z.object({
  /** No desktop notifications (the center still records them). */
  doNotDisturb: z.boolean(),
  /** Desktop notifications for alerts at or above this severity; `off`: none for alerts. */
  alertSeverity: z.enum(desktopAlertThresholds),
  /** Desktop notifications for new blocks. */
  blocks: z.boolean(),
  desktopPrivacy: z
    .object({ support: z.enum(desktopPrivacyChoices), firewall: z.enum(desktopPrivacyChoices) })
    .default({ support: 'kind-and-severity', firewall: 'everything' }),
  /**
   * From `from` until `to` (local time; past midnight when `to` is earlier) only critical alerts
   * reach the desktop; when they end, one notification sums up what arrived.
   */
  quietHours: z.object({ on: z.boolean(), from: timeOfDay, to: timeOfDay }).default({ on: false, from: '22:00', to: '07:00' }),
});
export type NotificationSettings = z.output<typeof notificationSettingsSchema>;
/** What a save may send: a field left out takes its default. */
export type NotificationSettingsInput = z.input<typeof notificationSettingsSchema>;

const id = z.string().min(1).max(64);

export const notifications = {
  calls: {
    list: call<NotificationList>()(z.object({ limit: z.int().min(1).max(500).default(100) }).default({ limit: 100 })),
    /** Marks these read (all when `ids` is absent). */
    markRead: call<NotificationList>()(z.object({ ids: z.array(id).max(500).optional() })),
    /** A click in the center: marks it read and sends `navigate` to this window, as a desktop click does. */
    open: call<NavigationTarget | null>()(z.object({ id })),
    /** A desktop click made before this window listened (it started the app), once; null when none. */
    takePendingNavigation: call<NavigationTarget | null>()(z.undefined()),
    clear: call<NotificationList>()(z.undefined()),
    settings: call<NotificationSettings>()(z.undefined()),
    saveSettings: call<NotificationSettings>()(notificationSettingsSchema),
  },
  events: {
    /** The center changed (new entry, read, cleared): the list's newest entries and the unread count. */
    changed: event<NotificationList>(),
    /** Open this item in its tab (a click on a desktop notification or in the center). */
    navigate: event<NavigationTarget>(),
    /** Open the center's panel (a click on the summary shown when quiet hours end). */
    showCenter: event<null>(),
  },
};
