import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import type { KeyboardEvent, RefObject } from 'react';

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

/** The rows the scrolling box shows: the first one at least partly in view, and how many fit. */
interface RowsInView {
  firstInView: number;
  rowsInView: number;
}

/**
 * Which rows are in view, read from the box's scroll position and height. Changes only when a row
 * enters or leaves the view, not with every pixel scrolled.
 */
function useRowsInView(scroller: RefObject<HTMLDivElement | null>, rowHeight: number): RowsInView {
  const [view, setView] = useState<RowsInView>({ firstInView: 0, rowsInView: 0 });
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const read = () => {
      const firstInView = Math.floor(element.scrollTop / rowHeight);
      const rowsInView = Math.ceil(element.clientHeight / rowHeight) + 1;
      setView((current) => (current.firstInView === firstInView && current.rowsInView === rowsInView ? current : { firstInView, rowsInView }));
    };
    read();
    element.addEventListener('scroll', read, { passive: true });
    const resized = new ResizeObserver(read);
    resized.observe(element);
    return () => {
      element.removeEventListener('scroll', read);
      resized.disconnect();
    };
  }, [scroller, rowHeight]);
  return view;
}

/**
 * A scrolling list of any length where only the rows on screen exist: every row is `rowHeight`
 * tall, so where each one goes is arithmetic, the same work for ten rows as for a million (a
 * general virtualizer measures every row again whenever the count changes, several ms a filter at
 * 100,000 alerts). Also the range it reports to the owner, and the keys an analyst moves with
 * (↑/↓, Page Up/Down, Home/End, Enter opens, Space checks).
 */
export function useVirtualRows({ rowCount, rowHeight, overscan, onRangeChange, selectedIndex, onSelect, onOpen, onClose, onToggle }: Options) {
  const scroller = useRef<HTMLDivElement>(null);
  const rowIdPrefix = useId();
  const { firstInView, rowsInView } = useRowsInView(scroller, rowHeight);
  const first = Math.max(0, Math.min(firstInView, rowCount - 1) - overscan);
  const last = Math.min(rowCount - 1, firstInView + rowsInView - 1 + overscan);
  const items: { index: number; start: number }[] = [];
  for (let index = first; index <= last; index++) items.push({ index, start: index * rowHeight });

  useEffect(() => {
    if (last >= first) onRangeChange(first, last + 1);
  }, [first, last, onRangeChange]);

  /** Scrolls as little as brings row `index` wholly into view. */
  const scrollToRow = (index: number) => {
    const element = scroller.current;
    if (!element) return;
    const top = index * rowHeight;
    if (top < element.scrollTop) element.scrollTop = top;
    else if (top + rowHeight > element.scrollTop + element.clientHeight) element.scrollTop = top + rowHeight - element.clientHeight;
  };
  const moveTo = (index: number) => {
    if (rowCount === 0) return;
    const target = Math.max(0, Math.min(rowCount - 1, index));
    onSelect(target);
    scrollToRow(target);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const current = selectedIndex ?? -1;
    const pageRows = Math.max(1, Math.floor((scroller.current?.clientHeight ?? rowHeight * 10) / rowHeight) - 1);
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
    totalHeight: rowCount * rowHeight,
    onKeyDown,
    /** The DOM id of row `index`, for aria-activedescendant. */
    rowId: (index: number) => `${rowIdPrefix}-row-${index}`,
  };
}
