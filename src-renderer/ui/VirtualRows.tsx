import type { CSSProperties, Key, ReactNode, RefObject } from 'react';
import type { useVirtualRows } from './use-virtual-rows.ts';

interface Props<Row> {
  virtual: Omit<ReturnType<typeof useVirtualRows>, 'scroller'>;
  scrollerRef: RefObject<HTMLDivElement | null>;
  /** The scrolling box: its class, role and name; it takes the keys and names the selected row. */
  viewport: { className: string; role: 'listbox' | 'rowgroup'; label: string; onMouseLeave?(): void };
  /** Shown in place of rows when there are none. */
  empty: { className: string; content: ReactNode } | null;
  /** Undefined while the row's page is still on its way. */
  rowAt(index: number): Row | undefined;
  rowHeight: number;
  selectedIndex: number | null;
  onSelect(index: number): void;
  onOpen(index: number): void;
  role: 'row' | 'option';
  /** The rows' class; `${className}-selected`-style names come from `selectedClassName`. */
  className: string;
  selectedClassName: string;
  rowClassName?(row: Row): string;
  style?: CSSProperties;
  keyOf(index: number, row: Row | undefined): Key;
  /** A table's row numbers for assistive technology. */
  rowIndexOffset?: number;
  children(row: Row | undefined, index: number): ReactNode;
}

/** The scrolling box of a virtual list or table and its rows on screen, each placed at its offset; the one row loop both use. */
export function VirtualRows<Row>({ virtual, scrollerRef, viewport, empty, rowAt, rowHeight, selectedIndex, onSelect, onOpen, role, className, selectedClassName, rowClassName, style, keyOf, rowIndexOffset, children }: Props<Row>) {
  return (
    <div
      ref={scrollerRef}
      className={viewport.className}
      role={viewport.role}
      tabIndex={0}
      aria-label={viewport.label}
      aria-activedescendant={selectedIndex !== null ? virtual.rowId(selectedIndex) : undefined}
      onKeyDown={virtual.onKeyDown}
      onMouseLeave={viewport.onMouseLeave}
    >
      {empty && <div className={empty.className}>{empty.content}</div>}
      <div style={{ height: virtual.totalHeight, position: 'relative' }}>
        {virtual.items.map((item) => {
          const row = rowAt(item.index);
          const selected = item.index === selectedIndex;
          return (
            <div
              key={keyOf(item.index, row)}
              id={virtual.rowId(item.index)}
              role={role}
              aria-rowindex={rowIndexOffset === undefined ? undefined : item.index + rowIndexOffset}
              aria-selected={selected}
              aria-busy={row ? undefined : true}
              className={`${className}${selected ? ` ${selectedClassName}` : ''}${row && rowClassName ? ` ${rowClassName(row)}` : ''}`}
              style={{ ...style, transform: `translateY(${item.start}px)`, height: rowHeight }}
              onClick={() => onSelect(item.index)}
              onDoubleClick={() => onOpen(item.index)}
            >
              {children(row, item.index)}
            </div>
          );
        })}
      </div>
    </div>
  );
}
