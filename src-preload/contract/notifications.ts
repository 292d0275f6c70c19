import { z } from 'zod';
import { call, event } from './define.ts';
import type { NavigationTarget } from './workspace.ts';

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

export const notificationSettingsSchema = z.object({
  /** No desktop notifications (the center still records them). */
  doNotDisturb: z.boolean(),
  /** Desktop notifications for alerts at or above this severity; `off`: none for alerts. */
  alertSeverity: z.enum(['low', 'medium', 'high', 'critical', 'off']),
  /** Desktop notifications for new blocks. */
  blocks: z.boolean(),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

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
  },
};
