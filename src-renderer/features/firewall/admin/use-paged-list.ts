import { useCallback, useEffect, useState } from 'react';
import type { IpcError, IpcResult } from '../../../../src-preload/contract/define.ts';
import type { RemotePage } from '../../../../src-preload/contract/pages.ts';

export type PagedState<T> =
  | { status: 'loading'; page?: RemotePage<T> }
  | { status: 'ready'; page: RemotePage<T> }
  | { status: 'failed'; error: IpcError; page?: RemotePage<T> };

/**
 * One page of a list from the appliance; a new `key` (profile, filters) starts again from page 1.
 * Only the answer to the latest request counts, so a slow page never overwrites a newer one; the
 * last page read stays on screen while the next loads.
 */
export function usePagedList<T>(key: string, load: (page: number) => Promise<IpcResult<RemotePage<T>>>) {
  const [asked, setAsked] = useState({ key, page: 1, generation: 0 });
  const current = asked.key === key ? asked : { key, page: 1, generation: asked.generation };
  const request = `${current.key}|${current.page}|${current.generation}`;
  const [answer, setAnswer] = useState<{ request: string; result: IpcResult<RemotePage<T>> } | null>(null);
  const [shown, setShown] = useState<RemotePage<T> | undefined>(undefined);

  useEffect(() => {
    let latest = true;
    load(current.page).then(
      (result) => {
        if (!latest) return;
        setAnswer({ request, result });
        if (result.ok) setShown(result.data);
      },
      (error: unknown) => latest && setAnswer({ request, result: { ok: false, error: { code: 'internal', message: String(error), retryable: true } } }),
    );
    return () => {
      latest = false;
    };
    // `load` is a fresh closure each render; `request` says when to ask again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [request]);

  const setPage = useCallback((page: number) => setAsked((previous) => ({ key, page, generation: previous.generation })), [key]);
  const reload = useCallback(() => setAsked((previous) => ({ ...(previous.key === key ? previous : { key, page: 1 }), generation: previous.generation + 1 })), [key]);

  const page = shown === undefined ? {} : { page: shown };
  const state: PagedState<T> =
    answer?.request !== request
      ? { status: 'loading', ...page }
      : answer.result.ok
        ? { status: 'ready', page: answer.result.data }
        : { status: 'failed', error: answer.result.error, ...page };
  return { state, setPage, reload };
}
