import { useEffect } from 'react';
import { create } from 'zustand';
import { useWorkspaceStore } from '../../navigation/workspace-store.ts';
import { onShowAboutChosen } from './about-data.ts';

/** Set by Help → About OpsDesk until the About section has scrolled itself into view. */
export const useAboutRequest = create<{ pending: boolean }>(() => ({ pending: false }));

/** Help → About OpsDesk opens the Settings tab at its About section. */
export function useShowAboutFromMenu(): void {
  useEffect(
    () =>
      onShowAboutChosen(() => {
        useWorkspaceStore.getState().navigate({ kind: 'settings' });
        useAboutRequest.setState({ pending: true });
      }),
    [],
  );
}
