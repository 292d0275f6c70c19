import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorNotice } from '../../../ui/ErrorNotice.tsx';
import { Pager } from './Pager.tsx';
import type { AppliancePage } from './admin-data.ts';
import type { AdminColumn } from './admin-columns.tsx';
import { SortedPageTable } from './SortedPageTable.tsx';

interface Props<T> {
  /** Names the table's remembered columns (`firewall.devices`). */
  tableId: string;
  label: string;
  list: AppliancePage<T>;
  /** The toolbar's controls left of Refresh (create, filters) and right of it. */
  beforeRefresh?: ReactNode;
  afterRefresh?: ReactNode;
  columns: readonly AdminColumn<T>[];
  rowClassName?(item: T): string;
}

/** A paged list from the appliance: its toolbar with Refresh, its failure, the first load, the table and the pager. */
export function PagedTable<T>({ tableId, label, list: { query, setPage, reload }, beforeRefresh, afterRefresh, columns, rowClassName }: Props<T>) {
  const { t } = useTranslation();
  const page = query.data;
  return (
    <>
      <div className="admin-toolbar">
        {beforeRefresh}
        <button type="button" className="button" onClick={reload}>
          {t('firewallAdmin.common.refresh')}
        </button>
        {afterRefresh}
      </div>
      {query.isError && <ErrorNotice read error={query.error} title={t('firewallAdmin.common.loadFailed')} />}
      {query.isPending && <p className="muted">{t('firewallAdmin.common.loading')}</p>}
      {page && (
        <>
          <SortedPageTable tableId={tableId} label={label} columns={columns} items={page.items} empty={t('firewallAdmin.common.empty')} {...(rowClassName && { rowClassName })} />
          <Pager page={page} onPage={setPage} />
        </>
      )}
    </>
  );
}
