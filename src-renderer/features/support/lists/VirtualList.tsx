import type { ReactNode } from 'react';
import { VirtualRows } from '../../../ui/VirtualRows.tsx';

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
  return (
    <VirtualRows
      list={{ rowCount, rowHeight, overscan: 8, onRangeChange, selectedIndex, onSelect, onOpen }}
      viewport={{ className: 'si-list', role: 'listbox', label }}
      empty={rowCount === 0 ? { className: 'si-list-empty', content: props.empty } : null}
      rowAt={rowAt}
      look={{ role: 'option', className: 'si-row', selectedClassName: 'si-row-selected', rowClassName: props.rowClassName, keyOf: (index, row) => (row ? rowKey(row) : `pending-${index}`) }}
    >
      {(row) => (row ? renderRow(row) : <span className="si-row-pending" />)}
    </VirtualRows>
  );
}
