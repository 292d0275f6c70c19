import { create } from 'zustand';

/** The notification center's window-only state; its entries and settings are the query layer's (notifications-data.ts). */
export interface NotificationsStore {
  /** Whether the center's panel is open (the bell, the command palette, a click on the quiet hours' summary). */
  centerOpen: boolean;
  setCenterOpen(open: boolean): void;
}

export const useNotificationsStore = create<NotificationsStore>()((set) => ({
  centerOpen: false,
  setCenterOpen: (centerOpen) => set({ centerOpen }),
}));
