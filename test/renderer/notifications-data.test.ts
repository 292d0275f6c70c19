// The notification center through the window's query client under Node, over the real bridge and
// services: what the analyst sees in the center (entries, bursts as one, the unread count) and
// where a click takes them.
import { afterAll, beforeEach, describe, expect, test, vi } from 'vitest';
import type { RaisedNotification } from '../../src-main/core/notifications/notification-center.ts';
import type { NotificationList, NotificationSettings } from '../../src-shared/contract/notifications.ts';
import type { NavigationTarget } from '../../src-shared/contract/workspace.ts';
import { bridgeInProcess } from '../support/bridge-in-process.ts';
import { openTestServices } from '../support/test-services.ts';
import { RecordingPlatform } from '../support/recording-platform.ts';

// The bridge is read at call time; it is in place before anything calls.
const platform = new RecordingPlatform();
const { services, dispose } = await openTestServices({ platform });
const bridge = bridgeInProcess(services);
Object.assign(globalThis, { window: { opsdesk: bridge } });
const { createQueryClient } = await import('../../src-renderer/data/ipc-query.ts');
const { invalidations } = await import('../../src-renderer/data/invalidations.ts');
const { followNotificationClicks, notificationCenter, openNotification, notificationSettings, saveNotificationSettings } = await import('../../src-renderer/features/notifications/notifications-data.ts');
const { useWorkspaceStore } = await import('../../src-renderer/navigation/workspace-store.ts');

const client = createQueryClient();
invalidations(client, bridge);

afterAll(async () => {
  await dispose();
});

const center = () => client.getQueryData<NotificationList>(notificationCenter.queryKey)!;
const settings = () => client.getQueryData<NotificationSettings>(notificationSettings.queryKey);
const activeTab = () => {
  const { tabs, activeTabId } = useWorkspaceStore.getState();
  return tabs.find((tab) => tab.id === activeTabId);
};

const blockTarget: NavigationTarget = { kind: 'block', params: { profileId: 'fw-1', entryId: 'blk_7' } };
const newBlock = (overrides: Partial<RaisedNotification> = {}): RaisedNotification => ({
  kind: 'block-created',
  profileId: null,
  groupKey: null,
  count: 1,
  desktop: true,
  describe: () => ({ title: 'New block', body: 'Lab: 203.0.113.9', target: blockTarget }),
  ...overrides,
});
// A toast of an earlier run clicked while the app starts: main hears it before any window listens.
platform.click(services.notifications.raise(newBlock()).id);
followNotificationClicks();
await Promise.all([client.fetchQuery(notificationCenter), client.fetchQuery(notificationSettings)]);
await vi.waitFor(() => expect(activeTab()).toBeDefined());
const tabAtStart = activeTab();

const highAlerts = (count: number): RaisedNotification => ({
  kind: 'alerts',
  profileId: null,
  groupKey: 'alerts:fw-1:high',
  count,
  desktop: true,
  describe: (total) => ({ title: `${total} new high alerts`, body: 'Lab', target: { kind: 'firewall', params: { profileId: 'fw-1', section: 'alerts' } } }),
});

beforeEach(async () => {
  await bridge.notifications.clear();
  await saveNotificationSettings(client, { doNotDisturb: false, alertSeverity: 'high', blocks: true });
  platform.refuseNotifications = null;
  useWorkspaceStore.setState({ tabs: [], activeTabId: null });
});

describe('notifications data', () => {
  test('a desktop click made before the window listened (the click that started the app) opens its tab when the window starts', () => {
    expect(tabAtStart).toMatchObject({ kind: 'block', params: { profileId: 'fw-1', entryId: 'blk_7' } });
  });

  test('new entries arrive with the unread count; a burst of alerts is one entry with its count', () => {
    services.notifications.raise(newBlock());
    expect(center().items.map((item) => item.title)).toEqual(['New block']);
    expect(center().unread).toBe(1);

    services.notifications.raise(highAlerts(2));
    services.notifications.raise(highAlerts(35));
    expect(center().items.map((item) => item.title)).toEqual(['37 new high alerts', 'New block']);
    expect(center().items[0]!.count).toBe(37);
    expect(center().unread).toBe(2);
  });

  test('opening an entry reads it and opens its item in its own tab', async () => {
    const raised = services.notifications.raise(newBlock());
    await openNotification(center().items.find((item) => item.id === raised.id)!);
    expect(center().unread).toBe(0);
    expect(center().items[0]!.read).toBe(true);
    expect(activeTab()).toMatchObject({ kind: 'block', params: { profileId: 'fw-1', entryId: 'blk_7' } });
    expect(useWorkspaceStore.getState().tabs).toHaveLength(1);
  });

  test('a click on the desktop notification opens the same tab, once', async () => {
    const raised = services.notifications.raise(newBlock());
    platform.click(raised.id);
    await expect.poll(() => activeTab()?.kind).toBe('block');
    await openNotification(center().items[0]!);
    expect(useWorkspaceStore.getState().tabs).toHaveLength(1);
    expect(center().unread).toBe(0);
  });

  test('mark all read zeroes the count and keeps the entries; clear empties the center', async () => {
    services.notifications.raise(newBlock());
    services.notifications.raise(highAlerts(3));
    expect(center().unread).toBe(2);
    await bridge.notifications.markRead({});
    expect(center().unread).toBe(0);
    expect(center().items).toHaveLength(2);
    await bridge.notifications.clear();
    expect(center().items).toEqual([]);
  });

  test('with do-not-disturb on nothing reaches the desktop, the center still counts it', async () => {
    await saveNotificationSettings(client, { doNotDisturb: true, alertSeverity: 'high', blocks: true });
    expect(settings()?.doNotDisturb).toBe(true);
    const shownBefore = platform.notifications.length;
    services.notifications.raise(newBlock());
    expect(platform.notifications).toHaveLength(shownBefore);
    expect(center().unread).toBe(1);
  });

  test('once the system refuses desktop notifications, the center says why', () => {
    platform.refuseNotifications = 'notifications are not allowed for this application';
    services.notifications.raise(newBlock());
    expect(center().desktopRefused?.reason).toBe('notifications are not allowed for this application');
    expect(center().unread).toBe(1);
  });
});
