// The notification center's store under Node, over the real bridge and services: what the analyst
// sees in the center (entries, bursts as one, the unread count) and where a click takes them.
import { afterAll, beforeEach, describe, expect, test } from 'vitest';
import type { RaisedNotification } from '../../src-main/core/notifications/notification-center.ts';
import type { NavigationTarget } from '../../src-shared/contract/workspace.ts';
import { bridgeInProcess } from '../support/bridge-in-process.ts';
import { openTestServices } from '../support/test-services.ts';
import { RecordingPlatform } from '../support/recording-platform.ts';

// The stores read window.opsdesk when they are imported, so the bridge is in place first.
const platform = new RecordingPlatform();
const { services, dispose } = await openTestServices({ platform });
Object.assign(globalThis, { window: { opsdesk: bridgeInProcess(services) } });
const { useNotificationsStore } = await import('../../src-renderer/features/notifications/notifications-store.ts');
const { useWorkspaceStore } = await import('../../src-renderer/navigation/workspace-store.ts');

afterAll(async () => {
  await dispose();
});

const store = () => useNotificationsStore.getState();
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
await store().follow();
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
  await store().follow();
  await store().clear();
  await store().saveSettings({ doNotDisturb: false, alertSeverity: 'high', blocks: true });
  platform.refuseNotifications = null;
  useWorkspaceStore.setState({ tabs: [], activeTabId: null });
});

describe('notifications store', () => {
  test('a desktop click made before the window listened (the click that started the app) opens its tab when the window starts', () => {
    expect(tabAtStart).toMatchObject({ kind: 'block', params: { profileId: 'fw-1', entryId: 'blk_7' } });
  });

  test('new entries arrive with the unread count; a burst of alerts is one entry with its count', () => {
    services.notifications.raise(newBlock());
    expect(store().items.map((item) => item.title)).toEqual(['New block']);
    expect(store().unread).toBe(1);

    services.notifications.raise(highAlerts(2));
    services.notifications.raise(highAlerts(35));
    expect(store().items.map((item) => item.title)).toEqual(['37 new high alerts', 'New block']);
    expect(store().items[0]!.count).toBe(37);
    expect(store().unread).toBe(2);
  });

  test('opening an entry reads it and opens its item in its own tab', async () => {
    const raised = services.notifications.raise(newBlock());
    await store().open(store().items.find((item) => item.id === raised.id)!);
    expect(store().unread).toBe(0);
    expect(store().items[0]!.read).toBe(true);
    expect(activeTab()).toMatchObject({ kind: 'block', params: { profileId: 'fw-1', entryId: 'blk_7' } });
    expect(useWorkspaceStore.getState().tabs).toHaveLength(1);
  });

  test('a click on the desktop notification opens the same tab, once', async () => {
    const raised = services.notifications.raise(newBlock());
    platform.click(raised.id);
    await expect.poll(() => activeTab()?.kind).toBe('block');
    await store().open(store().items[0]!);
    expect(useWorkspaceStore.getState().tabs).toHaveLength(1);
    expect(store().unread).toBe(0);
  });

  test('mark all read zeroes the count and keeps the entries; clear empties the center', async () => {
    services.notifications.raise(newBlock());
    services.notifications.raise(highAlerts(3));
    expect(store().unread).toBe(2);
    await store().markAllRead();
    expect(store().unread).toBe(0);
    expect(store().items).toHaveLength(2);
    await store().clear();
    expect(store().items).toEqual([]);
  });

  test('with do-not-disturb on nothing reaches the desktop, the center still counts it', async () => {
    await store().saveSettings({ doNotDisturb: true, alertSeverity: 'high', blocks: true });
    expect(store().settings?.doNotDisturb).toBe(true);
    const shownBefore = platform.notifications.length;
    services.notifications.raise(newBlock());
    expect(platform.notifications).toHaveLength(shownBefore);
    expect(store().unread).toBe(1);
  });

  test('once the system refuses desktop notifications, the store says why', () => {
    platform.refuseNotifications = 'notifications are not allowed for this application';
    services.notifications.raise(newBlock());
    expect(store().desktopRefused).toBe('notifications are not allowed for this application');
    expect(store().unread).toBe(1);
  });
});
