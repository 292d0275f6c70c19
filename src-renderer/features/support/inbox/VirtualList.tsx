import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useId, useRef } from 'react';
import type { KeyboardEvent, ReactNode } from 'react';

interface Props<Row> {
  label: string;
  rowCount: number;
  /** Undefined while the row's page is still on its way. */
  rowAt(index: number): Row | undefined;
  rowKey(row: Row): string;
  renderRow(row: Row): ReactNode;
  /** Which rows are on screen, so the owner fetches only those. */
  onRangeChange(start: number, end: number): void;
  selectedIndex: number | null;
  onSelect(index: number): void;
  onOpen(index: number): void;
  rowHeight: number;
  empty: ReactNode;
  rowClassName?(row: Row): string;
}

/** A list of any length (tickets, contacts, work items): only the rows on screen exist in the DOM. ↑/↓ move, Enter opens. */
export function VirtualList<Row>(props: Props<Row>) {
  const { label, rowCount, rowAt, rowKey, renderRow, onRangeChange, selectedIndex, onSelect, onOpen, rowHeight } = props;
  const scroller = useRef<HTMLDivElement>(null);
  const rowIdPrefix = useId();
  // The virtualizer is read afresh on every render by design; this component is not memoised.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rowCount,
    getScrollElement: () => scroller.current,
    estimateSize: () => rowHeight,
    overscan: 8,
  });
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
    else return;
    event.preventDefault();
  };

  return (
    <div
      ref={scroller}
      className="si-list"
      role="listbox"
      tabIndex={0}
      aria-label={label}
      aria-activedescendant={selectedIndex !== null ? `${rowIdPrefix}-row-${selectedIndex}` : undefined}
      onKeyDown={onKeyDown}
    >
      {rowCount === 0 && <div className="si-list-empty">{props.empty}</div>}
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {items.map((item) => {
          const row = rowAt(item.index);
          const selected = item.index === selectedIndex;
          return (
            <div
              key={row ? rowKey(row) : `pending-${item.index}`}
              id={`${rowIdPrefix}-row-${item.index}`}
              role="option"
              aria-selected={selected}
              aria-busy={row ? undefined : true}
              className={`si-row${selected ? ' si-row-selected' : ''}${row && props.rowClassName ? ` ${props.rowClassName(row)}` : ''}`}
              style={{ transform: `translateY(${item.start}px)`, height: rowHeight }}
              onClick={() => onSelect(item.index)}
              onDoubleClick={() => onOpen(item.index)}
            >
              {row ? renderRow(row) : <span className="si-row-pending" />}
            </div>
          );
        })}
      </div>
    </div>
  );
}
