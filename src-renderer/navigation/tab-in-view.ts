import { createContext, useCallback, useContext } from 'react';
import { useWorkspaceStore } from './workspace-store.ts';

/** The id of the tab a view is shown in (`Workspace.tsx`); undefined outside the tab panels. */
export const TabIdContext = createContext<string | undefined>(undefined);

/**
 * For an effect's cleanup: whether its view is only going out of view (its tab still open, another
 * one shown) rather than closing. A tab out of view runs no effects (`<Activity>` in Workspace.tsx)
 * but keeps its state, so what it waits for must go on; what a closing view started may stop.
 */
export function useGoingOutOfView(): () => boolean {
  const tabId = useContext(TabIdContext);
  return useCallback(() => {
    if (tabId === undefined) return false;
    const { tabs, activeTabId } = useWorkspaceStore.getState();
    return activeTabId !== tabId && tabs.some((tab) => tab.id === tabId);
  }, [tabId]);
}
