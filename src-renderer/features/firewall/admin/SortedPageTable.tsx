import { useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { VirtualTable } from '../table/VirtualTable.tsx';
import type { SortDirection } from '../table/VirtualTable.tsx';
import type { AdminColumn } from './admin-columns.tsx';

interface Props<T> {
  tableId: string;
  label: string;
  columns: readonly AdminColumn<T>[];
  items: readonly T[];
  empty: ReactNode;
  rowClassName?(item: T): string;
}

/**
 * One page an appliance sent, in the firewall's table: sorted here by a header's click (the
 * appliance's lists take no order), addresses as numbers; a row is selected by a click.
 */
export function SortedPageTable<T>({ tableId, label, columns, items, empty, rowClassName }: Props<T>) {
  const [sort, setSort] = useState<{ column: string; direction: SortDirection } | null>(null);
  const [selectedIndex, setSelectedIndex] = useState<number | null>(null);
  const rows = useMemo(() => {
    const compare = sort && columns.find((column) => column.id === sort.column)?.compare;
    if (!sort || !compare) return items;
    return [...items].sort((a, b) => (sort.direction === 'asc' ? compare(a, b) : compare(b, a)));
  }, [items, columns, sort]);

  return (
    <VirtualTable
      tableId={tableId}
      label={label}
      columns={columns}
      rowCount={rows.length}
      rowAt={(index) => rows[index]}
      {...(sort && { sort })}
      onSort={(column) => setSort((old) => ({ column, direction: old?.column === column && old.direction === 'asc' ? 'desc' : 'asc' }))}
      selectedIndex={selectedIndex !== null && selectedIndex < rows.length ? selectedIndex : null}
      onSelect={setSelectedIndex}
      {...(rowClassName && { rowClassName })}
      empty={empty}
      fitRows
    />
  );
}
