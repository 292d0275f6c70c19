import { create } from 'zustand';
import type { IpcError, IpcResult } from '../../../src-shared/contract/define.ts';
import type { OutboxEntry } from '../../../src-shared/contract/outbox.ts';
import { opsdesk } from '../../data/bridge.ts';

/** Writes not yet sent or given up: what the outbox panel lists and the toolbar counts. */
export const isPending = (entry: OutboxEntry): boolean => entry.state === 'sending' || entry.state === 'queued' || entry.state === 'failed';

export interface OutboxStore {
  /** Every write this window has seen, by id: the pending ones from main, and any a view asked about. */
  entries: Record<string, OutboxEntry>;
  error: IpcError | null;
  /** Whether the outbox panel is open (its button, Ctrl/Cmd+Shift+O, the command palette). */
  panelOpen: boolean;
  setPanelOpen(open: boolean): void;
  /** Reads the pending writes once, then follows every change main reports. */
  follow(): Promise<void>;
  /** A write a view made (a call returned it) or shows: kept, and followed from here on. */
  remember(entry: OutboxEntry): void;
  /** Reads one write main knows and this window does not yet. */
  fetch(id: string): Promise<void>;
  retry(id: string): Promise<void>;
  /** Main reads back a write that may have reached its server first: the entry comes back `sent` when it had. */
  discard(id: string): Promise<IpcResult<OutboxEntry>>;
}

export const useOutboxStore = create<OutboxStore>()((set) => {
  // A change can arrive before the answer that returned the same write; the later update wins,
  // and one already known changes nothing (a view may hand the same entry in on every render).
  const apply = (entry: OutboxEntry) =>
    set((state) => {
      const known = state.entries[entry.id];
      if (known && (known.updatedAt > entry.updatedAt || JSON.stringify(known) === JSON.stringify(entry))) return state;
      return { entries: { ...state.entries, [entry.id]: entry } };
    });
  let following: Promise<void> | undefined;

  return {
    panelOpen: false,
    setPanelOpen: (panelOpen) => set({ panelOpen }),
    entries: {},
    error: null,

    follow() {
      following ??= (async () => {
        opsdesk.outbox.onChanged(apply);
        const result = await opsdesk.outbox.list({ states: ['sending', 'queued', 'failed'] });
        if (!result.ok) return set({ error: result.error });
        set({ error: null });
        result.data.forEach(apply);
      })();
      return following;
    },

    remember: apply,

    async fetch(id) {
      const result = await opsdesk.outbox.get({ id });
      if (!result.ok) return set({ error: result.error });
      if (result.data) apply(result.data);
    },

    async retry(id) {
      const result = await opsdesk.outbox.retry({ id });
      if (result.ok) apply(result.data);
      else set({ error: result.error });
    },

    async discard(id) {
      const result = await opsdesk.outbox.discard({ id });
      if (result.ok) apply(result.data);
      return result;
    },
  };
});

/** Every pending write, oldest first (the order they will go out in). */
export function selectPending(state: OutboxStore): OutboxEntry[] {
  return Object.values(state.entries)
    .filter(isPending)
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}
