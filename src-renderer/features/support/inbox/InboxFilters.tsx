import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TicketStatusCount } from '../../../../src-shared/contract/support.ts';
import { useFormat } from '../../../ui/format.ts';
import { ticketStatusList, ticketStatusWords } from '../lists/status-words.ts';
import { inboxWindows, ticketSorts, type InboxQuery } from './inbox-data.ts';

interface Props {
  query: InboxQuery;
  counts: readonly TicketStatusCount[];
  onChange(change: Partial<InboxQuery>): void;
}

/** Search, status chips with their counts under the words, and the unread and left-offline toggles. */
export const InboxFilters = memo(function InboxFilters({ query, counts, onChange }: Props) {
  const { t } = useTranslation();
  const format = useFormat();
  // Statuses OpsDesk has words for first, then any other the cache holds, as sent.
  const statuses = [...ticketStatusList, ...counts.map((count) => count.status).filter((value) => !(ticketStatusList as readonly string[]).includes(value))];
  const countOf = (value: string) => counts.find((count) => count.status === value);
  const sum = (field: 'unread' | 'offline') => counts.reduce((total, count) => total + count[field], 0);
  const chip = (value: string | null, content: React.ReactNode) => (
    <button key={value ?? ''} type="button" className={query.status === value ? 'chip chip-on' : 'chip'} aria-pressed={query.status === value} onClick={() => onChange({ status: value })}>
      {content}
    </button>
  );
  const toggle = (field: 'unreadOnly' | 'offlineOnly', label: string, count: number) => (
    <button type="button" className={query[field] ? 'chip chip-on' : 'chip'} aria-pressed={query[field]} onClick={() => onChange({ [field]: !query[field] })}>
      <bdi>{label}</bdi> <span className="si-chip-count">{format.number(count)}</span>
    </button>
  );

  return (
    <div className="inbox-filters">
      <input
        type="search"
        className="si-search"
        value={query.text}
        aria-label={t('support.inbox.search')}
        placeholder={t('support.inbox.searchPlaceholder')}
        onChange={(event) => onChange({ text: event.target.value })}
      />
      <div className="si-status-tabs" role="group" aria-label={t('support.tickets.statusFilter')}>
        {chip(null, t('support.tickets.all'))}
        {statuses.map((value) => {
          const count = countOf(value);
          return chip(
            value,
            <>
              <bdi>{ticketStatusWords(value, t)}</bdi>
              {count && <span className="si-chip-count">{format.number(count.count)}</span>}
              {count && count.unread > 0 && <span className="si-unread-dot" aria-label={t('support.tickets.unreadCount', { count: count.unread })} />}
            </>,
          );
        })}
      </div>
      <div className="si-status-tabs" role="group" aria-label={t('support.inbox.more')}>
        {toggle('unreadOnly', t('support.inbox.unreadOnly'), sum('unread'))}
        {toggle('offlineOnly', t('support.inbox.offlineOnly'), sum('offline'))}
      </div>
    </div>
  );
});

/** How far back the list goes and its order: beside the list's count, where the filters' row has no room left for them. */
export const InboxListOrder = memo(function InboxListOrder({ query, onChange }: Pick<Props, 'query' | 'onChange'>) {
  const { t } = useTranslation();
  return (
    <>
      <select aria-label={t('support.inbox.within')} value={query.within} onChange={(event) => onChange({ within: event.target.value as InboxQuery['within'] })}>
        {inboxWindows.map((within) => (
          <option key={within} value={within}>
            {t(`support.inbox.windows.${within}`)}
          </option>
        ))}
      </select>
      <select aria-label={t('support.inbox.sort')} value={query.sort} onChange={(event) => onChange({ sort: event.target.value as InboxQuery['sort'] })}>
        {ticketSorts.map((sort) => (
          <option key={sort} value={sort}>
            {t(`support.inbox.sorts.${sort}`)}
          </option>
        ))}
      </select>
    </>
  );
});
