import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import type { AlertRow } from '../../../../src-shared/contract/firewall.ts';
import { checkedCount, isChecked, toggleHeader, toggleRow } from '../../../ui/row-checks.ts';
import type { Column } from '../table/VirtualTable.tsx';
import type { AlertsStore } from './alerts-store.ts';
import { phraseWith } from '../../../language/phrase-with.ts';

/**
 * The alerts table's first column: a box per row (shift-click checks a range; Space checks the
 * selected row), and in its header a box for the rows at hand. Checking is not choosing: the row's
 * detail stays as it is.
 */
export function alertCheckColumn(t: TFunction, store: AlertsStore): Column<AlertRow> {
  const checkLabel = phraseWith(t, 'firewall.selection.check', 'id');
  return {
    id: 'check',
    title: t('firewall.selection.column'),
    width: 32,
    pinned: 'start',
    className: 'vt-check',
    header: () => <HeaderCheck store={store} />,
    cell: (row, index) => <RowCheck store={store} row={row} index={index} label={checkLabel} />,
    text: () => '',
  };
}

function RowCheck({ store, row, index, label }: { store: AlertsStore; row: AlertRow; index: number; label: (id: string) => string }) {
  const checked = useStore(store, (state) => isChecked(state.checks, row.id));
  return (
    <input
      type="checkbox"
      checked={checked}
      aria-label={label(row.id)}
      // The rows take Space themselves: one tab stop for the table, not one per row.
      tabIndex={-1}
      onClick={(event) => event.stopPropagation()}
      onChange={(event) => {
        const range = (event.nativeEvent as MouseEvent).shiftKey;
        store.getState().check((checks, rows) => toggleRow(checks, index, range, rows));
      }}
    />
  );
}

function HeaderCheck({ store }: { store: AlertsStore }) {
  const { t } = useTranslation();
  const count = useStore(store, (state) => checkedCount(state.checks, state.total));
  const all = useStore(store, (state) => state.checks.allMatching || (state.total !== null && state.checks.ids.size >= state.total));
  return (
    <input
      type="checkbox"
      checked={count > 0}
      ref={(box) => {
        if (box) box.indeterminate = count > 0 && !all;
      }}
      aria-label={t('firewall.selection.checkShown')}
      onChange={() => store.getState().check(toggleHeader)}
    />
  );
}

/** Space on the selected row checks it (shift: the range from the last one checked). */
export const toggleCheckAt = (store: AlertsStore) => (index: number, range: boolean) => store.getState().check((checks, rows) => toggleRow(checks, index, range, rows));
