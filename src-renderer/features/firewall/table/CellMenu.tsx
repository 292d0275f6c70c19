import { useTranslation } from 'react-i18next';
import { useEffect, useRef } from 'react';
import type { KeyboardEvent } from 'react';
import { cellText } from './visible-text.ts';
import { copyText } from '../../../ui/copy-text.ts';
import { useAnchoredPopover } from '../../../ui/use-anchored-popover.ts';

/** Show only rows with the cell's value, or every row but those. */
export type FilterMode = 'in' | 'out';

export interface CellMenuTarget {
  x: number;
  y: number;
  column: string;
  title: string;
  /** The cell's whole text, as "Copy" puts it on the clipboard. */
  text: string;
  /** The value filters use; absent when the column cannot filter. */
  value: string | undefined;
  /** The value as the cell shows it, in words. */
  valueWords: string | undefined;
}

interface Props {
  target: CellMenuTarget;
  onFilter?(column: string, value: string, mode: FilterMode): void;
  onDismiss(): void;
}

/** A cell's context menu: copy its value; keep only rows with this value, or hide them. */
export function CellMenu({ target, onFilter, onDismiss }: Props) {
  const { t } = useTranslation();
  const menu = useRef<HTMLDivElement>(null);
  const { popover } = useAnchoredPopover('bottom-start', { x: target.x, y: target.y });
  useEffect(() => {
    menu.current?.querySelector('button')?.focus();
    const dismissOutside = (event: MouseEvent) => {
      if (!menu.current?.contains(event.target as Node)) onDismiss();
    };
    window.addEventListener('mousedown', dismissOutside);
    return () => window.removeEventListener('mousedown', dismissOutside);
  }, [onDismiss]);

  const choose = (mode: FilterMode) => {
    if (target.value !== undefined) onFilter?.(target.column, target.value, mode);
    onDismiss();
  };
  const copy = () => {
    void copyText(target.text);
    onDismiss();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const buttons = [...(menu.current?.querySelectorAll('button') ?? [])];
    const index = buttons.indexOf(document.activeElement as HTMLButtonElement);
    if (event.key === 'Escape') onDismiss();
    else if (event.key === 'ArrowDown') buttons[(index + 1) % buttons.length]?.focus();
    else if (event.key === 'ArrowUp') buttons[(index - 1 + buttons.length) % buttons.length]?.focus();
    else return;
    event.preventDefault();
    event.stopPropagation();
  };
  const shown = cellText(target.valueWords ?? target.text, 60);

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
      aria-label={`${target.title} ${shown}`}
      className="cell-menu"
      onKeyDown={onKeyDown}
    >
      <button type="button" role="menuitem" onClick={copy}>
        {t('firewall.table.copy', { column: target.title })}
      </button>
      {onFilter && target.value !== undefined && (
        <>
          <button type="button" role="menuitem" onClick={() => choose('in')}>
            {t('firewall.table.menuFilterIn', { column: target.title })} <bdi>{shown}</bdi>
          </button>
          <button type="button" role="menuitem" onClick={() => choose('out')}>
            {t('firewall.table.menuFilterOut', { column: target.title })} <bdi>{shown}</bdi>
          </button>
        </>
      )}
    </div>
  );
}
