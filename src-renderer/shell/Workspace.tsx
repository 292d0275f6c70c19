import { Activity, useEffect, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import type { IpcError } from '../../src-shared/contract/define.ts';
import { Palette } from './palette/Palette.tsx';
import { usePaletteStore } from './palette/palette-store.ts';
import { useShowAboutFromMenu } from '../features/settings/use-about.ts';
import { useErrorText } from '../language/use-error-text.ts';
import { UndoToasts } from '../features/firewall/undo/UndoToasts.tsx';
import { LiveConfirmation } from '../features/outbox/LiveConfirmation.tsx';
import { ErrorBoundary } from '../ui/ErrorBoundary.tsx';
import { KeyboardShortcuts } from './KeyboardShortcuts.tsx';
import { TabBar } from './TabBar.tsx';
import { ViewPicker } from './ViewPicker.tsx';
import { persistWorkspace, useWorkspaceStore } from '../navigation/workspace-store.ts';
import { useWorkspaceShortcuts } from './use-workspace-shortcuts.ts';
import { loadWhenIdle } from '../ui/lazy-view.ts';
import { tabTitle, viewLoads } from './view-registry.ts';
import { ViewForTab } from './ViewForTab.tsx';
import { TabIdContext } from '../navigation/tab-in-view.ts';

export function Workspace() {
  const { t } = useTranslation();
  const tabs = useWorkspaceStore((state) => state.tabs);
  const activeTabId = useWorkspaceStore((state) => state.activeTabId);
  const pickerOpen = useWorkspaceStore((state) => state.pickerOpen);
  const shortcutsOpen = useWorkspaceStore((state) => state.shortcutsOpen);
  const saveError = useWorkspaceStore((state) => state.saveError);
  const paletteOpen = usePaletteStore((state) => state.open);
  const windowSettled = useWindowSettled();
  useEffect(() => persistWorkspace(), []);
  useEffect(() => (windowSettled ? loadWhenIdle(viewLoads) : undefined), [windowSettled]);
  useWorkspaceShortcuts();
  useShowAboutFromMenu();

  return (
    <div className="workspace">
      <TabBar />
      {saveError && <SaveFailed error={saveError} />}
      <main className="tab-panels">
        {tabs.length === 0 && <EmptyWorkspace />}
        {tabs.map((tab) => (
          <section
            key={tab.id}
            id={`panel-${tab.id}`}
            role="tabpanel"
            aria-labelledby={`tab-${tab.id}`}
            aria-label={tabTitle(tab, t)}
            className="tab-panel"
            hidden={tab.id !== activeTabId}
          >
            {(tab.id === activeTabId || windowSettled) && (
              // A tab out of view keeps its state but does no work until it is shown again: tabs of
              // one appliance share its alerts store, and each used to redraw on every click in another.
              <Activity mode={tab.id === activeTabId ? 'visible' : 'hidden'}>
                <TabIdContext value={tab.id}>
                  <ErrorBoundary viewTitle={tabTitle(tab, t)}>
                    <ViewForTab tab={tab} />
                  </ErrorBoundary>
                  <UndoToasts />
                </TabIdContext>
              </Activity>
            )}
          </section>
        ))}
      </main>
      {pickerOpen && <ViewPicker />}
      {shortcutsOpen && <KeyboardShortcuts />}
      {paletteOpen && <Palette />}
      <LiveConfirmation />
    </div>
  );
}

/** False until the window first has nothing to do: the tabs not in view wait for it, so the first paint is the active tab's alone. */
function useWindowSettled(): boolean {
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    const idle = requestIdleCallback(() => setSettled(true));
    return () => cancelIdleCallback(idle);
  }, []);
  return settled;
}

function SaveFailed({ error }: { error: IpcError }) {
  const { t } = useTranslation();
  const { message } = useErrorText(error);
  return (
    <div className="banner banner-warning" role="alert">
      {t('workspace.saveFailed', { reason: message })}
    </div>
  );
}

function EmptyWorkspace() {
  const { t } = useTranslation();
  const setPickerOpen = useWorkspaceStore((state) => state.setPickerOpen);
  return (
    <div className="empty-state">
      <h1>{t('workspace.noTabs')}</h1>
      <p>
        <Trans
          i18nKey="workspace.noTabsHint"
          components={{ kbd: <kbd />, button: <button type="button" className="link-button" onClick={() => setPickerOpen(true)} /> }}
        />
      </p>
    </div>
  );
}
