import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { supportCalls, useTicketCounts } from '../support-data.ts';
import { useFormat } from '../../../ui/format.ts';
import type { TicketRow } from '../../../../src-preload/contract/support.ts';
import { Time } from '../../../ui/Time.tsx';
import { useWorkspaceStore } from '../../../workspace/workspace-store.ts';
import type { SupportSectionProps } from '../section.ts';
import { rememberTicketSubject } from './ticket-subjects.ts';
import { CachedListSection, StatusFilter, useCachedList } from '../lists/CachedListSection.tsx';
import { NewTicketDialog } from './NewTicketDialog.tsx';
import { ticketStatusList, ticketStatusWords } from '../lists/status-words.ts';
import { SupportSyncLine } from '../lists/SupportSyncLine.tsx';
import { visibleText } from '../../../../src-shared/visible-text.ts';

const rowClassName = (row: TicketRow) => (row.unread ? 'si-unread' : '');

/** The tickets inbox: every cached ticket of the site, by status, newest activity first; works the same offline. */
export function TicketsSection({ profile }: SupportSectionProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const profileId = profile.id;
  const counts = useTicketCounts(profileId).data ?? [];
  const list = useCachedList<TicketRow, { status: string | null }>({
    profileId,
    resource: 'tickets',
    read: (query, window) => supportCalls(profileId).tickets({ ...(query.status !== null && { status: [query.status] }), ...window }),
    initialQuery: { status: null },
  });
  const { total, syncedAt, query } = list;
  const navigate = useWorkspaceStore((state) => state.navigate);

  const openTicket = useCallback(
    (row: TicketRow) => {
      // Known before the tab renders, so the new tab is titled by its subject at once.
      rememberTicketSubject(profileId, row.id, row.subject);
      navigate({ kind: 'ticket', params: { profileId, ticketId: row.id } });
    },
    [navigate, profileId],
  );

  // Statuses OpsDesk has words for first, then any other the cache holds, as sent.
  const statuses = [...ticketStatusList, ...counts.map((count) => count.status).filter((value) => !(ticketStatusList as readonly string[]).includes(value))];
  const countOf = (value: string) => counts.find((count) => count.status === value);

  return (
    <CachedListSection
      profileId={profileId}
      resource="tickets"
      list={list}
      // The line's place is kept until the first answer, so the list does not jump when it comes.
      syncLine={<div className="si-sync-slot">{total !== null && <SupportSyncLine profileId={profileId} resource="tickets" />}</div>}
      filters={
        <StatusFilter
          list={list}
          label={t('support.tickets.statusFilter')}
          statuses={statuses}
          chipContent={(value) => {
            const count = countOf(value);
            return (
              <>
                <bdi>{ticketStatusWords(value, t)}</bdi>
                {count && <span className="si-chip-count">{format.number(count.count)}</span>}
                {count && count.unread > 0 && <span className="si-unread-dot" aria-label={t('support.tickets.unreadCount', { count: count.unread })} />}
              </>
            );
          }}
        />
      }
      countWhileReading={t('support.tickets.reading')}
      create={{
        scope: 'live.write',
        dialog: (writes, close) => <NewTicketDialog profileId={profileId} writes={writes} onClose={close} />,
        opensOn: 'newTicket',
      }}
      rows={{
        height: 58,
        render: (row) => <TicketLine row={row} onOpen={() => openTicket(row)} />,
        className: rowClassName,
        empty: total === null ? '' : syncedAt === null && query.status === null ? t('support.tickets.nothingSynced') : t('support.tickets.noMatch'),
        open: openTicket,
      }}
      footer={<p className="si-hint muted">{t('support.tickets.keys')}</p>}
    />
  );
}

function TicketLine({ row, onOpen }: { row: TicketRow; onOpen(): void }) {
  const { t } = useTranslation();
  const when = row.lastMessage?.createdAt ?? row.updatedAt ?? row.createdAt;
  return (
    <>
      <span className="si-row-main">
        <span className="si-row-top">
          {row.unread && <span className="si-unread-dot" role="img" aria-label={t('support.tickets.unread')} />}
          <button type="button" className="si-link si-subject" tabIndex={-1} onClick={onOpen}>
            {visibleText(row.subject ?? row.id)}
          </button>
          <span className="si-visitor muted">{row.visitorName && visibleText(row.visitorName)}</span>
        </span>
        <span className="si-last-message muted">{row.lastMessage ? visibleText(row.lastMessage.text) : t('support.tickets.noMessage')}</span>
      </span>
      <span className="si-row-side">
        <span className={`si-status si-status-${row.status.replace(/[^a-z]/g, '') || 'other'}`}>{ticketStatusWords(row.status, t)}</span>
        {when && <Time value={when} />}
      </span>
    </>
  );
}
