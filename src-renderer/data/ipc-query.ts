import { QueryClient, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Query, QueryKey, UseMutationOptions, UseQueryOptions } from '@tanstack/react-query';
import { useEffect, useId } from 'react';
import type { IpcError, IpcResult } from '../../src-shared/contract/define.ts';

declare module '@tanstack/react-query' {
  interface Register {
    /** A query or mutation fails with main's error as data; a broken bridge goes to the tab's error boundary instead. */
    defaultError: IpcError;
  }
}

/** What main answered, or its error thrown as the query's typed error. */
export async function unwrap<T>(call: Promise<IpcResult<T>>): Promise<T> {
  const result = await call;
  if (!result.ok) throw result.error;
  return result.data;
}

/** An `{ok:false}` answer carries a code; anything else thrown is a broken bridge. */
const isIpcError = (error: unknown): error is IpcError => typeof error === 'object' && error !== null && 'code' in error && 'retryable' in error && !(error instanceof Error);

export function createQueryClient(): QueryClient {
  const client = new QueryClient({
    defaultOptions: {
      queries: {
        // Main's cache is the source and its events say when it changed (data/invalidations.ts):
        // nothing goes stale by time, and main already retried what was worth retrying.
        staleTime: Infinity,
        retry: false,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
        throwOnError: (error) => !isIpcError(error),
      },
      mutations: { retry: false, throwOnError: (error) => !isIpcError(error) },
    },
  });
  readAgainWhenChangedDuringFirstRead(client);
  return client;
}

/**
 * TanStack Query folds an invalidation that comes during a query's first read into that read (it
 * starts again only a query that already has data), and the read's answer then clears it: a cache
 * change main reports while a view first reads would never show (the alerts count stayed at what
 * the window read while a sync stored more). Such a query is invalidated again once its first
 * read ends.
 */
function readAgainWhenChangedDuringFirstRead(client: QueryClient): void {
  const changedDuringFirstRead = new WeakSet<Query>();
  client.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated') return;
    const { query, action } = event;
    if (action.type === 'invalidate' && query.state.data === undefined && query.state.fetchStatus === 'fetching') {
      changedDuringFirstRead.add(query);
    } else if ((action.type === 'success' || action.type === 'error') && changedDuringFirstRead.delete(query)) {
      // Not from inside the cache's own notification of the answer.
      queueMicrotask(() => void client.invalidateQueries({ queryKey: query.queryKey, exact: true }));
    }
  });
}

type QueryOptions<T, Key extends QueryKey> = Omit<UseQueryOptions<T, IpcError, T, Key>, 'queryKey' | 'queryFn'>;

/** One bridge call as a query: `data` is what main answered, `error` its `IpcError`. */
export function useIpcQuery<T, Key extends QueryKey>(queryKey: Key, call: () => Promise<IpcResult<T>>, options: QueryOptions<T, Key> = {}) {
  return useQuery({ queryKey, queryFn: () => unwrap(call()), ...options });
}

/** Reads a query before the view that shows it asks: the same key and call as that view's `useIpcQuery`. */
export function useIpcReadAhead<T>(queryKey: QueryKey, call: () => Promise<IpcResult<T>>): void {
  const client = useQueryClient();
  const key = JSON.stringify(queryKey);
  // Keyed by the query's key: the call is a new function on every render.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => void client.prefetchQuery({ queryKey, queryFn: () => unwrap(call()) }), [client, key]);
}

/** One bridge write: `mutateAsync` resolves with main's answer, `error` is its `IpcError`. */
export function useIpcMutation<T, Variables = void>(call: (variables: Variables) => Promise<IpcResult<T>>, options: Omit<UseMutationOptions<T, IpcError, Variables>, 'mutationFn'> = {}) {
  return useMutation({ mutationFn: (variables: Variables) => unwrap(call(variables)), ...options });
}

/**
 * A list handed out page by page (a cursor for FAQ and chat logs, a page number for the
 * appliance's lists): pages accumulate until the key changes.
 */
export function useIpcPages<Page, Cursor>(
  queryKey: QueryKey,
  call: (cursor: Cursor) => Promise<IpcResult<Page>>,
  first: Cursor,
  next: (page: Page) => Cursor | null | undefined,
  options: { enabled?: boolean } = {},
) {
  return useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam }) => unwrap(call(pageParam as Cursor)),
    initialPageParam: first,
    getNextPageParam: (page) => next(page) ?? undefined,
    ...options,
  });
}

export { useQueryClient };

/**
 * Runs `refresh` when the view mounts and whenever the table in data/invalidations.ts makes
 * `queryKey` stale: how a store that pages over main's cache (the alerts table, the support lists)
 * follows the same events as the queries. One follower per store, so two tabs both refresh.
 */
export function useCacheFollower(queryKey: QueryKey, refresh: () => Promise<void>) {
  const follower = useId();
  useQuery({
    queryKey: [...queryKey, 'follower', follower],
    queryFn: async () => {
      await refresh();
      return null;
    },
    gcTime: 0,
  });
}
