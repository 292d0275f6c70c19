import { useEffect, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { NotificationCenter } from '../features/notifications/NotificationCenter.tsx';
import { OutboxButton } from '../features/outbox/OutboxButton.tsx';
import { useWorkspaceStore } from '../navigation/workspace-store.ts';
import { TabOverflowMenu } from './TabOverflowMenu.tsx';
import { tabTitle, useItemTitles } from './view-registry.ts';

export function TabBar() {
  const { t } = useTranslation();
  useItemTitles();
  const tabs = useWorkspaceStore((state) => state.tabs);
  const activeTabId = useWorkspaceStore((state) => state.activeTabId);
  const { activate, close, move, setPickerOpen } = useWorkspaceStore.getState();
  const [draggedId, setDraggedId] = useState<string | null>(null);
  // However the tab became active (a click, a shortcut, a notification, the overflow menu), it is in sight.
  useEffect(() => {
    if (activeTabId) document.getElementById(`tab-${activeTabId}`)?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [activeTabId, tabs.length]);

  /** Arrow keys, Home and End move between tabs, as the WAI-ARIA tabs pattern has it. */
  const onTabListKeyDown = (event: KeyboardEvent) => {
    const index = tabs.findIndex((tab) => tab.id === activeTabId);
    const target = { ArrowLeft: index - 1, ArrowRight: index + 1, Home: 0, End: tabs.length - 1 }[event.key];
    if (target === undefined || tabs.length === 0) return;
    event.preventDefault();
    const tab = tabs[(target + tabs.length) % tabs.length]!;
    activate(tab.id);
    document.getElementById(`tab-${tab.id}`)?.focus();
  };

  return (
    <nav className="tab-bar">
      <div role="tablist" aria-label={t('workspace.openViews')} className="tab-list" onKeyDown={onTabListKeyDown}>
        {tabs.map((tab, index) => {
          const title = tabTitle(tab, t);
          return (
            <div
              key={tab.id}
              className={`tab${tab.id === activeTabId ? ' tab-active' : ''}${tab.id === draggedId ? ' tab-dragging' : ''}`}
              draggable
              onDragStart={(event) => {
                event.dataTransfer.effectAllowed = 'move';
                setDraggedId(tab.id);
              }}
              onDragOver={(event) => {
                if (draggedId) event.preventDefault();
              }}
              onDrop={(event) => {
                event.preventDefault();
                if (draggedId) move(draggedId, index);
                setDraggedId(null);
              }}
              onDragEnd={() => setDraggedId(null)}
              onAuxClick={(event) => {
                if (event.button === 1) close(tab.id);
              }}
            >
              <button
                type="button"
                role="tab"
                id={`tab-${tab.id}`}
                aria-selected={tab.id === activeTabId}
                aria-controls={`panel-${tab.id}`}
                tabIndex={tab.id === activeTabId ? 0 : -1}
                className="tab-title"
                title={title}
                onClick={() => activate(tab.id)}
              >
                {title}
              </button>
              <button
                type="button"
                className="tab-close"
                aria-label={t('workspace.closeTab', { title })}
                title={t('workspace.closeTabTooltip')}
                onClick={() => close(tab.id)}
              >
                ×
              </button>
            </div>
          );
        })}
      </div>
      <TabOverflowMenu />
      <button
        type="button"
        className="tab-new"
        aria-label={t('workspace.openView')}
        title={t('workspace.openViewTooltip')}
        onClick={() => setPickerOpen(true)}
      >
        +
      </button>
      <NotificationCenter />
      <OutboxButton />
    </nav>
  );
}
