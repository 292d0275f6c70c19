import { useCallback, useContext } from 'react';
import { create } from 'zustand';
import type { IpcResult } from '../../../../src-shared/contract/define.ts';
import { TabIdContext } from '../../../navigation/tab-in-view.ts';

/** How long a firewall write made in OpsDesk can be taken back from its toast. */
export const UNDO_MS = 10_000;

export interface UndoOffer {
  id: number;
  /** The tab the write was made in: its toast shows there alone. */
  tabId: string | undefined;
  /** What was done, as a catalog key and its values (worded when shown, in the language of the moment). */
  done: { key: string; values: Record<string, string> };
  /** The undoing write: unblock, restore the earlier block, remove the allow entry. */
  undo(): Promise<IpcResult<unknown>>;
  until: number;
}

interface UndoState {
  offers: UndoOffer[];
  offer(tabId: string | undefined, done: UndoOffer['done'], undo: UndoOffer['undo']): void;
  dismiss(id: number): void;
}

let nextId = 1;

/** The window's undo offers for its own firewall writes, each shown as a toast in the tab its write was made in. */
export const useUndoStore = create<UndoState>((set) => ({
  offers: [],
  offer: (tabId, done, undo) => set((state) => ({ offers: [...state.offers, { id: nextId++, tabId, done, undo, until: Date.now() + UNDO_MS }] })),
  dismiss: (id) => set((state) => ({ offers: state.offers.filter((offer) => offer.id !== id) })),
}));

/** Offers an undo in the tab the calling view is shown in. */
export function useOfferUndo(): (done: UndoOffer['done'], undo: UndoOffer['undo']) => void {
  const tabId = useContext(TabIdContext);
  const offer = useUndoStore((state) => state.offer);
  return useCallback((done, undo) => offer(tabId, done, undo), [offer, tabId]);
}
