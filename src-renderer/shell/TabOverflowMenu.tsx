import { useEffect, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { tabTitle } from './view-registry.ts';
import { useWorkspaceStore } from '../navigation/workspace-store.ts';
import { useAnchoredPopover } from '../ui/use-anchored-popover.ts';

/** Every open tab in one list, however many the strip has scrolled away; a choice activates it. */
export function TabOverflowMenu() {
  const { t } = useTranslation();
  const tabs = useWorkspaceStore((state) => state.tabs);
  const activeTabId = useWorkspaceStore((state) => state.activeTabId);
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const { anchor, popover } = useAnchoredPopover<HTMLButtonElement>('bottom-end');

  useEffect(() => {
    if (!open) return;
    list.current?.querySelector<HTMLElement>('[aria-checked="true"]')?.focus();
    const closeOutside = (event: MouseEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    window.addEventListener('mousedown', closeOutside);
    return () => window.removeEventListener('mousedown', closeOutside);
  }, [open]);

  const choose = (tabId: string) => {
    useWorkspaceStore.getState().activate(tabId);
    setOpen(false);
    document.getElementById(`tab-${tabId}`)?.focus();
  };
  /** The menu pattern: arrows move, Home and End jump, Escape closes and gives the focus back. */
  const onKeyDown = (event: KeyboardEvent) => {
    const items = [...(list.current?.querySelectorAll<HTMLElement>('[role="menuitemradio"]') ?? [])];
    const index = items.indexOf(document.activeElement as HTMLElement);
    const target = { ArrowDown: index + 1, ArrowUp: index - 1, Home: 0, End: items.length - 1 }[event.key];
    if (event.key === 'Escape') {
      event.stopPropagation();
      setOpen(false);
      root.current?.querySelector<HTMLElement>('.tab-overflow')?.focus();
    } else if (target !== undefined && items.length > 0) {
      event.preventDefault();
      items[(target + items.length) % items.length]!.focus();
    }
  };

  const label = t('workspace.allTabs', { count: tabs.length });
  return (
    <div className="tab-overflow-root" ref={root} onKeyDown={onKeyDown}>
      <button ref={anchor} type="button" className="tab-overflow" aria-haspopup="menu" aria-expanded={open} aria-label={label} title={label} onClick={() => setOpen(!open)}>
        ⌄
      </button>
      {open && (
        <ul className="tab-overflow-menu" role="menu" aria-label={t('workspace.allTabsList')}
          ref={(element) => {
            list.current = element;
            const unplace = popover(element);
            return () => {
              list.current = null;
              unplace?.();
            };
          }}
        >
          {tabs.map((tab) => {
            const title = tabTitle(tab, t);
            return (
              <li key={tab.id} role="menuitemradio" aria-checked={tab.id === activeTabId} tabIndex={-1} title={title} onClick={() => choose(tab.id)} onKeyDown={(event) => event.key === 'Enter' && choose(tab.id)}>
                {title}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
