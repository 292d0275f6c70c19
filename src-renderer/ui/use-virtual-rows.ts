import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useId, useRef } from 'react';
import type { KeyboardEvent } from 'react';

interface Options {
  rowCount: number;
  rowHeight: number;
  /** Rows built beyond the screen's edges, so a short scroll shows rows at once. */
  overscan: number;
  /** Which rows are on screen, so the owner fetches only those. */
  onRangeChange(start: number, end: number): void;
  selectedIndex: number | null;
  onSelect(index: number): void;
  onOpen(index: number): void;
  /** Escape, when the list has something to close (a detail pane). */
  onClose?(): void;
  /** Space on the selected row, when its rows can be checked (`range`: shift held). */
  onToggle?(index: number, range: boolean): void;
}

/**
 * A scrolling list of any length where only the rows on screen exist: the virtualizer, the range
 * it reports to the owner, and the keys an analyst moves with (↑/↓, Page Up/Down, Home/End, Enter
 * opens, Space checks).
 */
export function useVirtualRows({ rowCount, rowHeight, overscan, onRangeChange, selectedIndex, onSelect, onOpen, onClose, onToggle }: Options) {
  const scroller = useRef<HTMLDivElement>(null);
  const rowIdPrefix = useId();
  // The virtualizer is read afresh on every render by design; its users are not memoised.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({ count: rowCount, getScrollElement: () => scroller.current, estimateSize: () => rowHeight, overscan });
  const items = virtualizer.getVirtualItems();
  const first = items[0]?.index ?? 0;
  const last = items.at(-1)?.index ?? -1;

  useEffect(() => {
    if (last >= first) onRangeChange(first, last + 1);
  }, [first, last, onRangeChange]);

  const moveTo = (index: number) => {
    if (rowCount === 0) return;
    const target = Math.max(0, Math.min(rowCount - 1, index));
    onSelect(target);
    virtualizer.scrollToIndex(target, { align: 'auto' });
  };
  const pageRows = Math.max(1, Math.floor((scroller.current?.clientHeight ?? rowHeight * 10) / rowHeight) - 1);

  const onKeyDown = (event: KeyboardEvent) => {
    const current = selectedIndex ?? -1;
    const moves: Record<string, number> = {
      ArrowDown: current + 1,
      ArrowUp: current - 1,
      PageDown: current + pageRows,
      PageUp: current - pageRows,
      Home: 0,
      End: rowCount - 1,
    };
    if (event.key in moves) moveTo(moves[event.key]!);
    else if (event.key === 'Enter' && selectedIndex !== null) onOpen(selectedIndex);
    else if (event.key === 'Escape' && onClose) onClose();
    // A focused checkbox takes its own Space.
    else if (event.key === ' ' && onToggle && selectedIndex !== null && event.target === event.currentTarget) onToggle(selectedIndex, event.shiftKey);
    else return;
    event.preventDefault();
  };

  return {
    scroller,
    items,
    totalHeight: virtualizer.getTotalSize(),
    onKeyDown,
    /** The DOM id of row `index`, for aria-activedescendant. */
    rowId: (index: number) => `${rowIdPrefix}-row-${index}`,
  };
}
