// The notification center shared by every feature: keeps entries (SQLite), groups bursts into one
// entry ("37 new high alerts", not 37 toasts), shows desktop notifications through the platform
// port unless do-not-disturb is on, worded as the privacy choice allows and held back in quiet
// hours, keeps the dock/taskbar badge at the unread count, and turns a click (desktop or in-app)
// into a `navigate` to the item's tab.
import { randomUUID } from 'node:crypto';
import type { AlertSeverity } from '../../../src-shared/contract/firewall.ts';
import type { NotificationItem, NotificationKind, NotificationList, NotificationSettings, NotificationSettingsInput } from '../../../src-shared/contract/notifications.ts';
import type { NavigationTarget } from '../../../src-shared/contract/workspace.ts';
import { notificationSettingsSchema } from '../../../src-shared/contract/notifications.ts';
import type { Translator } from '../../../src-shared/i18n/translator.ts';
import type { SettingsTable } from '../db/settings.ts';
import type { Clock } from '../lifecycle/clock.ts';
import { Emitter } from '../lifecycle/emitter.ts';
import type { Platform } from '../platform.ts';
import { desktopPrivacyOf, desktopText, strictest } from './desktop-privacy.ts';
import type { NotificationRepository } from './notification-repository.ts';
import { isQuiet, nextQuietEnd, quietSummary, tallied, type QuietTally } from './quiet-hours.ts';
import { visibleText } from '../../../src-shared/visible-text.ts';

/**
 * A click can come before any window listens (a Windows toast from an earlier run that starts the
 * app): its target waits this long for the window to ask.
 */
export const PENDING_NAVIGATION_MS = 60_000;
/** Events of one group within this long join one entry while it is unread. */
export const GROUP_WINDOW_MS = 10 * 60_000;
export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = notificationSettingsSchema.parse({ doNotDisturb: false, alertSeverity: 'high', blocks: true });
/** The end-of-quiet-hours summary's toast: one id, so a summary replaces the one before. */
export const QUIET_SUMMARY_ID = 'quiet-hours-summary';
const SETTINGS_KEY = 'notifications';
// Kept in SQLite so a restart during quiet hours still tells what arrived before it.
const WHILE_QUIET_KEY = 'notificationsWhileQuiet';
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
  /** An alert entry's severity: "kind and severity" toasts name it, and a critical one breaks quiet hours. */
  severity?: AlertSeverity;
}

export class NotificationCenter {
  readonly #repository: NotificationRepository;
  readonly #settings: SettingsTable;
  readonly #platform: Platform;
  readonly #clock: Clock;
  readonly #translator: Translator;
  readonly #changed = new Emitter<NotificationList>();
  readonly onChanged = this.#changed.event;
  readonly #navigate = new Emitter<NavigationTarget>();
  #desktopRefused: { reason: string } | null = null;
  #pendingNavigation: { target: NavigationTarget; at: number } | null = null;
  readonly onNavigate = this.#navigate.event;
  readonly #showCenter = new Emitter<null>();
  /** Open the center's panel: the quiet-hours summary was clicked. */
  readonly onShowCenter = this.#showCenter.event;
  #quietEnd: { cancel(): void } | null = null;

  constructor(options: { repository: NotificationRepository; settings: SettingsTable; platform: Platform; clock: Clock; translator: Translator }) {
    this.#repository = options.repository;
    this.#settings = options.settings;
    this.#platform = options.platform;
    this.#clock = options.clock;
    this.#translator = options.translator;
    this.#platform.setBadgeCount(this.#repository.unread());
    this.#followQuietHours(this.settings());
  }

  settings(): NotificationSettings {
    const stored = notificationSettingsSchema.safeParse(this.#settings.read(SETTINGS_KEY));
    return stored.success ? stored.data : structuredClone(DEFAULT_NOTIFICATION_SETTINGS);
  }

  saveSettings(input: NotificationSettingsInput): NotificationSettings {
    const settings = notificationSettingsSchema.parse(input);
    this.#settings.write(SETTINGS_KEY, settings);
    this.#followQuietHours(settings);
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
    const settings = this.settings();
    const quiet = isQuiet(settings.quietHours, now);
    // A timer that ran late (a machine asleep when they ended) is caught up by the next event.
    if (!quiet) this.#summariseQuiet(settings);
    if (raised.desktop && !settings.doNotDisturb) {
      if (quiet && raised.severity !== 'critical') this.#settings.write(WHILE_QUIET_KEY, tallied(this.#whileQuiet(), raised.kind, raised.count));
      else this.#showOnDesktop(item, raised.severity ?? null, settings);
    }
    this.#publish();
    return item;
  }

  // The same id replaces the toast already shown for this burst.
  #showOnDesktop(item: NotificationItem, severity: AlertSeverity | null, settings: NotificationSettings): void {
    const choice = desktopPrivacyOf(item.kind, settings.desktopPrivacy);
    const { title, body } = desktopText({ kind: item.kind, severity, count: item.count, title: item.title, body: item.body }, choice, this.#translator);
    this.#platform.notify({ id: item.id, title, body }, () => void this.open(item.id), (reason) => this.#refused(reason));
  }

  #refused(reason: string): void {
    this.#desktopRefused = { reason };
    this.#publish();
  }

  #whileQuiet(): QuietTally {
    const stored = this.#settings.read(WHILE_QUIET_KEY);
    return typeof stored === 'object' && stored !== null ? (stored as QuietTally) : {};
  }

  /** Told once, when quiet hours are over: what stayed off the desktop, worded by the strictest privacy choice. */
  #summariseQuiet(settings: NotificationSettings): void {
    const tally = this.#whileQuiet();
    if (Object.keys(tally).length === 0) return;
    this.#settings.delete(WHILE_QUIET_KEY);
    if (settings.doNotDisturb) return;
    const summary = quietSummary(tally, strictest(Object.values(settings.desktopPrivacy)), this.#translator);
    if (summary) this.#platform.notify({ id: QUIET_SUMMARY_ID, ...summary }, () => this.#showCenter.fire(null), (reason) => this.#refused(reason));
  }

  /** Sums up at once when the settings end quiet hours now, and wakes at their next end. */
  #followQuietHours(settings: NotificationSettings): void {
    this.#quietEnd?.cancel();
    this.#quietEnd = null;
    const now = this.#clock.now();
    if (!isQuiet(settings.quietHours, now)) this.#summariseQuiet(settings);
    const end = nextQuietEnd(settings.quietHours, now);
    if (end === null) return;
    this.#quietEnd = this.#clock.setTimeout(() => this.#followQuietHours(this.settings()), end - now);
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
    // An earlier run's summary, clicked where the system keeps toasts (Windows, macOS).
    if (id === QUIET_SUMMARY_ID) {
      this.#showCenter.fire(null);
      return null;
    }
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
    this.#quietEnd?.cancel();
    this.#changed.dispose();
    this.#navigate.dispose();
    this.#showCenter.dispose();
  }
}
