import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { VirtualRows } from '../../../ui/VirtualRows.tsx';
import { CellMenu } from './CellMenu.tsx';
import type { CellMenuTarget, FilterMode } from './CellMenu.tsx';

export type SortDirection = 'asc' | 'desc';

export interface Column<Row> {
  /** The field name main sorts and filters by. */
  id: string;
  title: string;
  /** A CSS grid track, e.g. `110px` or `minmax(200px, 2fr)`. */
  width: string;
  sortable?: boolean;
  cell(row: Row): ReactNode;
  /** The value "filter in / filter out" uses; absent when the column cannot filter. */
  filterValue?(row: Row): string | undefined;
}

interface Props<Row> {
  label: string;
  columns: readonly Column<Row>[];
  rowCount: number;
  /** Undefined while the row's page is still on its way. */
  rowAt(index: number): Row | undefined;
  /** Which rows are on screen, so the owner fetches only those. */
  onRangeChange(start: number, end: number): void;
  sort?: { column: string; direction: SortDirection };
  onSort?(column: string): void;
  selectedIndex: number | null;
  onSelect(index: number): void;
  onOpen(index: number): void;
  onClose(): void;
  onFilter?(column: string, value: string, mode: FilterMode): void;
  rowClassName?(row: Row): string;
  empty: ReactNode;
}

const rowHeight = 32;

/** A table of any length: only the rows on screen exist in the DOM, each fetched when it scrolls in. */
export function VirtualTable<Row>(props: Props<Row>) {
  const { label, columns, rowCount, rowAt, onRangeChange, sort, onSort, selectedIndex, onSelect, onOpen, onClose, onFilter } = props;
  const { t } = useTranslation();
  const [menu, setMenu] = useState<CellMenuTarget | null>(null);
  // Only the cell under the pointer carries its filter buttons: a screenful of hidden ones cost
  // every new filter or sort a few milliseconds of building and labelling.
  const [hoveredCell, setHoveredCell] = useState<string | null>(null);
  const template = columns.map((column) => column.width).join(' ');

  return (
    <div className="vt" role="grid" aria-label={label} aria-rowcount={rowCount + 1} aria-colcount={columns.length}>
      <div className="vt-row vt-head" role="row" aria-rowindex={1} style={{ gridTemplateColumns: template }}>
        {columns.map((column) => {
          const sorted = sort?.column === column.id ? sort.direction : undefined;
          return (
            <div
              key={column.id}
              role="columnheader"
              className="vt-cell"
              aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none'}
            >
              {column.sortable && onSort ? (
                <button type="button" className="vt-sort" onClick={() => onSort(column.id)} title={t('firewall.table.sortBy', { column: column.title })}>
                  {column.title}
                  <span aria-hidden="true">{sorted === 'asc' ? ' ▲' : sorted === 'desc' ? ' ▼' : ''}</span>
                </button>
              ) : (
                column.title
              )}
            </div>
          );
        })}
      </div>
      <VirtualRows
        list={{ rowCount, rowHeight, overscan: 3, onRangeChange, selectedIndex, onSelect, onOpen, onClose }}
        viewport={{ className: 'vt-body', role: 'rowgroup', label: t('firewall.table.rows', { label }), onMouseLeave: () => setHoveredCell(null) }}
        empty={rowCount === 0 ? { className: 'vt-empty', content: props.empty } : null}
        rowAt={rowAt}
        look={{
          role: 'row',
          className: 'vt-row',
          selectedClassName: 'vt-selected',
          rowClassName: props.rowClassName,
          style: { gridTemplateColumns: template },
          // By position, not by row: a new filter or sort refills the rows on screen in
          // place instead of tearing them down and building a screenful anew.
          keyOf: (index) => index,
          rowIndexOffset: 2,
        }}
      >
        {(row, index) =>
          row
            ? columns.map((column) => {
                const value = column.filterValue?.(row);
                const cellKey = `${index}:${column.id}`;
                return (
                  <div
                    key={column.id}
                    role="gridcell"
                    className="vt-cell"
                    onMouseEnter={() => setHoveredCell(cellKey)}
                    onContextMenu={(event) => {
                      if (!onFilter || value === undefined) return;
                      event.preventDefault();
                      setMenu({ x: event.clientX, y: event.clientY, column: column.id, title: column.title, value });
                    }}
                  >
                    <span className="vt-value">{column.cell(row)}</span>
                    {onFilter && value !== undefined && hoveredCell === cellKey && (
                      <span className="vt-filter-buttons">
                        <button
                          type="button"
                          tabIndex={-1}
                          aria-label={t('firewall.table.filterIn', { column: column.title, value })}
                          title={t('firewall.table.onlyTitle', { column: column.title, value })}
                          onClick={(event) => {
                            event.stopPropagation();
                            onFilter(column.id, value, 'in');
                          }}
                        >
                          +
                        </button>
                        <button
                          type="button"
                          tabIndex={-1}
                          aria-label={t('firewall.table.filterOut', { column: column.title, value })}
                          title={t('firewall.table.hideTitle', { column: column.title, value })}
                          onClick={(event) => {
                            event.stopPropagation();
                            onFilter(column.id, value, 'out');
                          }}
                        >
                          −
                        </button>
                      </span>
                    )}
                  </div>
                );
              })
            : <div role="gridcell" className="vt-cell vt-pending" aria-busy="true" />
        }
      </VirtualRows>
      {menu && onFilter && <CellMenu target={menu} onFilter={onFilter} onDismiss={() => setMenu(null)} />}
    </div>
  );
}
