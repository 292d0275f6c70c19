// The About section's bridge calls, through the window's query layer; components use these only.
import { useEffect } from 'react';
import { create } from 'zustand';
import { opsdesk } from '../../data/bridge.ts';
import { useIpcQuery } from '../../data/ipc-query.ts';
import { useWorkspaceStore } from '../../navigation/workspace-store.ts';

/** What main reports about itself; asked again when the user ticks or unticks the host names. */
export const useDiagnostics = (includeProfileHosts: boolean) =>
  useIpcQuery(['app', 'diagnostics', includeProfileHosts], () => opsdesk.app.diagnostics({ includeProfileHosts }));

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
