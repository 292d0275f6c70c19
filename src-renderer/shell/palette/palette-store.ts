import { create } from 'zustand';

export interface PaletteStore {
  open: boolean;
  /** Ctrl/Cmd+K: opens, remembering where the focus was; closes when open. */
  toggle(): void;
  /** Closes; `restoreFocus` (Escape) puts the focus back where it was when the palette opened. */
  close(options?: { restoreFocus?: boolean }): void;
}

let focusedBefore: HTMLElement | null = null;
/** The focus given back after a close, on the next frame: a palette opened again before then keeps it. */
let restoring = 0;

export const usePaletteStore = create<PaletteStore>()((set, get) => ({
  open: false,

  toggle() {
    if (get().open) {
      get().close({ restoreFocus: true });
      return;
    }
    cancelAnimationFrame(restoring);
    focusedBefore = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    set({ open: true });
  },

  close({ restoreFocus = false } = {}) {
    set({ open: false });
    const element = focusedBefore;
    focusedBefore = null;
    // After React has taken the palette out, so the focus is not lost with it.
    if (restoreFocus && element?.isConnected) restoring = requestAnimationFrame(() => element.focus());
  },
}));
