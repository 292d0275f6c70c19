import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorNotice } from '../../../ui/ErrorNotice.tsx';
import { Pager } from './Pager.tsx';
import type { PagedState } from './use-paged-list.ts';

interface Props<T> {
  state: PagedState<T>;
  onPage(page: number): void;
  /** The header row's cells. */
  head: ReactNode;
  /** The body rows for the page on screen. */
  rows(items: readonly T[]): ReactNode;
}

/** A paged list from the appliance: its failure, the first load, the table, "empty" and the pager. */
export function PagedTable<T>({ state, onPage, head, rows }: Props<T>) {
  const { t } = useTranslation();
  const page = 'page' in state ? state.page : undefined;
  return (
    <>
      {state.status === 'failed' && <ErrorNotice error={state.error} title={t('firewallAdmin.common.loadFailed')} />}
      {state.status === 'loading' && !page && <p className="muted">{t('firewallAdmin.common.loading')}</p>}
      {page && (
        <>
          <div className="admin-table-wrap">
            <table className="admin-table">
              <thead>
                <tr>{head}</tr>
              </thead>
              <tbody>{rows(page.items)}</tbody>
            </table>
          </div>
          {page.items.length === 0 && <p className="muted">{t('firewallAdmin.common.empty')}</p>}
          <Pager page={page} onPage={onPage} />
        </>
      )}
    </>
  );
}
