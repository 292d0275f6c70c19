// The About section's bridge calls, kept out of the component so the window's data layer can take them over.
import { useEffect, useState } from 'react';
import { create } from 'zustand';
import type { Diagnostics } from '../../../src-preload/contract/app.ts';
import { opsdesk } from '../../bridge.ts';
import type { QueryState } from '../../ui/use-bridge-query.ts';
import { useWorkspaceStore } from '../../workspace/workspace-store.ts';

/** What main reports about itself; asked again when the user ticks or unticks the host names. */
export function useDiagnostics(includeProfileHosts: boolean): QueryState<Diagnostics> {
  const [state, setState] = useState<QueryState<Diagnostics>>({ status: 'loading' });
  const [crash, setCrash] = useState<unknown>(null);
  useEffect(() => {
    let current = true;
    opsdesk.app.diagnostics({ includeProfileHosts }).then(
      (result) => current && setState(result.ok ? { status: 'ready', data: result.data } : { status: 'failed', error: result.error }),
      (error: unknown) => current && setCrash(error),
    );
    return () => {
      current = false;
    };
  }, [includeProfileHosts]);
  if (crash) throw crash instanceof Error ? crash : new Error(String(crash));
  return state;
}

/** Set by Help → About OpsDesk until the About section has scrolled itself into view. */
export const useAboutRequest = create<{ pending: boolean }>(() => ({ pending: false }));

/** Help → About OpsDesk opens the Settings tab at its About section. */
export function useShowAboutFromMenu(): void {
  useEffect(
    () =>
      opsdesk.app.onShowAbout(() => {
        useWorkspaceStore.getState().navigate({ kind: 'settings' });
        useAboutRequest.setState({ pending: true });
      }),
    [],
  );
}
