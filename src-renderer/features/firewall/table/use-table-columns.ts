import { getCoreRowModel, useReactTable } from '@tanstack/react-table';
import type { ColumnDef, Updater } from '@tanstack/react-table';
import { createContext, useContext, useEffect, useMemo } from 'react';
import type { CSSProperties, ReactNode } from 'react';
import type { TableLayout } from '../../../../src-shared/contract/views.ts';
import { emptyLayout, useTableLayoutStore } from '../../../ui/table-layout-store.ts';

export interface Column<Row> {
  /** The field name main sorts and filters by; the layout remembers the column under it. */
  id: string;
  title: string;
  /** Its width in pixels until the analyst drags its edge. */
  width: number;
  minWidth?: number;
  /** Takes the room the others leave (one column per table, the one with the longest text). */
  grow?: boolean;
  /**
   * Shown, as wide as declared and never moved or copied with the row: `start` stays first (a row's
   * checkbox); `end` stays last, and in view at the table's right edge when it scrolls sideways (a row's buttons).
   */
  pinned?: 'start' | 'end';
  /** The header's own content instead of its title (the box that checks every row); the title still names it. */
  header?(): ReactNode;
  sortable?: boolean;
  /** `index`: the row's place in the table (a checkbox's shift-click range). */
  cell(row: Row, index: number): ReactNode;
  /** The whole value as text: the cell's hover, what "Copy" copies. */
  text(row: Row): string;
  /** The value "filter in / filter out" uses; absent when the column cannot filter. */
  filterValue?(row: Row): string | undefined;
  /** How a filter value reads where the cell shows a code in words (a category): the menus and buttons say it so. */
  filterWords?(value: string): string;
  /** The cell's class besides `vt-cell`, e.g. numbers aligned right. */
  className?: string;
}

const MIN_WIDTH = 48;
const MAX_WIDTH = 2000;

const apply = <T,>(updater: Updater<T>, old: T): T => (typeof updater === 'function' ? (updater as (old: T) => T)(old) : updater);

/**
 * The saved order with the table's own columns in it: a column the save does not know (added in a
 * later version) takes its declared place, one the table no longer has is dropped; pinned ones stay at their end.
 */
export function orderOf(columns: readonly { id: string; pinned?: 'start' | 'end' }[], saved: readonly string[]): string[] {
  const movable = columns.filter((column) => !column.pinned).map((column) => column.id);
  const order = saved.filter((id) => movable.includes(id));
  movable.forEach((id, declared) => {
    if (!order.includes(id)) order.splice(Math.min(declared, order.length), 0, id);
  });
  const pinnedAt = (end: 'start' | 'end') => columns.filter((column) => column.pinned === end).map((column) => column.id);
  return [...pinnedAt('start'), ...order, ...pinnedAt('end')];
}

/** A table with a detail pane beside it: whether it is open, and the columns that stay beside it unless the analyst chose others. */
export interface WithDetail {
  open: boolean;
  keeps: readonly string[];
}

/** The columns that stay beside the open detail: the analyst's choice, else the table's. */
export const keptWithDetail = (layout: TableLayout, detail: WithDetail): readonly string[] => layout.withDetail ?? detail.keeps;

/** How wide a table beside its open detail may be, in pixels (`DetailSplit` measures it); undefined elsewhere. */
export const RoomBesideDetail = createContext<number | undefined>(undefined);

/**
 * The table's own choice of columns beside the open detail, widened to the room there is: after
 * them, in the analyst's order, each other shown column while it still fits whole (a wide window
 * keeps an alert's destination, category and action in view). The analyst's own choice stays as made.
 */
export function fittedBesideDetail(
  columns: readonly { id: string; width: number; pinned?: 'start' | 'end' }[],
  layout: TableLayout,
  order: readonly string[],
  keeps: readonly string[],
  room: number | undefined,
): readonly string[] {
  if (room === undefined || layout.withDetail) return keeps;
  const byId = new Map(columns.map((column) => [column.id, column]));
  const width = (id: string) => layout.widths[id] ?? byId.get(id)!.width;
  const shown = order.filter((id) => !layout.hidden.includes(id));
  const fitted = [...keeps];
  let used = shown.filter((id) => byId.get(id)!.pinned || keeps.includes(id)).reduce((sum, id) => sum + width(id), 0);
  for (const id of shown) {
    if (byId.get(id)!.pinned || fitted.includes(id)) continue;
    if (used + width(id) > room) break;
    used += width(id);
    fitted.push(id);
  }
  return fitted;
}

const cellStyles = new Map<string, CSSProperties>();

/**
 * A column's cells take their width from the table's `--vt-flex-<id>` (and `--vt-min-<id>`), set
 * once on the table: one style object per column, so a resize changes one element's style, not
 * every cell's. Rows are flex rows: Chromium lays out a screenful of them in about half the time
 * of grid rows (P10, where a search's new rows are painted).
 */
export function cellStyle(columnId: string): CSSProperties {
  let style = cellStyles.get(columnId);
  if (!style) {
    style = { flex: `var(--vt-flex-${columnId})`, minWidth: `var(--vt-min-${columnId}, 0)` };
    cellStyles.set(columnId, style);
  }
  return style;
}

/**
 * A table's columns through TanStack Table, in the analyst's order, widths and choice of columns,
 * remembered per table; while its detail is open, only the columns chosen to stay beside it.
 */
export function useTableColumns<Row>(tableId: string, columns: readonly Column<Row>[], detail?: WithDetail) {
  const layout = useTableLayoutStore((state) => state.tables[tableId]) ?? emptyLayout;
  const density = useTableLayoutStore((state) => state.density);
  const change = useTableLayoutStore((state) => state.change);
  const load = useTableLayoutStore((state) => state.load);
  useEffect(() => void load(), [load]);

  const definitions = useMemo<ColumnDef<Row>[]>(
    () =>
      columns.map((column) => ({
        id: column.id,
        header: column.title,
        size: column.width,
        minSize: column.pinned ? column.width : (column.minWidth ?? MIN_WIDTH),
        maxSize: column.pinned ? column.width : MAX_WIDTH,
        enableHiding: !column.pinned,
        enableResizing: !column.pinned,
      })),
    [columns],
  );
  const order = useMemo(() => orderOf(columns, layout.order), [columns, layout.order]);
  const room = useContext(RoomBesideDetail);
  // Named by its ids, so the same columns are the same array and the rows are not drawn again for a pixel of room.
  const fittedIds = detail?.open ? fittedBesideDetail(columns, layout, order, detail.keeps, room).join(' ') : null;
  const fittedKeeps = useMemo(() => fittedIds?.split(' '), [fittedIds]);
  const fitted = detail && fittedKeeps ? { ...detail, keeps: fittedKeeps } : detail;
  const keeps = fitted?.open ? keptWithDetail(layout, fitted) : null;
  const visibility = useMemo(() => {
    const hidden = new Set(layout.hidden);
    // The detail takes the room of the columns not kept beside it, rather than pushing them out of view.
    if (keeps) for (const column of columns) if (!column.pinned && !keeps.includes(column.id)) hidden.add(column.id);
    return Object.fromEntries([...hidden].map((id) => [id, false]));
  }, [layout.hidden, keeps, columns]);
  const changeLayout = (part: (layout: TableLayout) => Partial<TableLayout>) => change(tableId, (old) => ({ ...old, ...part(old) }));

  // Column state only: the rows come from the owner's pages, never through the table's row model.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable<Row>({
    data: [],
    columns: definitions,
    getCoreRowModel: getCoreRowModel(),
    columnResizeMode: 'onChange',
    state: { columnOrder: order, columnVisibility: visibility, columnSizing: layout.widths },
    onColumnOrderChange: (updater) => changeLayout((old) => ({ order: apply(updater, orderOf(columns, old.order)) })),
    onColumnVisibilityChange: (updater) =>
      changeLayout((old) => {
        const next = apply(updater, Object.fromEntries(old.hidden.map((id) => [id, false])));
        return { hidden: Object.entries(next).filter(([, shown]) => !shown).map(([id]) => id) };
      }),
    onColumnSizingChange: (updater) => changeLayout((old) => ({ widths: apply(updater, old.widths) })),
  });

  const byId = new Map(columns.map((column) => [column.id, column]));
  // The table keeps its leaves while the layout stays: the rows keep their columns, and are not drawn again for nothing.
  const leaves = table.getVisibleLeafColumns();
  const visible = useMemo(() => leaves.map((leaf) => columns.find((column) => column.id === leaf.id)!), [leaves, columns]);
  // Beside an open detail the kept columns share the room left, each down to its least width
  // (its cells then end with an ellipsis), rather than running under the detail.
  const shrinks = Boolean(detail?.open);
  const least = (leaf: (typeof leaves)[number]) => Math.min(leaf.columnDef.minSize ?? MIN_WIDTH, leaf.getSize());
  const sizes: Record<string, string> = {};
  for (const leaf of leaves) {
    const from = shrinks ? least(leaf) : leaf.getSize();
    const grows = byId.get(leaf.id)!.grow;
    sizes[`--vt-flex-${leaf.id}`] = grows ? `1 0 ${from}px` : shrinks ? `0 1 ${leaf.getSize()}px` : `0 0 ${from}px`;
    if (shrinks && !grows) sizes[`--vt-min-${leaf.id}`] = `${from}px`;
  }
  const totalWidth = leaves.reduce((sum, leaf) => sum + (shrinks ? least(leaf) : leaf.getSize()), 0);
  return { table, layout, visible, sizes, totalWidth, density, detail: fitted };
}
