import { create } from 'zustand';
import type { IpcError } from '../../../src-shared/contract/define.ts';
import type { NotificationItem, NotificationList, NotificationSettings } from '../../../src-shared/contract/notifications.ts';
import type { NavigationTarget } from '../../../src-shared/contract/workspace.ts';
import { opsdesk } from '../../data/bridge.ts';
import { useWorkspaceStore } from '../../navigation/workspace-store.ts';

export interface NotificationsStore {
  items: NotificationItem[];
  unread: number;
  /** Why the system refused desktop notifications, once it has: the center is then where they show. */
  desktopRefused: string | null;
  settings: NotificationSettings | null;
  error: IpcError | null;
  /** Whether the center's panel is open (the bell, the command palette). */
  centerOpen: boolean;
  setCenterOpen(open: boolean): void;
  /** Reads the center and its settings once, then follows main: new entries, and clicks on desktop notifications. */
  follow(): Promise<void>;
  /** A click on an entry: main marks it read; its item opens in its tab. */
  open(item: NotificationItem): Promise<void>;
  markAllRead(): Promise<void>;
  clear(): Promise<void>;
  /** Saves the settings with these changed; shown at once, and put back if main refuses them. */
  saveSettings(change: Partial<NotificationSettings>): Promise<void>;
}

const openTarget = (target: NavigationTarget) => useWorkspaceStore.getState().navigate(target);

export const useNotificationsStore = create<NotificationsStore>()((set, get) => {
  const apply = (list: NotificationList) => set({ items: list.items, unread: list.unread, desktopRefused: list.desktopRefused?.reason ?? null });
  let following: Promise<void> | undefined;

  return {
    items: [],
    unread: 0,
    desktopRefused: null,
    settings: null,
    error: null,
    centerOpen: false,
    setCenterOpen: (centerOpen) => set({ centerOpen }),

    follow() {
      following ??= (async () => {
        opsdesk.notifications.onChanged(apply);
        opsdesk.notifications.onNavigate(openTarget);
        opsdesk.notifications.onShowCenter(() => set({ centerOpen: true }));
        const [list, settings, pending] = await Promise.all([opsdesk.notifications.list({}), opsdesk.notifications.settings(), opsdesk.notifications.takePendingNavigation()]);
        if (pending.ok && pending.data) openTarget(pending.data);
        if (list.ok) apply(list.data);
        if (settings.ok) set({ settings: settings.data });
        const failed = [list, settings].find((result) => !result.ok);
        set({ error: failed && !failed.ok ? failed.error : null });
      })();
      return following;
    },

    async open(item) {
      const result = await opsdesk.notifications.open({ id: item.id });
      if (!result.ok) return set({ error: result.error });
      // Main also sends `navigate`; going to a tab twice lands on the same tab.
      if (result.data) openTarget(result.data);
    },

    async markAllRead() {
      const result = await opsdesk.notifications.markRead({});
      if (result.ok) apply(result.data);
      else set({ error: result.error });
    },

    async clear() {
      const result = await opsdesk.notifications.clear();
      if (result.ok) apply(result.data);
      else set({ error: result.error });
    },

    async saveSettings(change) {
      // The controls show only once the settings are read, so there is always a whole to change.
      const previous = get().settings;
      if (!previous) return;
      const settings = { ...previous, ...change };
      set({ settings });
      const result = await opsdesk.notifications.saveSettings(settings);
      if (result.ok) set({ settings: result.data, error: null });
      else set({ settings: previous, error: result.error });
    },
  };
});
