import type { RemotePage } from '../../../../src-shared/contract/pages.ts';
import { useTranslation } from 'react-i18next';

export function Pager({ page, onPage }: { page: RemotePage<unknown>; onPage(page: number): void }) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(page.total / page.pageSize));
  return (
    <div className="admin-pager">
      <button type="button" className="button" disabled={page.page <= 1} onClick={() => onPage(page.page - 1)}>
        {t('firewallAdmin.common.previous')}
      </button>
      <span>{t('firewallAdmin.common.pageOf', { page: page.page, pages, total: page.total })}</span>
      <button type="button" className="button" disabled={page.page >= pages} onClick={() => onPage(page.page + 1)}>
        {t('firewallAdmin.common.next')}
      </button>
      {page.refused > 0 && <span role="note">{t('firewallAdmin.common.refused', { count: page.refused })}</span>}
    </div>
  );
}
