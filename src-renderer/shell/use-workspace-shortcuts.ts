import { useEffect } from 'react';
import { usePaletteStore } from './palette/palette-store.ts';
import { isMac } from '../navigation/shortcut-label.ts';
import { useWorkspaceStore } from '../navigation/workspace-store.ts';


/** Browser-style tab shortcuts; Cmd on macOS, Ctrl elsewhere (Ctrl+Tab everywhere). */
export function useWorkspaceShortcuts(): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      // A dialog owns the keyboard: Ctrl+W must not close the tab behind a half-filled form.
      const command = isMac ? event.metaKey : event.ctrlKey;
      const key = event.key.toLowerCase();
      // The palette opens over anything, from a text field too; a second press closes it.
      if (command && !event.shiftKey && !event.altKey && key === 'k') {
        event.preventDefault();
        usePaletteStore.getState().toggle();
        return;
      }
      if (document.querySelector('dialog[open]')) return;
      const store = useWorkspaceStore.getState();
      if (event.ctrlKey && key === 'tab') {
        store.cycle(event.shiftKey ? -1 : 1);
      } else if (command && !event.altKey && key === '/') {
        store.setShortcutsOpen(true);
      } else if (command && !event.shiftKey && key === 't') {
        store.setPickerOpen(true);
      } else if (command && !event.shiftKey && key === 'w') {
        if (store.activeTabId) store.close(store.activeTabId);
      } else if (command && !event.shiftKey && /^[1-9]$/.test(event.key)) {
        store.jump(Number(event.key));
      } else if (command && event.shiftKey && (key === 'pageup' || key === 'pagedown')) {
        const index = store.tabs.findIndex((tab) => tab.id === store.activeTabId);
        if (store.activeTabId) store.move(store.activeTabId, index + (key === 'pageup' ? -1 : 1));
      } else {
        return;
      }
      event.preventDefault();
    };
    window.addEventListener('keydown', onKeyDown, { capture: true });
    return () => window.removeEventListener('keydown', onKeyDown, { capture: true });
  }, []);
}
