// The notification center shared by every feature: keeps entries (SQLite), groups bursts into one
// entry ("37 new high alerts", not 37 toasts), shows desktop notifications through the platform
// port unless do-not-disturb is on, keeps the dock/taskbar badge at the unread count, and turns a
// click (desktop or in-app) into a `navigate` to the item's tab.
import { randomUUID } from 'node:crypto';
import type { NotificationItem, NotificationKind, NotificationList, NotificationSettings } from '../../../src-preload/contract/notifications.ts';
import type { NavigationTarget } from '../../../src-preload/contract/workspace.ts';
import { notificationSettingsSchema } from '../../../src-preload/contract/notifications.ts';
import type { SettingsTable } from '../db/settings.ts';
import type { Clock } from '../lifecycle/clock.ts';
import { Emitter } from '../lifecycle/emitter.ts';
import type { Platform } from '../platform.ts';
import type { NotificationRepository } from './notification-repository.ts';
import { visibleText } from '../../../src-shared/visible-text.ts';

/**
 * A click can come before any window listens (a Windows toast from an earlier run that starts the
 * app): its target waits this long for the window to ask.
 */
export const PENDING_NAVIGATION_MS = 60_000;
/** Events of one group within this long join one entry while it is unread. */
export const GROUP_WINDOW_MS = 10 * 60_000;
export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = { doNotDisturb: false, alertSeverity: 'high', blocks: true };
const SETTINGS_KEY = 'notifications';
const LISTED = 100;

export interface RaisedNotification {
  kind: NotificationKind;
  profileId: string | null;
  /** Entries with the same key join while unread (a burst); null: always its own entry. */
  groupKey: string | null;
  count: number;
  /** Title and body for the entry's total count, after joining. */
  describe(count: number): { title: string; body: string; target: NavigationTarget | null };
  /** Whether it may show on the desktop (the settings' severity and block switches). */
  desktop: boolean;
}

export class NotificationCenter {
  readonly #repository: NotificationRepository;
  readonly #settings: SettingsTable;
  readonly #platform: Platform;
  readonly #clock: Clock;
  readonly #changed = new Emitter<NotificationList>();
  readonly onChanged = this.#changed.event;
  readonly #navigate = new Emitter<NavigationTarget>();
  #desktopRefused: { reason: string } | null = null;
  #pendingNavigation: { target: NavigationTarget; at: number } | null = null;
  readonly onNavigate = this.#navigate.event;

  constructor(options: { repository: NotificationRepository; settings: SettingsTable; platform: Platform; clock: Clock }) {
    this.#repository = options.repository;
    this.#settings = options.settings;
    this.#platform = options.platform;
    this.#clock = options.clock;
    this.#platform.setBadgeCount(this.#repository.unread());
  }

  settings(): NotificationSettings {
    const stored = notificationSettingsSchema.safeParse(this.#settings.read(SETTINGS_KEY));
    return stored.success ? stored.data : { ...DEFAULT_NOTIFICATION_SETTINGS };
  }

  saveSettings(settings: NotificationSettings): NotificationSettings {
    this.#settings.write(SETTINGS_KEY, settings);
    return settings;
  }

  raise(raised: RaisedNotification): NotificationItem {
    const now = this.#clock.now();
    const createdAt = new Date(now).toISOString();
    const joined = raised.groupKey === null ? undefined : this.#repository.openGroup(raised.groupKey, new Date(now - GROUP_WINDOW_MS).toISOString());
    const count = (joined?.count ?? 0) + raised.count;
    const { title, body, target } = raised.describe(count);
    // A notice quotes server text (a ticket's subject, an alert's signature): the desktop shows it
    // with no isolation, so direction controls in it are written out as visible marks.
    const item: NotificationItem = {
      id: joined?.id ?? randomUUID(),
      kind: raised.kind,
      title: visibleText(title),
      body: visibleText(body),
      target,
      count,
      createdAt,
      read: false,
      profileId: raised.profileId,
    };
    if (joined) this.#repository.update(item);
    else this.#repository.insert(item, raised.groupKey);
    // The same id replaces the toast already shown for this burst.
    if (raised.desktop && !this.settings().doNotDisturb) {
      this.#platform.notify(
        { id: item.id, title: item.title, body: item.body },
        () => void this.open(item.id),
        (reason) => {
          this.#desktopRefused = { reason };
          this.#publish();
        },
      );
    }
    this.#publish();
    return item;
  }

  list(limit = LISTED): NotificationList {
    return { items: this.#repository.list(limit), unread: this.#repository.unread(), desktopRefused: this.#desktopRefused };
  }

  markRead(ids?: readonly string[]): NotificationList {
    this.#repository.markRead(ids);
    return this.#publish();
  }

  /** A click on an entry: read, and its item opens in its tab. */
  open(id: string): NavigationTarget | null {
    const item = this.#repository.find(id);
    if (!item) return null;
    this.#repository.markRead([id]);
    this.#publish();
    if (item.target) {
      this.#pendingNavigation = { target: item.target, at: this.#clock.now() };
      this.#navigate.fire(item.target);
    }
    return item.target;
  }

  /** The target of a click made moments ago, once: a window that just started opens it. */
  takePendingNavigation(): NavigationTarget | null {
    const pending = this.#pendingNavigation;
    this.#pendingNavigation = null;
    return pending && this.#clock.now() - pending.at <= PENDING_NAVIGATION_MS ? pending.target : null;
  }

  clear(): NotificationList {
    this.#repository.clear();
    return this.#publish();
  }

  #publish(): NotificationList {
    const list = this.list();
    this.#platform.setBadgeCount(list.unread);
    this.#changed.fire(list);
    return list;
  }

  dispose(): void {
    this.#changed.dispose();
    this.#navigate.dispose();
  }
}
