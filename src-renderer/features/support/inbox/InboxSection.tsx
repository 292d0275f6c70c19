import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TicketRow, TicketStatusCount } from '../../../../src-shared/contract/support.ts';
import { ErrorNotice } from '../../../ui/ErrorNotice.tsx';
import { VirtualRows } from '../../../ui/VirtualRows.tsx';
import { useViewRequest, type InboxAction } from '../../../navigation/view-requests.ts';
import { useWorkspaceStore } from '../../../navigation/workspace-store.ts';
import { ScopeGate } from '../access/ScopeGate.tsx';
import { TicketContact } from '../contacts/TicketContact.tsx';
import { useCachedList } from '../lists/CachedListSection.tsx';
import { SupportSyncLine } from '../lists/SupportSyncLine.tsx';
import { useSupportWrites } from '../lists/use-support-writes.ts';
import { WriteList } from '../lists/WriteList.tsx';
import type { SupportSectionProps } from '../section.ts';
import { NewTicketDialog } from '../ticket/NewTicketDialog.tsx';
import { TicketDetailPane } from '../ticket/TicketDetailPane.tsx';
import { rememberTitle } from '../../../navigation/tab-titles.ts';
import { BulkCloseDialog, type KnownTicket } from './BulkCloseDialog.tsx';
import { inboxCalls, inboxQueryWords, initialInboxQuery, useInboxCounts, type InboxQuery } from './inbox-data.ts';
import { inboxKeys, useInboxKeys } from './inbox-keys.ts';
import { InboxFilters, InboxListOrder } from './InboxFilters.tsx';
import { InboxRow, inboxRowWords } from './InboxRow.tsx';
import { SplitPanes } from './SplitPanes.tsx';
import { BULK_LIMIT, useTicketChecks } from './use-ticket-checks.ts';
import '../lists/support-lists.css';
import './inbox.css';

const ROW_HEIGHT = 58;
const NO_COUNTS: readonly TicketStatusCount[] = [];
/** Rows built beyond each edge: enough for a wheel's step, few enough that a new search refills little. */
const OVERSCAN = 4;
/** How far "what the list knows" of checked tickets is looked for: the pages a user scrolled through. */
const KNOWN_ROWS_READ = 5_000;

/**
 * The tickets inbox (issue 27): search and filters over the cache, the list, the chosen ticket's
 * thread and its contact side by side, and actions on many tickets at once. Works the same offline.
 */
export function InboxSection({ profile }: SupportSectionProps) {
  const { t } = useTranslation();
  const profileId = profile.id;
  const list = useCachedList<TicketRow, InboxQuery>({
    profileId,
    resource: 'tickets',
    read: (query, window) => inboxCalls.page(profileId, query, window),
    initialQuery: initialInboxQuery,
    allowed: inboxQueryWords,
  });
  const { total, query, selectedIndex, rowAt, select } = list;
  const rowWords = useMemo(() => inboxRowWords(t), [t]);
  const counts = useInboxCounts(profileId, query).data ?? NO_COUNTS;
  const checks = useTicketChecks(useCallback((index: number) => rowAt(index)?.id, [rowAt]));
  const writes = useSupportWrites(profileId);
  const navigate = useWorkspaceStore((state) => state.navigate);
  const [creating, setCreating] = useState(false);
  const [closing, setClosing] = useState<{ ids: readonly string[]; known: ReadonlyMap<string, KnownTicket> } | null>(null);
  const [marking, setMarking] = useState(false);
  const listRef = useRef<HTMLDivElement>(null);
  const selected = selectedIndex === null ? undefined : rowAt(selectedIndex);
  const ratePerMinute = 'ratePerMinute' in profile.settings ? profile.settings.ratePerMinute : 60;

  const openInTab = useCallback(
    (row: TicketRow) => {
      // Known before the tab renders, so the new tab is titled by its subject at once.
      rememberTitle({ kind: 'ticket', params: { profileId, ticketId: row.id } }, row.subject);
      navigate({ kind: 'ticket', params: { profileId, ticketId: row.id } });
    },
    [navigate, profileId],
  );

  /** The checked tickets, else the chosen one. */
  const targets = (): string[] => (checks.checked.size > 0 ? [...checks.checked] : selected ? [selected.id] : []);
  const knownRows = (): Map<string, TicketRow> => {
    const known = new Map<string, TicketRow>();
    for (let index = 0; index < Math.min(total ?? 0, KNOWN_ROWS_READ); index++) {
      const row = rowAt(index);
      if (row) known.set(row.id, row);
    }
    return known;
  };
  const move = (step: number) => {
    if (!total) return;
    select(Math.max(0, Math.min(total - 1, (selectedIndex ?? -1) + step)));
    requestAnimationFrame(() => listRef.current?.querySelector('[aria-selected="true"]')?.scrollIntoView({ block: 'nearest' }));
  };
  const mark = async (unread: boolean, ids = targets()) => {
    if (ids.length === 0) return;
    setMarking(true);
    await (unread ? inboxCalls.markUnread(profileId, ids) : inboxCalls.markRead(profileId, ids));
    setMarking(false);
    // A ticket shown beside the list counts as read: the one just marked unread leaves the thread pane.
    if (unread && selected && ids.includes(selected.id)) select(null);
  };
  const act = (action: InboxAction | 'check') => {
    if (action === 'next') move(1);
    else if (action === 'previous') move(-1);
    else if (action === 'check' && selectedIndex !== null) checks.toggle(selectedIndex, false);
    else if (action === 'reply') document.querySelector<HTMLTextAreaElement>('.inbox-pane-thread .si-compose textarea')?.focus();
    else if (action === 'close' && targets().length > 0) setClosing({ ids: targets(), known: knownRows() });
    else if (action === 'toggleRead') {
      // Any of them unread: all become read; else all unread again.
      const known = knownRows();
      const ids = targets();
      void mark(!ids.some((id) => known.get(id)?.unread), ids);
    }
  };
  const newTicketRequests = useViewRequest('newTicket', () => setCreating(true));
  const inboxRequests = useViewRequest('inbox', (request) => act(request.action));
  useInboxKeys(newTicketRequests, act);
  const checkAllMatching = async () => {
    const result = await inboxCalls.allIds(profileId, query);
    if (result.ok) checks.checkAll(result.data);
  };
  const { clear: clearChecks } = checks;
  const { setQuery: setListQuery } = list;
  // The same function every render: the filters beside the list are not built again when its rows arrive.
  const setQuery = useCallback(
    (change: Partial<InboxQuery>) => {
      clearChecks();
      setListQuery(change);
    },
    [clearChecks, setListQuery],
  );

  const allChecked = total !== null && total > 0 && checks.checked.size >= Math.min(total, BULK_LIMIT);
  return (
    <section
      ref={newTicketRequests}
      className="si-section inbox"
      aria-label={t('support.tickets.region')}
    >
      <div className="si-sync-slot">{total !== null && <SupportSyncLine profileId={profileId} resource="tickets" />}</div>
      <div className="si-toolbar">
        <InboxFilters query={query} counts={counts} onChange={setQuery} />
      </div>
      <div className="inbox-actions">
        <div ref={inboxRequests as React.RefObject<HTMLDivElement | null>} className="inbox-bulk-bar" role="toolbar" aria-label={t('support.inbox.bulk.bar')}>
          <input
            type="checkbox"
            className="inbox-check"
            checked={allChecked}
            aria-label={t('support.inbox.bulk.checkAll')}
            onChange={() => (checks.checked.size > 0 ? checks.clear() : void checkAllMatching())}
          />
          {checks.checked.size === 0 ? (
            <span className="muted inbox-bulk-hint" title={t('support.inbox.bulk.hint')}>
              {t('support.inbox.bulk.hint')}
            </span>
          ) : (
            <>
              <strong>{t('support.inbox.bulk.checked', { count: checks.checked.size })}</strong>
              {total !== null && total > checks.checked.size && checks.checked.size < BULK_LIMIT && (
                <button type="button" className="link-button" onClick={() => void checkAllMatching()}>
                  {t('support.inbox.bulk.allMatching', { count: Math.min(total, BULK_LIMIT) })}
                </button>
              )}
              <ScopeGate profileId={profileId} scope="ticket.write">
                <button type="button" className="button-danger" onClick={() => act('close')}>
                  {t('support.inbox.bulk.close')}
                </button>
              </ScopeGate>
              <button type="button" className="button" disabled={marking} onClick={() => void mark(false)}>
                {t('support.inbox.bulk.markRead')}
              </button>
              <button type="button" className="button" disabled={marking} onClick={() => void mark(true)}>
                {t('support.inbox.bulk.markUnread')}
              </button>
              <button type="button" className="link-button" onClick={checks.clear}>
                {t('support.inbox.bulk.clear')}
              </button>
            </>
          )}
        </div>
        <InboxListOrder query={query} onChange={setQuery} />
        <span className="si-count" role="status" aria-label={t('support.tickets.matching')}>
          {total !== null ? t('support.tickets.count', { count: total }) : list.error ? '' : t('support.tickets.reading')}
        </span>
        <ScopeGate profileId={profileId} scope="live.write">
          <button type="button" className="button-primary" onClick={() => setCreating(true)}>
            {t('support.tickets.new')}
          </button>
        </ScopeGate>
      </div>
      <WriteList writes={writes} />
      {list.error && <ErrorNotice error={list.error} title={t('support.loadFailed')} />}
      <SplitPanes
        list={
          <div ref={listRef}>
            <VirtualRows
              list={{ rowCount: total ?? 0, rowHeight: ROW_HEIGHT, overscan: OVERSCAN, onRangeChange: list.ensureRows, selectedIndex, onSelect: select, onOpen: (index) => {
                const row = rowAt(index);
                if (row) openInTab(row);
              } }}
              viewport={{ className: 'si-list', role: 'listbox', label: t('support.tickets.list') }}
              empty={total === 0 ? { className: 'si-list-empty', content: list.syncedAt === null && query === initialInboxQuery ? t('support.tickets.nothingSynced') : t('support.inbox.noMatch') } : null}
              rowAt={rowAt}
              look={{
                role: 'option',
                className: 'si-row',
                selectedClassName: 'si-row-selected',
                rowClassName: (row) => `${row.unread ? 'si-unread' : ''}${checks.checked.has(row.id) ? ' inbox-row-checked' : ''}`,
                // By position: a new filter or search refills the rows on screen in place rather than building them anew.
                keyOf: (index) => index,
              }}
            >
              {(row, index) => (row ? <InboxRow row={row} words={rowWords} index={index} checked={checks.checked.has(row.id)} onCheck={checks.toggle} /> : <span className="si-row-pending" />)}
            </VirtualRows>
          </div>
        }
        thread={
          selected ? (
            <div className="inbox-thread">
              <div className="inbox-thread-bar">
                <button type="button" className="link-button" onClick={() => openInTab(selected)}>
                  {t('support.inbox.openInTab')}
                </button>
              </div>
              <TicketDetailPane key={selected.id} profileId={profileId} ticketId={selected.id} />
            </div>
          ) : (
            <p className="si-choose muted">{t('support.inbox.choose')}</p>
          )
        }
        contact={
          selected ? <TicketContact key={selected.id} profileId={profileId} ticketId={selected.id} /> : <p className="muted inbox-contact-empty">{t('support.inbox.contact.none')}</p>
        }
      />
      <p className="si-hint muted">{t('support.inbox.keys', inboxKeys)}</p>
      {creating && <NewTicketDialog profileId={profileId} writes={writes} onClose={() => setCreating(false)} />}
      {closing && (
        <BulkCloseDialog
          profileId={profileId}
          ticketIds={closing.ids}
          known={closing.known}
          ratePerMinute={ratePerMinute}
          onClose={() => setClosing(null)}
          onStarted={checks.clear}
        />
      )}
    </section>
  );
}
