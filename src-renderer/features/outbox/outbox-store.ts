import { create } from 'zustand';

/** The outbox's window-only state; its writes are the query layer's (outbox-data.ts). */
export interface OutboxStore {
  /** Whether the outbox panel is open (its button, Ctrl/Cmd+Shift+O, the command palette). */
  panelOpen: boolean;
  setPanelOpen(open: boolean): void;
}

export const useOutboxStore = create<OutboxStore>()((set) => ({
  panelOpen: false,
  setPanelOpen: (panelOpen) => set({ panelOpen }),
}));
