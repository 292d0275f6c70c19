import { useEffect } from 'react';
import { ErrorBoundary } from '../ui/ErrorBoundary.tsx';
import { TabBar } from './TabBar.tsx';
import { ViewPicker } from './ViewPicker.tsx';
import { persistWorkspace, useWorkspaceStore } from './workspace-store.ts';
import { useWorkspaceShortcuts } from './use-workspace-shortcuts.ts';
import { tabTitle } from './view-registry.ts';
import { ViewForTab } from './ViewForTab.tsx';

export function Workspace() {
  const tabs = useWorkspaceStore((state) => state.tabs);
  const activeTabId = useWorkspaceStore((state) => state.activeTabId);
  const pickerOpen = useWorkspaceStore((state) => state.pickerOpen);
  const saveError = useWorkspaceStore((state) => state.saveError);
  useEffect(() => persistWorkspace(), []);
  useWorkspaceShortcuts();

  return (
    <div className="workspace">
      <TabBar />
      {saveError && (
        <div className="banner banner-warning" role="alert">
          The tab layout could not be saved: {saveError}
        </div>
      )}
      <main className="tab-panels">
        {tabs.length === 0 && <EmptyWorkspace />}
        {tabs.map((tab) => (
          <section
            key={tab.id}
            id={`panel-${tab.id}`}
            role="tabpanel"
            aria-labelledby={`tab-${tab.id}`}
            aria-label={tabTitle(tab)}
            className="tab-panel"
            hidden={tab.id !== activeTabId}
          >
            <ErrorBoundary viewTitle={tabTitle(tab)}>
              <ViewForTab tab={tab} />
            </ErrorBoundary>
          </section>
        ))}
      </main>
      {pickerOpen && <ViewPicker />}
    </div>
  );
}

function EmptyWorkspace() {
  const setPickerOpen = useWorkspaceStore((state) => state.setPickerOpen);
  return (
    <div className="empty-state">
      <h1>No tabs open</h1>
      <p>
        Press <kbd>Ctrl</kbd>+<kbd>T</kbd> or{' '}
        <button type="button" className="link-button" onClick={() => setPickerOpen(true)}>
          open a view
        </button>
        .
      </p>
    </div>
  );
}
