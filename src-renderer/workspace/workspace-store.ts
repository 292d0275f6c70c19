import { create } from 'zustand';
import type { Tab, ViewKind, WorkspaceState } from '../../src-preload/contract/workspace.ts';
import { opsdesk } from '../bridge.ts';

export interface WorkspaceStore extends WorkspaceState {
  ready: boolean;
  pickerOpen: boolean;
  /** Set when the layout could not be saved, so the user knows a restart may lose it. */
  saveError: string | null;
  restore(): Promise<void>;
  open(view: ViewKind): void;
  /** Goes to an open tab of that view, or opens one. */
  show(view: ViewKind): void;
  close(tabId: string): void;
  activate(tabId: string): void;
  move(tabId: string, toIndex: number): void;
  cycle(step: 1 | -1): void;
  jump(position: number): void;
  setPickerOpen(open: boolean): void;
}

const newTab = (view: ViewKind): Tab => ({ id: `tab-${crypto.randomUUID()}`, view });

export const defaultTabs = (): Tab[] => [newTab('firewall'), newTab('tickets'), newTab('chat')];

export const useWorkspaceStore = create<WorkspaceStore>()((set, get) => ({
  tabs: [],
  activeTabId: null,
  ready: false,
  pickerOpen: false,
  saveError: null,

  async restore() {
    const saved = await opsdesk.workspace.load();
    const state = saved.ok && saved.data ? saved.data : null;
    if (state && state.tabs.length > 0) {
      const activeTabId = state.tabs.some((tab) => tab.id === state.activeTabId) ? state.activeTabId : state.tabs[0]!.id;
      set({ tabs: state.tabs, activeTabId, ready: true });
    } else {
      const tabs = defaultTabs();
      set({ tabs, activeTabId: tabs[0]!.id, ready: true });
    }
  },

  open(view) {
    const tab = newTab(view);
    set((state) => ({ tabs: [...state.tabs, tab], activeTabId: tab.id, pickerOpen: false }));
  },

  show(view) {
    const existing = get().tabs.find((tab) => tab.id === get().activeTabId && tab.view === view) ??
      get().tabs.find((tab) => tab.view === view);
    if (existing) set({ activeTabId: existing.id });
    else get().open(view);
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
}));

/** Saves the layout through main on every change to the tabs or the active tab, in order. */
export function persistWorkspace(): () => void {
  let saving: Promise<unknown> = Promise.resolve();
  return useWorkspaceStore.subscribe((state, previous) => {
    if (!state.ready || (state.tabs === previous.tabs && state.activeTabId === previous.activeTabId)) return;
    const snapshot = { tabs: state.tabs, activeTabId: state.activeTabId };
    saving = saving.then(async () => {
      const saved = await opsdesk.workspace.save(snapshot);
      useWorkspaceStore.setState({ saveError: saved.ok ? null : saved.error.message });
    });
  });
}
