import { useEffect, useState } from 'react';
import type { IpcError, IpcResult } from '../../../../src-preload/contract/define.ts';

export type RecordState<T> = { status: 'loading' } | { status: 'ready'; record: T } | { status: 'failed'; error: IpcError };

/**
 * One ticket, contact or work item as main has it (the cached copy at once, the server's when it
 * answers): read on mount and again whenever `follow` says it changed. Only the newest answer
 * counts, and a failed re-read keeps what is shown.
 */
export function useCachedRecord<T>(read: () => Promise<IpcResult<T>>, follow: (changed: () => void) => () => void): RecordState<T> {
  const [state, setState] = useState<RecordState<T>>({ status: 'loading' });
  useEffect(() => {
    let latest = 0;
    let mounted = true;
    const reread = () => {
      const request = ++latest;
      void read().then((result) => {
        if (!mounted || request !== latest) return;
        setState((current) =>
          result.ok ? { status: 'ready', record: result.data } : current.status === 'ready' ? current : { status: 'failed', error: result.error },
        );
      });
    };
    reread();
    const stop = follow(reread);
    return () => {
      mounted = false;
      stop();
    };
  }, [read, follow]);
  return state;
}
