import { useTranslation } from 'react-i18next';
import { memo, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { CSSProperties, KeyboardEvent, ReactNode } from 'react';
import { flexRender } from '@tanstack/react-table';
import { VirtualRows } from '../../../ui/VirtualRows.tsx';
import { copyText } from '../../../ui/copy-text.ts';
import { CellMenu } from './CellMenu.tsx';
import type { CellMenuTarget, FilterMode } from './CellMenu.tsx';
import { ColumnsMenu } from './ColumnsMenu.tsx';
import { cellStyle, useTableColumns } from './use-table-columns.ts';
import type { Column, WithDetail } from './use-table-columns.ts';

export type { Column } from './use-table-columns.ts';
export type SortDirection = 'asc' | 'desc';

interface Props<Row> {
  /** Names the table's remembered layout: `firewall.alerts`, `firewall.devices`. */
  tableId: string;
  label: string;
  columns: readonly Column<Row>[];
  rowCount: number;
  /** Undefined while the row's page is still on its way. */
  rowAt(index: number): Row | undefined;
  /** Which rows are on screen, so the owner fetches only those. */
  onRangeChange?(start: number, end: number): void;
  sort?: { column: string; direction: SortDirection };
  onSort?(column: string): void;
  selectedIndex: number | null;
  onSelect(index: number): void;
  onOpen?(index: number): void;
  onClose?(): void;
  onFilter?(column: string, value: string, mode: FilterMode): void;
  /** Space on the selected row: its checkbox (`range`: shift held). */
  onToggle?(index: number, range: boolean): void;
  rowClassName?(row: Row): string;
  empty: ReactNode;
  /** A short list (an appliance's page): the body is as tall as its rows, up to the window's height. */
  fitRows?: boolean;
  /** A detail pane beside the table: while it is open, only the columns chosen to stay beside it show (the table's choice widened to the room there is). */
  withDetail?: WithDetail;
}

const rowHeights = { comfortable: 28, compact: 24 } as const;
const noRange = () => undefined;
const RESIZE_STEP = 16;

/**
 * A table of any length: only the rows on screen exist in the DOM, each fetched when it scrolls in.
 * Its columns are the analyst's: resized by their edge, hidden and reordered from the columns menu,
 * remembered per table; a value that does not fit ends with an ellipsis and shows whole on hover.
 */
export function VirtualTable<Row>(props: Props<Row>) {
  const { tableId, label, columns, rowCount, rowAt, sort, onSort, selectedIndex, onSelect, onFilter } = props;
  const { t } = useTranslation();
  const { table, layout, visible, sizes, totalWidth, density, detail } = useTableColumns(tableId, columns, props.withDetail);
  const [menu, setMenu] = useState<CellMenuTarget | null>(null);
  // Only the cell under the pointer carries its filter buttons: a screenful of hidden ones cost
  // every new filter or sort a few milliseconds of building and labelling.
  const [hoveredCell, setHoveredCell] = useState<{ index: number; column: string } | null>(null);
  const latestOnFilter = useRef(onFilter);
  useLayoutEffect(() => {
    latestOnFilter.current = onFilter;
  });
  const filters = Boolean(onFilter);
  // The same handlers every render, so a row whose data did not change is not drawn again.
  const cellEvents = useMemo<CellEvents>(
    () => ({
      hover: (index, column) => setHoveredCell({ index, column }),
      openMenu: setMenu,
      filter: filters ? (column, value, mode) => latestOnFilter.current?.(column, value, mode) : undefined,
    }),
    [filters],
  );
  const head = useRef<HTMLDivElement>(null);
  const rowHeight = rowHeights[density];
  const bodyHeight = props.fitRows ? `min(${Math.max(rowCount, 2) * rowHeight + 16}px, max(240px, 100vh - 300px))` : undefined;

  const copyRow = (event: KeyboardEvent) => {
    if (!(event.ctrlKey || event.metaKey) || event.key !== 'c' || selectedIndex === null || window.getSelection()?.toString()) return;
    const row = rowAt(selectedIndex);
    if (row) void copyText(visible.filter((column) => !column.pinned).map((column) => column.text(row)).join('\t'));
  };

  return (
    <div
      className="vt"
      role="grid"
      aria-label={label}
      aria-rowcount={rowCount + 1}
      aria-colcount={visible.length}
      data-density={density}
      style={{ ...sizes, '--vt-width': `${totalWidth}px`, '--vt-row-height': `${rowHeight}px` } as CSSProperties}
      onKeyDown={copyRow}
    >
      <div className="vt-head-scroll" ref={head}>
        <div className="vt-row vt-head" role="row" aria-rowindex={1}>
          {table.getHeaderGroups()[0]!.headers.map((header) => {
            const column = visible.find((candidate) => candidate.id === header.column.id)!;
            const sorted = sort?.column === column.id ? sort.direction : undefined;
            return (
              <div
                key={header.id}
                role="columnheader"
                className={column.pinned === 'end' ? 'vt-cell vt-head-cell vt-pinned-end' : 'vt-cell vt-head-cell'}
                style={cellStyle(column.id)}
                aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none'}
              >
                {column.header ? (
                  column.header()
                ) : column.sortable && onSort ? (
                  <button type="button" className="vt-sort" onClick={() => onSort(column.id)} title={t('firewall.table.sortBy', { column: column.title })}>
                    {flexRender(header.column.columnDef.header, header.getContext())}
                    <span aria-hidden="true">{sorted === 'asc' ? ' ▲' : sorted === 'desc' ? ' ▼' : ''}</span>
                  </button>
                ) : (
                  <span className="vt-head-title" title={column.title}>{flexRender(header.column.columnDef.header, header.getContext())}</span>
                )}
                {header.column.getCanResize() && (
                  <div
                    role="separator"
                    aria-orientation="vertical"
                    aria-label={t('firewall.table.resize', { column: column.title })}
                    aria-valuenow={header.getSize()}
                    tabIndex={0}
                    className={header.column.getIsResizing() ? 'vt-resizer vt-resizing' : 'vt-resizer'}
                    onMouseDown={header.getResizeHandler()}
                    onTouchStart={header.getResizeHandler()}
                    onDoubleClick={() => header.column.resetSize()}
                    onKeyDown={(event) => {
                      const step = event.key === 'ArrowRight' ? RESIZE_STEP : event.key === 'ArrowLeft' ? -RESIZE_STEP : 0;
                      if (step === 0) return;
                      event.preventDefault();
                      table.setColumnSizing((sizes) => ({ ...sizes, [column.id]: header.getSize() + step }));
                    }}
                  />
                )}
              </div>
            );
          })}
        </div>
      </div>
      <ColumnsMenu table={table} tableId={tableId} label={label} layout={layout} detail={detail} />
      <VirtualRows
        list={{
          rowCount,
          rowHeight,
          overscan: 3,
          onRangeChange: props.onRangeChange ?? noRange,
          selectedIndex,
          onSelect,
          onOpen: props.onOpen ?? noRange,
          ...(props.onClose && { onClose: props.onClose }),
          ...(props.onToggle && { onToggle: props.onToggle }),
        }}
        viewport={{
          className: 'vt-body',
          role: 'rowgroup',
          label: t('firewall.table.rows', { label }),
          onMouseLeave: () => setHoveredCell(null),
          onScroll: (event) => {
            if (head.current) head.current.scrollLeft = event.currentTarget.scrollLeft;
          },
          ...(bodyHeight && { style: { height: bodyHeight } }),
        }}
        empty={rowCount === 0 ? { className: 'vt-empty', content: props.empty } : null}
        rowAt={rowAt}
        look={{
          role: 'row',
          className: 'vt-row',
          selectedClassName: 'vt-selected',
          rowClassName: props.rowClassName,
          // By position, not by row: a new filter or sort refills the rows on screen in
          // place instead of tearing them down and building a screenful anew.
          keyOf: (index) => index,
          rowIndexOffset: 2,
        }}
      >
        {(row, index) =>
          row ? (
            <RowCells
              row={row}
              index={index}
              columns={visible}
              hoveredColumn={hoveredCell?.index === index ? hoveredCell.column : null}
              cellEvents={cellEvents}
            />
          ) : (
            <div role="gridcell" className="vt-cell vt-pending" aria-busy="true" />
          )
        }
      </VirtualRows>
      {menu && <CellMenu target={menu} {...(onFilter && { onFilter })} onDismiss={() => setMenu(null)} />}
    </div>
  );
}

const cellClass = <Row,>(column: Column<Row>) => (column.pinned === 'end' ? 'vt-cell vt-pinned-end' : 'vt-cell') + (column.className ? ` ${column.className}` : '');

interface CellEvents {
  hover(index: number, column: string): void;
  openMenu(target: CellMenuTarget): void;
  filter: ((column: string, value: string, mode: FilterMode) => void) | undefined;
}

interface RowCellsProps<Row> {
  row: Row;
  index: number;
  columns: readonly Column<Row>[];
  /** The column whose cell is under the pointer in this row: it alone carries the filter buttons. */
  hoveredColumn: string | null;
  cellEvents: CellEvents;
}

/**
 * One row's cells. A new filter or sort draws the table twice, once as it asks and once when the
 * rows come; the first time no row's data has changed, and none of them is drawn again.
 */
const RowCells = memo(function RowCells<Row>({ row, index, columns, hoveredColumn, cellEvents }: RowCellsProps<Row>) {
  const { filter } = cellEvents;
  return columns.map((column) => {
    const value = column.filterValue?.(row);
    const filterable = filter && value !== undefined;
    return (
      <div
        key={column.id}
        role="gridcell"
        className={cellClass(column)}
        style={cellStyle(column.id)}
        title={column.text(row)}
        onMouseEnter={filterable ? () => cellEvents.hover(index, column.id) : undefined}
        onContextMenu={(event) => {
          event.preventDefault();
          const valueWords = value === undefined ? undefined : (column.filterWords?.(value) ?? value);
          cellEvents.openMenu({ x: event.clientX, y: event.clientY, column: column.id, title: column.title, text: column.text(row), value, valueWords });
        }}
      >
        {column.cell(row, index)}
        {filterable && hoveredColumn === column.id && <FilterButtons column={column} value={value} filter={filter} />}
      </div>
    );
  });
}) as <Row>(props: RowCellsProps<Row>) => ReactNode;

/** "Only this" and "hide this" on the cell under the pointer; worded here, so a row that is not hovered translates nothing. */
function FilterButtons<Row>({ column, value, filter }: { column: Column<Row>; value: string; filter: NonNullable<CellEvents['filter']> }) {
  const { t } = useTranslation();
  const words = { column: column.title, value: column.filterWords?.(value) ?? value };
  const buttons = [
    { mode: 'in', sign: '+', label: t('firewall.table.filterIn', words), title: t('firewall.table.onlyTitle', words) },
    { mode: 'out', sign: '−', label: t('firewall.table.filterOut', words), title: t('firewall.table.hideTitle', words) },
  ] as const;
  return (
    <span className="vt-filter-buttons">
      {buttons.map(({ mode, sign, label, title }) => (
        <button
          key={mode}
          type="button"
          tabIndex={-1}
          aria-label={label}
          title={title}
          onClick={(event) => {
            event.stopPropagation();
            filter(column.id, value, mode);
          }}
        >
          {sign}
        </button>
      ))}
    </span>
  );
}
