import { useCallback, useEffect, useState } from 'react';
import type { IpcError, IpcResult } from '../../src-preload/contract/define.ts';

export type QueryState<T> =
  | { status: 'loading' }
  | { status: 'ready'; data: T }
  | { status: 'failed'; error: IpcError };

/**
 * Runs a bridge call when the view mounts. An `{ok:false}` answer is state the view shows; a
 * broken bridge (the call itself rejects) is thrown to the tab's error boundary.
 */
export function useBridgeQuery<T>(run: () => Promise<IpcResult<T>>): [QueryState<T>, () => void] {
  const [state, setState] = useState<QueryState<T>>({ status: 'loading' });
  const [crash, setCrash] = useState<unknown>(null);
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    let current = true;
    run().then(
      (result) => {
        if (!current) return;
        setState(result.ok ? { status: 'ready', data: result.data } : { status: 'failed', error: result.error });
      },
      (error: unknown) => current && setCrash(error),
    );
    return () => {
      current = false;
    };
    // `run` is a fresh closure each render; `generation` is what asks for a refetch.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [generation]);

  if (crash) throw crash instanceof Error ? crash : new Error(String(crash));
  return [state, useCallback(() => setGeneration((value) => value + 1), [])];
}
