import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorNotice } from '../../ui/ErrorNotice.tsx';
import type { CursorList } from './support-data.ts';

interface FilterProps {
  label: string;
  value: string;
  onChange(value: string): void;
  /** The filter as typed, trimmed, when the user applies it. */
  onApply(value: string): void;
  /** Further controls beside the Apply button. */
  children?: ReactNode;
}

/** The words a server-paged list is filtered by, applied on submit (FAQ, chat logs). */
export function CursorListFilter({ label, value, onChange, onApply, children }: FilterProps) {
  const { t } = useTranslation();
  const apply = (event: FormEvent) => {
    event.preventDefault();
    onApply(value.trim());
  };
  return (
    <form className="support-form-row" onSubmit={apply}>
      <label className="field support-grow">
        <span className="field-label">{label}</span>
        <input type="search" value={value} maxLength={200} onChange={(event) => onChange(event.target.value)} />
      </label>
      <button type="submit" className="button">
        {t('supportDesk.kb.applyFilter')}
      </button>
      {children}
    </form>
  );
}

interface ViewProps {
  list: CursorList<unknown>;
  failedTitle: string;
  /** Said when the server has nothing (for this filter). */
  empty: string;
  /** The items. */
  children: ReactNode;
}

/** A server-paged list's state around its items (FAQ, chat logs): the failure, loading, nothing there, and More. */
export function CursorListView({ list, failedTitle, empty, children }: ViewProps) {
  const { t } = useTranslation();
  const { pages } = list;
  return (
    <>
      {pages.isError && <ErrorNotice read error={pages.error} title={failedTitle} />}
      {pages.isPending && pages.fetchStatus === 'fetching' && <p className="muted">{t('supportDesk.common.loading')}</p>}
      {pages.isSuccess && list.items.length === 0 && <p className="muted">{empty}</p>}
      {children}
      {pages.hasNextPage && (
        <button type="button" className="button" disabled={pages.isFetching} onClick={() => void pages.fetchNextPage()}>
          {t('supportDesk.common.more')}
        </button>
      )}
    </>
  );
}
