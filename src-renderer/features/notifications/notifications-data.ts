// The notification center and its settings through the window's query layer; main's `changed`
// carries the center's new entries (data/invalidations.ts). Components use these only.
import { useMutationState, useQuery, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { IpcError, IpcResult } from '../../../src-shared/contract/define.ts';
import type { NotificationItem, NotificationList, NotificationSettings } from '../../../src-shared/contract/notifications.ts';
import type { NavigationTarget } from '../../../src-shared/contract/workspace.ts';
import { opsdesk } from '../../data/bridge.ts';
import { unwrap, useIpcMutation, useQueryClient } from '../../data/ipc-query.ts';
import { notificationKeys } from '../../data/query-keys.ts';
import { useWorkspaceStore } from '../../navigation/workspace-store.ts';
import { useNotificationsStore } from './notifications-store.ts';

const openTarget = (target: NavigationTarget) => useWorkspaceStore.getState().navigate(target);

/** The center's newest entries, the unread count, and why the system refused desktop notifications once it has. */
export const notificationCenter = { queryKey: notificationKeys.center(), queryFn: () => unwrap(opsdesk.notifications.list({})) };

export const notificationSettings = { queryKey: notificationKeys.settings(), queryFn: () => unwrap(opsdesk.notifications.settings()) };

export const useNotificationCenter = () => useQuery(notificationCenter);

export const useNotificationSettings = () => useQuery(notificationSettings);

/**
 * What the center follows besides its entries, for the window's life: a click on a desktop
 * notification opens its item, a click on the quiet hours' summary opens the center, and a click
 * made before this window listened (the one that started the app) opens its item now.
 */
export function useNotificationClicks(): void {
  useEffect(followNotificationClicks, []);
}

/** See useNotificationClicks; returns how to stop. */
export function followNotificationClicks(): () => void {
  const stopNavigating = opsdesk.notifications.onNavigate(openTarget);
  const stopShowing = opsdesk.notifications.onShowCenter(() => useNotificationsStore.getState().setCenterOpen(true));
  void opsdesk.notifications.takePendingNavigation().then((pending) => {
    if (pending.ok && pending.data) openTarget(pending.data);
  });
  return () => {
    stopNavigating();
    stopShowing();
  };
}

/** A change of the center the window asked for: the center as main answered it. */
function useCenterWrite(call: () => Promise<IpcResult<NotificationList>>) {
  const client = useQueryClient();
  return useIpcMutation(call, { mutationKey: notificationKeys.all(), onSuccess: (center) => client.setQueryData<NotificationList>(notificationKeys.center(), center) });
}

export const useMarkAllRead = () => useCenterWrite(() => opsdesk.notifications.markRead({}));

export const useClearNotifications = () => useCenterWrite(() => opsdesk.notifications.clear());

/** A click on an entry: main marks it read (its `changed` says so); its item opens in its tab. */
export function useOpenNotification() {
  return useIpcMutation(openNotification, { mutationKey: notificationKeys.all() });
}

export async function openNotification(item: NotificationItem): Promise<IpcResult<NavigationTarget | null>> {
  const result = await opsdesk.notifications.open({ id: item.id });
  // Main also sends `navigate`; going to a tab twice lands on the same tab.
  if (result.ok && result.data) openTarget(result.data);
  return result;
}

/** Saves the settings with these changed; shown at once, and put back if main refuses them. */
export function useSaveNotificationSettings() {
  const client = useQueryClient();
  return useIpcMutation((change: Partial<NotificationSettings>) => saveNotificationSettings(client, change), { mutationKey: notificationKeys.all() });
}

export async function saveNotificationSettings(client: QueryClient, change: Partial<NotificationSettings>): Promise<IpcResult<NotificationSettings>> {
  const key = notificationKeys.settings();
  // The controls show only once the settings are read, so there is always a whole to change.
  const previous = client.getQueryData<NotificationSettings>(key)!;
  const settings = { ...previous, ...change };
  client.setQueryData(key, settings);
  const result = await opsdesk.notifications.saveSettings(settings);
  client.setQueryData(key, result.ok ? result.data : previous);
  return result;
}

/** What the center and its settings say went wrong: a read, or the last change asked for. */
export function useNotificationsError(): IpcError | null {
  const center = useNotificationCenter();
  const settings = useNotificationSettings();
  const writes = useMutationState({ filters: { mutationKey: notificationKeys.all() }, select: (mutation) => mutation.state.error });
  return center.error ?? settings.error ?? writes.at(-1) ?? null;
}
