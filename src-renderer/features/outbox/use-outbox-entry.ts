import { useEffect } from 'react';
import type { OutboxEntry } from '../../../src-shared/contract/outbox.ts';
import { useOutboxStore } from './outbox-store.ts';

/**
 * One write as it is now, following main's changes: a view passes the id a write call returned
 * (and may pass that entry, so the chip shows at once instead of after a round trip).
 */
export function useOutboxEntry(id: string | null | undefined, initial?: OutboxEntry): OutboxEntry | null {
  const entry = useOutboxStore((state) => (id ? state.entries[id] : undefined));
  useEffect(() => {
    const store = useOutboxStore.getState();
    void store.follow();
    if (initial) store.remember(initial);
    else if (id && !store.entries[id]) void store.fetch(id);
  }, [id, initial]);
  return entry ?? (initial && initial.id === id ? initial : null);
}
