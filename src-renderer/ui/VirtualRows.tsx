import type { CSSProperties, Key, ReactNode, UIEvent } from 'react';
import { useVirtualRows } from './use-virtual-rows.ts';

/** How the rows on screen look: their role, classes and key. */
export interface RowLook<Row> {
  role: 'row' | 'option';
  /** The rows' class; the selected one also gets `selectedClassName`. */
  className: string;
  selectedClassName: string;
  rowClassName?(row: Row): string;
  style?: CSSProperties;
  keyOf(index: number, row: Row | undefined): Key;
  /** A table's row numbers for assistive technology. */
  rowIndexOffset?: number;
}

interface Props<Row> {
  /** What to scroll over and how the keys move: the options of `useVirtualRows`. */
  list: Parameters<typeof useVirtualRows>[0];
  /** The scrolling box: its class, role and name; it takes the keys and names the selected row. */
  viewport: { className: string; role: 'listbox' | 'rowgroup'; label: string; onMouseLeave?(): void; onScroll?(event: UIEvent<HTMLDivElement>): void; style?: CSSProperties };
  /** Shown in place of rows when there are none. */
  empty: { className: string; content: ReactNode } | null;
  /** Undefined while the row's page is still on its way. */
  rowAt(index: number): Row | undefined;
  look: RowLook<Row>;
  children(row: Row | undefined, index: number): ReactNode;
}

/** The scrolling box of a virtual list or table and its rows on screen, each placed at its offset; the one row loop both use. */
export function VirtualRows<Row>({ list, viewport, empty, rowAt, look, children }: Props<Row>) {
  const { scroller, ...virtual } = useVirtualRows(list);
  const { selectedIndex, onSelect, onOpen, rowHeight } = list;
  return (
    <div
      ref={scroller}
      className={viewport.className}
      role={viewport.role}
      tabIndex={0}
      aria-label={viewport.label}
      aria-activedescendant={selectedIndex !== null ? virtual.rowId(selectedIndex) : undefined}
      onKeyDown={virtual.onKeyDown}
      onMouseLeave={viewport.onMouseLeave}
      onScroll={viewport.onScroll}
      style={viewport.style}
    >
      {empty && <div className={empty.className}>{empty.content}</div>}
      <div className="virtual-rows" style={{ height: virtual.totalHeight }}>
        {virtual.items.map((item) => {
          const row = rowAt(item.index);
          const selected = item.index === selectedIndex;
          return (
            <div
              key={look.keyOf(item.index, row)}
              id={virtual.rowId(item.index)}
              role={look.role}
              aria-rowindex={look.rowIndexOffset === undefined ? undefined : item.index + look.rowIndexOffset}
              aria-selected={selected}
              aria-busy={row ? undefined : true}
              className={`${look.className}${selected ? ` ${look.selectedClassName}` : ''}${row && look.rowClassName ? ` ${look.rowClassName(row)}` : ''}`}
              style={{ ...look.style, transform: `translateY(${item.start}px)`, height: rowHeight }}
              // A double click opens the row; it should not also select the word under the pointer.
              onMouseDown={(event) => event.detail > 1 && event.preventDefault()}
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
