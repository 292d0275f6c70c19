import { useEffect, useRef } from 'react';
import type { KeyboardEvent, ReactNode } from 'react';
import type { Placement } from '@floating-ui/dom';
import { useAnchoredPopover } from './use-anchored-popover.ts';

export interface MenuAction {
  /** Unique in its menu: the action's key. */
  id: string;
  label: ReactNode;
  onSelect(): void;
  disabled?: boolean;
  /** Why it is off, on hover. */
  title?: string | undefined;
}

/**
 * A menu of what can be done to one thing, opened at a point (the pointer, or the corner of the
 * button that opened it): the first action takes the focus, arrows, Home and End move, Enter
 * chooses, Escape, Tab or a click elsewhere closes it and `onClose` gives the focus back.
 */
export function ActionMenu({ label, actions, at, placement = 'bottom-end', onClose }: { label: string; actions: MenuAction[]; at: { x: number; y: number }; placement?: Placement; onClose(): void }) {
  const menu = useRef<HTMLDivElement>(null);
  const { popover } = useAnchoredPopover(placement, at);
  useEffect(() => {
    menu.current?.querySelector<HTMLButtonElement>('button:not(:disabled)')?.focus();
    const closeOutside = (event: MouseEvent) => {
      if (!menu.current?.contains(event.target as Node)) onClose();
    };
    window.addEventListener('mousedown', closeOutside);
    return () => window.removeEventListener('mousedown', closeOutside);
  }, [onClose]);

  const onKeyDown = (event: KeyboardEvent) => {
    const items = [...(menu.current?.querySelectorAll<HTMLButtonElement>('button:not(:disabled)') ?? [])];
    const index = items.indexOf(document.activeElement as HTMLButtonElement);
    const target = { ArrowDown: index + 1, ArrowUp: index - 1, Home: 0, End: items.length - 1 }[event.key];
    if (event.key === 'Escape' || event.key === 'Tab') onClose();
    else if (target !== undefined && items.length > 0) items[(target + items.length) % items.length]!.focus();
    else return;
    event.preventDefault();
    event.stopPropagation();
  };

  return (
    <div
      ref={(element) => {
        menu.current = element;
        const unplace = popover(element);
        return () => {
          menu.current = null;
          unplace?.();
        };
      }}
      role="menu"
      aria-label={label}
      className="action-menu"
      onKeyDown={onKeyDown}
    >
      {actions.map((action) => (
        <button
          key={action.id}
          type="button"
          role="menuitem"
          disabled={action.disabled}
          title={action.title}
          onClick={() => {
            onClose();
            action.onSelect();
          }}
        >
          {action.label}
        </button>
      ))}
    </div>
  );
}
