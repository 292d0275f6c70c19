import { create } from 'zustand';
import type { IpcError } from '../../src-shared/contract/define.ts';
import type { NavigationTarget, PickerKind, Tab, WorkspaceState } from '../../src-shared/contract/workspace.ts';
import { saveWorkspace, savedWorkspace } from '../data/window-settings.ts';

export interface WorkspaceStore extends WorkspaceState {
  ready: boolean;
  pickerOpen: boolean;
  /** The "Keyboard shortcuts" sheet. */
  shortcutsOpen: boolean;
  /** Set when the layout could not be saved, so the user knows a restart may lose it. */
  saveError: IpcError | null;
  restore(): Promise<void>;
  /** Opens a new tab of a picker view, even if one is open (as a browser's new tab does). */
  open(kind: PickerKind): void;
  /** Goes to the open tab of that kind holding the same item (the current tab first), or opens one. */
  navigate(target: NavigationTarget): void;
  /** Opens a tab for the item behind the current one (as a browser's middle click); an open tab of it stays where it is. */
  openInBackground(target: NavigationTarget): void;
  close(tabId: string): void;
  /** Shows something else in the tab (a view with another connection), keeping its place. */
  retarget(tabId: string, target: NavigationTarget): void;
  activate(tabId: string): void;
  move(tabId: string, toIndex: number): void;
  cycle(step: 1 | -1): void;
  jump(position: number): void;
  setPickerOpen(open: boolean): void;
  setShortcutsOpen(open: boolean): void;
}

const newTab = (target: NavigationTarget): Tab => ({ id: `tab-${crypto.randomUUID()}`, ...target });

const holdsSame = (tab: Tab, target: NavigationTarget): boolean => {
  const held = new Map(Object.entries(tab.params ?? {}));
  const wanted = Object.entries(target.params ?? {});
  return tab.kind === target.kind && held.size === wanted.length && wanted.every(([name, value]) => held.get(name) === value);
};

export const defaultTabs = (): Tab[] => [newTab({ kind: 'firewall' }), newTab({ kind: 'support' }), newTab({ kind: 'chat' })];

export const useWorkspaceStore = create<WorkspaceStore>()((set, get) => {
  const add = (tab: Tab) => set((state) => ({ tabs: [...state.tabs, tab], activeTabId: tab.id, pickerOpen: false }));

  return {
    tabs: [],
    activeTabId: null,
    ready: false,
    pickerOpen: false,
    shortcutsOpen: false,
    saveError: null,

    async restore() {
      const saved = await savedWorkspace();
      const state = saved.ok && saved.data ? saved.data : null;
      if (state && state.tabs.length > 0) {
        const activeTabId = state.tabs.some((tab) => tab.id === state.activeTabId) ? state.activeTabId : state.tabs[0]!.id;
        set({ tabs: state.tabs, activeTabId, ready: true });
      } else {
        const tabs = defaultTabs();
        set({ tabs, activeTabId: tabs[0]!.id, ready: true });
      }
    },

    open(kind) {
      add(newTab({ kind }));
    },

    navigate(target) {
      const { tabs, activeTabId } = get();
      // Settings is one place: a link to a part of it goes to the open Settings tab, at that part.
      const settings = target.kind === 'settings' ? (tabs.find((tab) => tab.id === activeTabId && tab.kind === 'settings') ?? tabs.find((tab) => tab.kind === 'settings')) : undefined;
      if (settings) {
        set((state) => ({ tabs: state.tabs.map((tab) => (tab.id === settings.id ? { id: tab.id, ...target } : tab)), activeTabId: settings.id, pickerOpen: false }));
        return;
      }
      const matches = tabs.filter((tab) => holdsSame(tab, target));
      const existing = matches.find((tab) => tab.id === activeTabId) ?? matches[0];
      if (existing) set({ activeTabId: existing.id, pickerOpen: false });
      else add(newTab(target));
    },

    openInBackground(target) {
      if (get().tabs.some((tab) => holdsSame(tab, target))) return;
      set((state) => ({ tabs: [...state.tabs, newTab(target)] }));
    },

    close(tabId) {
      set((state) => {
        const index = state.tabs.findIndex((tab) => tab.id === tabId);
        if (index < 0) return state;
        const tabs = state.tabs.filter((tab) => tab.id !== tabId);
        const activeTabId =
          state.activeTabId === tabId ? (tabs[Math.min(index, tabs.length - 1)]?.id ?? null) : state.activeTabId;
        return { tabs, activeTabId };
      });
    },

    retarget(tabId, target) {
      set((state) => ({ tabs: state.tabs.map((tab) => (tab.id === tabId ? { id: tab.id, ...target } : tab)) }));
    },

    activate(tabId) {
      if (get().tabs.some((tab) => tab.id === tabId)) set({ activeTabId: tabId });
    },

    move(tabId, toIndex) {
      set((state) => {
        const from = state.tabs.findIndex((tab) => tab.id === tabId);
        if (from < 0) return state;
        const tabs = [...state.tabs];
        const [moved] = tabs.splice(from, 1);
        tabs.splice(Math.max(0, Math.min(toIndex, tabs.length)), 0, moved!);
        return { tabs };
      });
    },

    cycle(step) {
      const { tabs, activeTabId } = get();
      if (tabs.length === 0) return;
      const index = tabs.findIndex((tab) => tab.id === activeTabId);
      set({ activeTabId: tabs[(index + step + tabs.length) % tabs.length]!.id });
    },

    jump(position) {
      const { tabs } = get();
      // As in browsers: 9 always means the last tab.
      const tab = position === 9 ? tabs.at(-1) : tabs[position - 1];
      if (tab) set({ activeTabId: tab.id });
    },

    setPickerOpen(pickerOpen) {
      set({ pickerOpen });
    },

    setShortcutsOpen(shortcutsOpen) {
      set({ shortcutsOpen });
    },
  };
});

/** Saves the layout through main on every change to the tabs or the active tab, in order. */
export function persistWorkspace(): () => void {
  let saving: Promise<unknown> = Promise.resolve();
  return useWorkspaceStore.subscribe((state, previous) => {
    if (!state.ready || (state.tabs === previous.tabs && state.activeTabId === previous.activeTabId)) return;
    const snapshot = { tabs: state.tabs, activeTabId: state.activeTabId };
    saving = saving.then(async () => {
      const saved = await saveWorkspace(snapshot);
      useWorkspaceStore.setState({ saveError: saved.ok ? null : saved.error });
    });
  });
}
