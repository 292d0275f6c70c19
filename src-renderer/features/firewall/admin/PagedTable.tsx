import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorNotice } from '../../../ui/ErrorNotice.tsx';
import { Pager } from './Pager.tsx';
import type { AppliancePage } from './admin-data.ts';

interface Props<T> {
  list: AppliancePage<T>;
  /** The toolbar's controls left of Refresh (create, filters) and right of it. */
  beforeRefresh?: ReactNode;
  afterRefresh?: ReactNode;
  /** The header row's titles. */
  columns: readonly string[];
  /** The body rows for the page on screen. */
  rows(items: readonly T[]): ReactNode;
}

/** A paged list from the appliance: its toolbar with Refresh, its failure, the first load, the table, "empty" and the pager. */
export function PagedTable<T>({ list: { query, setPage, reload }, beforeRefresh, afterRefresh, columns, rows }: Props<T>) {
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
      {query.isError && <ErrorNotice error={query.error} title={t('firewallAdmin.common.loadFailed')} />}
      {query.isPending && <p className="muted">{t('firewallAdmin.common.loading')}</p>}
      {page && (
        <>
          <div className="admin-table-wrap">
            <table className="admin-table">
              <thead>
                <tr>
                  {columns.map((column) => (
                    <th key={column}>{column}</th>
                  ))}
                </tr>
              </thead>
              <tbody>{rows(page.items)}</tbody>
            </table>
          </div>
          {page.items.length === 0 && <p className="muted">{t('firewallAdmin.common.empty')}</p>}
          <Pager page={page} onPage={setPage} />
        </>
      )}
    </>
  );
}
