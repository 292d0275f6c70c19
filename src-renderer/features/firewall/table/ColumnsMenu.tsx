import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Table } from '@tanstack/react-table';
import type { TableLayout } from '../../../../src-shared/contract/views.ts';
import { densities } from '../../../../src-shared/view-constants.ts';
import { useTableLayoutStore } from '../../../ui/table-layout-store.ts';
import { useCloseOnOutsideClick } from '../../../ui/use-close-on-outside-click.ts';
import { keptWithDetail, type WithDetail } from './use-table-columns.ts';
import { useAnchoredPopover } from '../../../ui/use-anchored-popover.ts';

interface Props<Row> {
  table: Table<Row>;
  tableId: string;
  label: string;
  layout: TableLayout;
  /** A table with a detail beside it also chooses which columns stay while the detail is open. */
  detail?: WithDetail | undefined;
}

/**
 * The table's columns menu: show or hide each column (and, beside a detail, whether it stays while
 * the detail is open), move it earlier or later, the rows' density, back to the defaults.
 */
export function ColumnsMenu<Row>({ table, tableId, label, layout, detail }: Props<Row>) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const { anchor, popover } = useAnchoredPopover<HTMLButtonElement>('bottom-end');
  const density = useTableLayoutStore((state) => state.density);
  const setDensity = useTableLayoutStore((state) => state.setDensity);
  const reset = useTableLayoutStore((state) => state.reset);
  const change = useTableLayoutStore((state) => state.change);

  useCloseOnOutsideClick(open, box, () => setOpen(false));

  const columns = table.getAllLeafColumns();
  const order = table.getState().columnOrder;
  const ordered = [...columns].sort((a, b) => order.indexOf(a.id) - order.indexOf(b.id));
  const movable = ordered.filter((column) => column.getCanHide());
  // What the analyst chose, whether or not the open detail hides a column for now.
  const isShown = (id: string) => !layout.hidden.includes(id);
  const shownCount = movable.filter((column) => isShown(column.id)).length;
  const kept = detail ? keptWithDetail(layout, detail) : [];
  const keptShownCount = movable.filter((column) => isShown(column.id) && kept.includes(column.id)).length;
  const keepWithDetail = (id: string, keep: boolean) =>
    change(tableId, (old) => {
      const before = detail ? keptWithDetail(old, detail) : [];
      return { ...old, withDetail: keep ? [...before.filter((other) => other !== id), id] : before.filter((other) => other !== id) };
    });
  const move = (id: string, by: -1 | 1) => {
    const ids = [...order];
    const from = ids.indexOf(id);
    const to = from + by;
    const neighbour = ids[to];
    if (neighbour === undefined || !movable.some((column) => column.id === neighbour)) return;
    ids[from] = neighbour;
    ids[to] = id;
    table.setColumnOrder(ids);
  };

  return (
    <div className="vt-columns" ref={box} onKeyDown={(event) => event.key === 'Escape' && setOpen(false)}>
      <button ref={anchor} type="button" className="vt-columns-button" aria-haspopup="dialog" aria-expanded={open} title={t('firewall.table.columns', { label })} aria-label={t('firewall.table.columns', { label })} onClick={() => setOpen(!open)}>
        ⋮
      </button>
      {open && (
        <div ref={popover} className="vt-columns-panel" role="dialog" aria-label={t('firewall.table.columns', { label })}>
          <ul>
            {detail && (
              <li className="vt-columns-heading" aria-hidden="true">
                {t('firewall.table.withDetailHeading')}
              </li>
            )}
            {movable.map((column, index) => {
              const title = String(column.columnDef.header);
              return (
                <li key={column.id}>
                  <label>
                    <input
                      type="checkbox"
                      checked={isShown(column.id)}
                      // The last column shown stays: a table with none has no rows to click.
                      disabled={isShown(column.id) && shownCount === 1}
                      onChange={(event) => column.toggleVisibility(event.target.checked)}
                    />
                    {title}
                  </label>
                  {detail && (
                    <input
                      type="checkbox"
                      className="vt-with-detail"
                      aria-label={t('firewall.table.withDetail', { column: title })}
                      title={t('firewall.table.withDetail', { column: title })}
                      checked={kept.includes(column.id)}
                      // Beside the detail too, one column stays.
                      disabled={kept.includes(column.id) && isShown(column.id) && keptShownCount === 1}
                      onChange={(event) => keepWithDetail(column.id, event.target.checked)}
                    />
                  )}
                  <button type="button" aria-label={t('firewall.table.moveEarlier', { column: title })} disabled={index === 0} onClick={() => move(column.id, -1)}>
                    ↑
                  </button>
                  <button type="button" aria-label={t('firewall.table.moveLater', { column: title })} disabled={index === movable.length - 1} onClick={() => move(column.id, 1)}>
                    ↓
                  </button>
                </li>
              );
            })}
          </ul>
          <fieldset className="vt-density">
            <legend>{t('firewall.table.density')}</legend>
            {densities.map((choice) => (
              <label key={choice}>
                <input type="radio" name={`${tableId}-density`} checked={density === choice} onChange={() => setDensity(choice)} />
                {t(`firewall.table.densities.${choice}`)}
              </label>
            ))}
          </fieldset>
          <button type="button" className="link-button" onClick={() => reset(tableId)}>
            {t('firewall.table.resetColumns')}
          </button>
        </div>
      )}
    </div>
  );
}
