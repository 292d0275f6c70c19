import { useCallback, useEffect, useState } from 'react';
import type { IpcError, IpcResult } from '../../../src-preload/contract/define.ts';
import type { CursorPage } from '../../../src-preload/contract/pages.ts';

export interface CursorList<T> {
  items: readonly T[];
  status: 'idle' | 'loading' | 'ready' | 'failed';
  error: IpcError | null;
  /** The server has more after the last page read. */
  hasMore: boolean;
  loadMore(): void;
  reload(): void;
}

interface Loaded<T> {
  key: string;
  items: T[];
  nextCursor: string | null;
}

/**
 * A list the server hands out page by page with a cursor (FAQ, chat logs): the first page when
 * `key` changes, the next one on request. Only the answer to the latest request counts.
 */
export function useCursorList<T>(key: string | null, load: (cursor: string | undefined) => Promise<IpcResult<CursorPage<T>>>): CursorList<T> {
  const [loaded, setLoaded] = useState<Loaded<T> | null>(null);
  const [request, setRequest] = useState<{ key: string | null; cursor: string | undefined; generation: number }>({ key, cursor: undefined, generation: 0 });
  const [answer, setAnswer] = useState<{ request: typeof request; error: IpcError | null } | null>(null);
  const current = request.key === key ? request : { key, cursor: undefined, generation: request.generation };

  useEffect(() => {
    if (current.key === null) return;
    let latest = true;
    load(current.cursor).then(
      (result) => {
        if (!latest) return;
        if (result.ok) {
          setLoaded((previous) => ({
            key: current.key!,
            items: current.cursor !== undefined && previous?.key === current.key ? [...previous.items, ...result.data.items] : result.data.items,
            nextCursor: result.data.nextCursor,
          }));
        }
        setAnswer({ request: current, error: result.ok ? null : result.error });
      },
      (error: unknown) => latest && setAnswer({ request: current, error: { code: 'internal', message: String(error), retryable: true } }),
    );
    return () => {
      latest = false;
    };
    // `load` is a fresh closure each render; the request says when to ask again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [current.key, current.cursor, current.generation]);

  const shown = loaded?.key === key ? loaded : null;
  const answered = answer !== null && answer.request.key === current.key && answer.request.cursor === current.cursor && answer.request.generation === current.generation;
  const nextCursor = shown?.nextCursor ?? null;
  return {
    items: shown?.items ?? [],
    status: key === null ? 'idle' : !answered ? 'loading' : answer.error ? 'failed' : 'ready',
    error: answered ? answer.error : null,
    hasMore: nextCursor !== null,
    loadMore: useCallback(() => {
      if (nextCursor !== null) setRequest((previous) => ({ key, cursor: nextCursor, generation: previous.generation }));
    }, [key, nextCursor]),
    reload: useCallback(() => setRequest((previous) => ({ key, cursor: undefined, generation: previous.generation + 1 })), [key]),
  };
}
