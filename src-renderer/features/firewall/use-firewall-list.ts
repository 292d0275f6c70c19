import { useCallback, useEffect, useRef, useState } from 'react';
import type { IpcError, IpcResult } from '../../../src-shared/contract/define.ts';
import type { FirewallList } from '../../../src-shared/contract/firewall.ts';
import type { FirewallSyncResource } from '../../../src-shared/contract/sync.ts';
import { opsdesk } from '../../data/bridge.ts';

export type ListState<T> = { status: 'loading' } | { status: 'ready'; list: FirewallList<T>; error?: IpcError } | { status: 'failed'; error: IpcError };

/**
 * A firewall list (block list, allow list, domain rules) for one profile: read on mount, again on
 * `reload()` and, for a synced resource, whenever main says its cache changed. Only the newest
 * answer is kept.
 */
export function useFirewallList<T>(profileId: string, read: (profileId: string) => Promise<IpcResult<FirewallList<T>>>, synced?: FirewallSyncResource) {
  const [state, setState] = useState<ListState<T>>({ status: 'loading' });
  const latest = useRef(0);
  const readRef = useRef(read);

  const reload = useCallback(async () => {
    const request = ++latest.current;
    const result = await readRef.current(profileId);
    if (request !== latest.current) return;
    setState((current) =>
      result.ok
        ? { status: 'ready', list: result.data }
        : current.status === 'ready'
          ? { ...current, error: result.error }
          : { status: 'failed', error: result.error },
    );
  }, [profileId]);

  useEffect(() => {
    void reload();
    if (!synced) return;
    return opsdesk.firewall.onCacheChanged((change) => {
      if (change.profileId === profileId && change.resource === synced) void reload();
    });
  }, [profileId, synced, reload]);

  return [state, reload] as const;
}
