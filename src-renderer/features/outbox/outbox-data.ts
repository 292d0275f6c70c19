// The outbox's writes as this window knows them, through the window's query layer: one record of
// every write seen, which main's `changed` events keep current (data/invalidations.ts), started
// from the pending writes main holds and any write a view asks about.
import { hashKey, skipToken, useMutationState, useQuery, type QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import type { IpcError } from '../../../src-shared/contract/define.ts';
import type { OutboxEntry } from '../../../src-shared/contract/outbox.ts';
import { opsdesk } from '../../data/bridge.ts';
import { withWrite, type OutboxWrites } from '../../data/invalidations.ts';
import { unwrap, useIpcMutation, useQueryClient } from '../../data/ipc-query.ts';
import { outboxKeys } from '../../data/query-keys.ts';

/** Writes not yet sent or given up: what the outbox panel lists and the toolbar counts. */
export const isPending = (entry: OutboxEntry): boolean => entry.state === 'sending' || entry.state === 'queued' || entry.state === 'failed';

/** Every pending write, oldest first (the order they will go out in). */
export function pendingOf(writes: OutboxWrites): OutboxEntry[] {
  return Object.values(writes)
    .filter(isPending)
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

function keepWrites(client: QueryClient, entries: readonly OutboxEntry[]): void {
  const known = client.getQueryData<OutboxWrites>(outboxKeys.writes()) ?? {};
  const writes = entries.reduce(withWrite, known);
  // A view may hand the same entry in on every render: nothing changed, nothing is told.
  if (writes !== known) client.setQueryData(outboxKeys.writes(), writes);
}

// Filled only by what main answered and announced, never fetched as a whole; kept for the window's life.
const writesRecord = { queryKey: outboxKeys.writes(), queryFn: skipToken, gcTime: Infinity } as const;

/** The record, as `select` picks from it; {} before anything is known. */
function useWrites<T>(select: (writes: OutboxWrites) => T): T {
  const { data } = useQuery<OutboxWrites, IpcError, T>({ ...writesRecord, select });
  return data ?? select({});
}

/** The pending writes, read once for the window into the record; its error when main could not list them. */
function usePendingRead() {
  return useQuery(pendingRead(useQueryClient()));
}

export const pendingRead = (client: QueryClient) => ({
  queryKey: outboxKeys.pending(),
  queryFn: async () => {
    const pending = await unwrap(opsdesk.outbox.list({ states: ['sending', 'queued', 'failed'] }));
    keepWrites(client, pending);
    return pending;
  },
});

/** The pending writes `select` picks (all of them, a count, those of one object), following every change. */
export function usePendingWrites<T>(select: (pending: OutboxEntry[]) => T): T {
  usePendingRead();
  return useWrites((writes) => select(pendingOf(writes)));
}

/** What the outbox panel says went wrong: the pending writes could not be read, or the last retry or discard failed. */
export function useOutboxError(): IpcError | null {
  const read = usePendingRead();
  const actions = useMutationState({ filters: { mutationKey: outboxKeys.actions() }, select: (mutation) => mutation.state.error });
  return read.error ?? actions.at(-1) ?? null;
}

/**
 * One write as it is now, following main's changes: a view passes the id a write call returned
 * (and may pass that entry, so the chip shows at once instead of after a round trip).
 */
export function useOutboxEntry(id: string | null | undefined, initial?: OutboxEntry): OutboxEntry | null {
  const client = useQueryClient();
  const known = useWrites((writes) => (id ? writes[id] : undefined));
  useEffect(() => {
    if (initial) keepWrites(client, [initial]);
  }, [client, initial]);
  // A write this window has not seen (made before it opened): read once from main.
  useQuery({
    queryKey: outboxKeys.write(id ?? ''),
    queryFn: async () => {
      const entry = await unwrap(opsdesk.outbox.get({ id: id ?? '' }));
      if (entry) keepWrites(client, [entry]);
      return entry;
    },
    enabled: !!id && !initial && !known,
  });
  return known ?? (initial && initial.id === id ? initial : null);
}

/** The writes of a batch as the record holds them, read again at most once a frame however many changed meanwhile (500 closes change 1,500 times). */
export function useBatchWrites(batch: readonly OutboxEntry[]): readonly OutboxEntry[] {
  const client = useQueryClient();
  const read = useCallback(() => {
    const writes = client.getQueryData<OutboxWrites>(outboxKeys.writes()) ?? {};
    return batch.map((made) => writes[made.id] ?? made);
  }, [client, batch]);
  const [entries, setEntries] = useState(read);
  useEffect(() => {
    const update = () =>
      setEntries((shown) => {
        const next = read();
        return next.every((entry, index) => entry === shown[index]) ? shown : next;
      });
    let frame: number | undefined;
    const unsubscribe = client.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.query.queryHash !== hashKey(outboxKeys.writes())) return;
      frame ??= requestAnimationFrame(() => {
        frame = undefined;
        update();
      });
    });
    // What changed between the first read and the subscription.
    update();
    return () => {
      unsubscribe();
      if (frame !== undefined) cancelAnimationFrame(frame);
    };
  }, [client, read]);
  return entries;
}

/** Sends a queued or failed write again now, with the same Idempotency-Key. */
export function useRetryWrite() {
  const client = useQueryClient();
  return useIpcMutation((id: string) => opsdesk.outbox.retry({ id }), {
    mutationKey: outboxKeys.actions(),
    onSuccess: (entry) => keepWrites(client, [entry]),
  });
}

/** Main reads back a write that may have reached its server first: the entry comes back `sent` when it had. */
export function useDiscardWrite() {
  const client = useQueryClient();
  return useIpcMutation((id: string) => opsdesk.outbox.discard({ id }), {
    mutationKey: outboxKeys.actions(),
    onSuccess: (entry) => keepWrites(client, [entry]),
  });
}
