import { create } from 'zustand';
import type { IpcResult } from '../../../../src-shared/contract/define.ts';

/** How long a firewall write made in OpsDesk can be taken back from its toast. */
export const UNDO_MS = 10_000;

export interface UndoOffer {
  id: number;
  /** What was done, as a catalog key and its values (worded when shown, in the language of the moment). */
  done: { key: string; values: Record<string, string> };
  /** The undoing write: unblock, restore the earlier block, remove the allow entry. */
  undo(): Promise<IpcResult<unknown>>;
  until: number;
}

interface UndoState {
  offers: UndoOffer[];
  offer(done: UndoOffer['done'], undo: UndoOffer['undo']): void;
  dismiss(id: number): void;
}

let nextId = 1;

/** The window's undo offers for its own firewall writes, shown as toasts wherever the write was made. */
export const useUndoStore = create<UndoState>((set) => ({
  offers: [],
  offer: (done, undo) => set((state) => ({ offers: [...state.offers, { id: nextId++, done, undo, until: Date.now() + UNDO_MS }] })),
  dismiss: (id) => set((state) => ({ offers: state.offers.filter((offer) => offer.id !== id) })),
}));
