import type { ListPage } from '../../../../src-preload/contract/firewall-admin.ts';
import { useAdminText } from './use-admin-text.ts';

export function Pager({ page, onPage }: { page: ListPage<unknown>; onPage(page: number): void }) {
  const { t } = useAdminText();
  const pages = Math.max(1, Math.ceil(page.total / page.pageSize));
  return (
    <div className="admin-pager">
      <button type="button" className="button" disabled={page.page <= 1} onClick={() => onPage(page.page - 1)}>
        {t('common.previous')}
      </button>
      <span>{t('common.pageOf', { page: page.page, pages, total: page.total })}</span>
      <button type="button" className="button" disabled={page.page >= pages} onClick={() => onPage(page.page + 1)}>
        {t('common.next')}
      </button>
      {page.refused > 0 && <span role="note">{t('common.refused', { count: page.refused })}</span>}
    </div>
  );
}
