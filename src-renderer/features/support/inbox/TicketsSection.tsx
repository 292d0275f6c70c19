import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import type { TicketRow, TicketStatusCount } from '../../../../src-preload/contract/support.ts';
import { opsdesk } from '../../../bridge.ts';
import { ErrorNotice } from '../../../ui/ErrorNotice.tsx';
import { Time } from '../../../ui/Time.tsx';
import { useWorkspaceStore } from '../../../workspace/workspace-store.ts';
import { ScopeGate } from '../access/ScopeGate.tsx';
import type { SupportSectionProps } from '../sections.ts';
import { rememberTicketSubject } from '../ticket/ticket-subjects.ts';
import { NewTicketDialog } from './NewTicketDialog.tsx';
import { createPagedCacheStore } from './paged-cache-store.ts';
import { ticketStatusList, ticketStatusWords } from './status-words.ts';
import { SupportSyncLine } from './SupportSyncLine.tsx';
import { useSupportWrites } from './use-support-writes.ts';
import { VirtualList } from './VirtualList.tsx';
import { WriteList } from './WriteList.tsx';
import './support-inbox.css';

const rowKey = (row: TicketRow) => row.id;
const rowClassName = (row: TicketRow) => (row.unread ? 'si-unread' : '');

/** The tickets inbox: every cached ticket of the site, by status, newest activity first; works the same offline. */
export function TicketsSection({ profile }: SupportSectionProps) {
  const { t } = useTranslation();
  const profileId = profile.id;
  const [store] = useState(() =>
    createPagedCacheStore<TicketRow, { status: string | null }>(
      (query, window) => opsdesk.support.tickets({ profileId, ...(query.status !== null && { status: [query.status] }), ...window }),
      { status: null },
    ),
  );
  const total = useStore(store, (state) => state.total);
  const syncedAt = useStore(store, (state) => state.syncedAt);
  const error = useStore(store, (state) => state.error);
  const status = useStore(store, (state) => state.query.status);
  const selectedIndex = useStore(store, (state) => state.selectedIndex);
  // Subscribing to the pages re-renders the list when a page arrives; rowAt reads them.
  useStore(store, (state) => state.pages);
  const { refresh, ensureRows, rowAt, select, setQuery } = store.getState();
  const [counts, setCounts] = useState<readonly TicketStatusCount[]>([]);
  const [creating, setCreating] = useState(false);
  const writes = useSupportWrites(profileId);
  const navigate = useWorkspaceStore((state) => state.navigate);

  useEffect(() => {
    const readCounts = () => void opsdesk.support.ticketCounts({ profileId }).then((result) => result.ok && setCounts(result.data));
    // Main answers in order: the counts are asked after the rows, so they do not hold up the first paint.
    void refresh().then(readCounts);
    return opsdesk.support.onTicketsChanged((change) => {
      if (change.profileId !== profileId) return;
      void refresh();
      readCounts();
    });
  }, [profileId, refresh]);

  const openTicket = useCallback(
    (row: TicketRow) => {
      // Known before the tab renders, so the new tab is titled by its subject at once.
      rememberTicketSubject(profileId, row.id, row.subject);
      navigate('ticket', { profileId, ticketId: row.id });
    },
    [navigate, profileId],
  );
  const open = useCallback(
    (index: number) => {
      const row = store.getState().rowAt(index);
      if (row) openTicket(row);
    },
    [store, openTicket],
  );

  // Statuses OpsDesk has words for first, then any other the cache holds, as sent.
  const statuses = [...ticketStatusList, ...counts.map((count) => count.status).filter((value) => !(ticketStatusList as readonly string[]).includes(value))];
  const countOf = (value: string) => counts.find((count) => count.status === value);

  return (
    <section className="si-section" aria-label={t('supportInbox.tickets.region')}>
      <div className="si-sync-slot">{total !== null && <SupportSyncLine profileId={profileId} resource="tickets" />}</div>
      <div className="si-toolbar">
        <div className="si-status-tabs" role="group" aria-label={t('supportInbox.tickets.statusFilter')}>
          <button type="button" className={status === null ? 'chip chip-on' : 'chip'} aria-pressed={status === null} onClick={() => setQuery({ status: null })}>
            {t('supportInbox.tickets.all')}
          </button>
          {statuses.map((value) => {
            const count = countOf(value);
            return (
              <button
                key={value}
                type="button"
                className={status === value ? 'chip chip-on' : 'chip'}
                aria-pressed={status === value}
                onClick={() => setQuery({ status: value })}
              >
                <bdi>{ticketStatusWords(value, t)}</bdi>
                {count && <span className="si-chip-count">{count.count.toLocaleString()}</span>}
                {count && count.unread > 0 && <span className="si-unread-dot" aria-label={t('supportInbox.tickets.unreadCount', { count: count.unread })} />}
              </button>
            );
          })}
        </div>
        <span className="si-count" role="status" aria-label={t('supportInbox.tickets.matching')}>
          {total === null ? (error ? '' : t('supportInbox.tickets.reading')) : t('supportInbox.tickets.count', { count: total })}
        </span>
        <ScopeGate profileId={profileId} scope="live.write">
          <button type="button" className="button-primary" onClick={() => setCreating(true)}>
            {t('supportInbox.tickets.new')}
          </button>
        </ScopeGate>
      </div>
      <WriteList writes={writes} />
      {error && <ErrorNotice error={error} title={t('supportInbox.loadFailed')} />}
      <VirtualList
        label={t('supportInbox.tickets.list')}
        rowCount={total ?? 0}
        rowAt={rowAt}
        rowKey={rowKey}
        rowClassName={rowClassName}
        rowHeight={58}
        renderRow={(row) => <TicketLine row={row} onOpen={() => openTicket(row)} />}
        onRangeChange={ensureRows}
        selectedIndex={selectedIndex}
        onSelect={select}
        onOpen={open}
        empty={total === null ? '' : syncedAt === null && status === null ? t('supportInbox.tickets.nothingSynced') : t('supportInbox.tickets.noMatch')}
      />
      <p className="si-hint muted">{t('supportInbox.tickets.keys')}</p>
      {creating && <NewTicketDialog profileId={profileId} writes={writes} onClose={() => setCreating(false)} />}
    </section>
  );
}

function TicketLine({ row, onOpen }: { row: TicketRow; onOpen(): void }) {
  const { t } = useTranslation();
  const when = row.lastMessage?.createdAt ?? row.updatedAt ?? row.createdAt;
  return (
    <>
      <span className="si-row-main">
        <span className="si-row-top">
          {row.unread && <span className="si-unread-dot" role="img" aria-label={t('supportInbox.tickets.unread')} />}
          <button type="button" className="si-link si-subject" tabIndex={-1} onClick={onOpen}>
            {row.subject ?? row.id}
          </button>
          <span className="si-visitor muted">{row.visitorName}</span>
        </span>
        <span className="si-last-message muted">{row.lastMessage?.text ?? t('supportInbox.tickets.noMessage')}</span>
      </span>
      <span className="si-row-side">
        <span className={`si-status si-status-${row.status.replace(/[^a-z]/g, '') || 'other'}`}>{ticketStatusWords(row.status, t)}</span>
        {when && <Time value={when} />}
      </span>
    </>
  );
}
