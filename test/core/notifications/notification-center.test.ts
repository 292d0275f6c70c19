// The notification center as the user meets it: bursts grouped, do-not-disturb, the badge, a click.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../../src-main/core/db/database.ts';
import { SettingsTable } from '../../../src-main/core/db/settings.ts';
import { GROUP_WINDOW_MS, NotificationCenter, PENDING_NAVIGATION_MS, type RaisedNotification } from '../../../src-main/core/notifications/notification-center.ts';
import { NotificationRepository } from '../../../src-main/core/notifications/notification-repository.ts';
import type { NavigationTarget } from '../../../src-shared/contract/workspace.ts';
import { createTranslator } from '../../../src-shared/i18n/translator.ts';
import { FakeClock } from '../../support/fake-clock.ts';
import { RecordingPlatform } from '../../support/recording-platform.ts';

let dir: string;
let db: Db;
let platform: RecordingPlatform;
let clock: FakeClock;
let center: NotificationCenter;

const open = () => new NotificationCenter({ repository: new NotificationRepository(db), settings: new SettingsTable(db), platform, clock, translator: createTranslator('en') });

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'opsdesk-notify-'));
  db = openDatabase(path.join(dir, 'opsdesk.sqlite'));
  platform = new RecordingPlatform();
  clock = new FakeClock();
  center = open();
});
afterEach(async () => {
  center.dispose();
  db.close();
  await rm(dir, { recursive: true, force: true });
});

const highAlerts = (count: number, alertId = 'alt_1'): RaisedNotification => ({
  kind: 'alerts',
  profileId: null,
  groupKey: 'alerts:high',
  count,
  desktop: true,
  describe: (total) => ({
    title: total === 1 ? 'New high alert' : `${total} new high alerts`,
    body: 'Lab',
    target: total === 1 ? { kind: 'alert', params: { profileId: 'fw-1', alertId } } : { kind: 'firewall', params: { section: 'alerts', severity: 'high' } },
  }),
});

describe('notification center', () => {
  it('groups a burst into one entry and one toast that grows, not one per alert', () => {
    center.raise(highAlerts(1));
    for (let i = 0; i < 36; i++) center.raise(highAlerts(1));
    const list = center.list();
    expect(list.items).toHaveLength(1);
    expect(list.items[0]).toMatchObject({ title: '37 new high alerts', count: 37, target: { kind: 'firewall' } });
    expect(new Set(platform.notifications.map((shown) => shown.id))).toEqual(new Set([list.items[0]!.id]));
    expect(platform.notifications.at(-1)!.title).toBe('37 new high alerts');
  });

  it('writes out direction controls a server slipped into a notice, on the desktop and in the center', () => {
    center.raise({ ...highAlerts(1), groupKey: null, describe: () => ({ title: 'New ticket', body: 'Subject: invoice\u202Efdp.exe', target: null }) });
    expect(platform.notifications.at(-1)!.body).toBe('Subject: invoice⟨U+202E⟩fdp.exe');
    expect(center.list().items[0]!.body).toBe('Subject: invoice⟨U+202E⟩fdp.exe');
  });

  it('when the system refuses desktop notifications, the entry is still kept and the center says why', () => {
    const changes: unknown[] = [];
    center.onChanged((list) => changes.push(list.desktopRefused));
    expect(center.list().desktopRefused).toBeNull();
    platform.refuseNotifications = 'notifications are not allowed for this application';
    center.raise(highAlerts(1));
    expect(platform.notifications).toEqual([]);
    expect(center.list()).toMatchObject({ unread: 1, desktopRefused: { reason: 'notifications are not allowed for this application' } });
    expect(changes.at(-1)).toEqual({ reason: 'notifications are not allowed for this application' });
    expect(platform.badgeCount).toBe(1);
  });

  it('starts a new entry once the burst is read or older than the group window', async () => {
    const first = center.raise(highAlerts(3));
    center.markRead([first.id]);
    const second = center.raise(highAlerts(2));
    expect(second.id).not.toBe(first.id);
    await clock.advance(GROUP_WINDOW_MS + 1);
    const third = center.raise(highAlerts(1));
    expect(third.id).not.toBe(second.id);
    expect(center.list().items.map((item) => item.count)).toEqual([1, 2, 3]);
  });

  it('do-not-disturb keeps toasts off the desktop but the center still records them', () => {
    center.saveSettings({ doNotDisturb: true, alertSeverity: 'high', blocks: true });
    center.raise(highAlerts(5));
    expect(platform.notifications).toEqual([]);
    expect(center.list().unread).toBe(1);
  });

  it('keeps the badge at the unread count, across a restart too', () => {
    center.raise(highAlerts(1));
    center.raise({ ...highAlerts(1), groupKey: null });
    expect(platform.badgeCount).toBe(2);
    center.markRead();
    expect(platform.badgeCount).toBe(0);
    center.raise({ ...highAlerts(1), groupKey: null });
    platform.badgeCount = -1;
    center.dispose();
    center = open();
    expect(platform.badgeCount).toBe(1);
  });

  it('a click on the toast or in the center marks it read and navigates to the item', () => {
    const heard: NavigationTarget[] = [];
    center.onNavigate((target) => heard.push(target));
    const item = center.raise(highAlerts(1, 'alt_42'));
    platform.click(item.id);
    expect(heard).toEqual([{ kind: 'alert', params: { profileId: 'fw-1', alertId: 'alt_42' } }]);
    expect(center.list().unread).toBe(0);
    const other = center.raise({ ...highAlerts(1, 'alt_43'), groupKey: null });
    expect(center.open(other.id)).toEqual({ kind: 'alert', params: { profileId: 'fw-1', alertId: 'alt_43' } });
    expect(heard).toHaveLength(2);
  });

  it('an entry saved when the Support view was called tickets opens the Support view; one whose target no longer fits still shows', () => {
    const saved = db.prepare(
      "INSERT INTO notifications (id, kind, title, body, count, created_at, read, profile_id, target, group_key) VALUES (?, 'support-tickets', ?, 'Desk', 3, ?, 0, NULL, ?, NULL)",
    );
    saved.run('old-tickets', '3 new support tickets', '2026-01-01T00:00:02.000Z', JSON.stringify({ kind: 'tickets', params: { profileId: 'sup-1' } }));
    saved.run('old-reports', 'Weekly report', '2026-01-01T00:00:01.000Z', JSON.stringify({ kind: 'reports', params: { week: 3 } }));
    expect(center.list().items.map((item) => [item.title, item.target])).toEqual([
      ['3 new support tickets', { kind: 'support', params: { profileId: 'sup-1' } }],
      ['Weekly report', null],
    ]);
    expect(center.open('old-tickets')).toEqual({ kind: 'support', params: { profileId: 'sup-1' } });
  });

  it('a click that comes before any window listens (a toast of an earlier run starting the app) is opened by the first window, once, within a minute', async () => {
    const item = center.raise(highAlerts(1, 'alt_44'));
    center.open(item.id);
    expect(center.takePendingNavigation()).toEqual({ kind: 'alert', params: { profileId: 'fw-1', alertId: 'alt_44' } });
    expect(center.takePendingNavigation()).toBeNull();

    center.open(item.id);
    await clock.advance(PENDING_NAVIGATION_MS + 1);
    expect(center.takePendingNavigation()).toBeNull();
  });
});
