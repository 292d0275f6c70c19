import { useCallback, useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import { shallow } from 'zustand/shallow';
import type { SupportScope } from '../../../../src-shared/contract/support.ts';
import type { CachedPage } from '../../../../src-shared/contract/pages.ts';
import type { SupportResource } from '../../../../src-shared/contract/sync.ts';
import { ErrorNotice } from '../../../ui/ErrorNotice.tsx';
import { ScopeGate } from '../access/ScopeGate.tsx';
import { createStore } from 'zustand/vanilla';
import { useCacheFollower } from '../../../data/ipc-query.ts';
import { supportKeys } from '../../../data/query-keys.ts';
import { pagedCacheSlice, type PagedCacheState, type ReadPage } from '../../../ui/paged-cache.ts';
import type { AllowedValues, FlatFilter } from '../../../ui/kept-filter.ts';
import { useKeptFilter } from '../../../ui/view-filters-store.ts';
import { SupportSyncLine } from './SupportSyncLine.tsx';
import { useSupportWrites } from './use-support-writes.ts';
import type { SupportWrites } from './use-support-writes.ts';
import { VirtualList } from './VirtualList.tsx';
import { WriteList } from './WriteList.tsx';
import './support-lists.css';
import { useViewRequest } from '../../../navigation/view-requests.ts';

interface CachedListSource<Row, Query extends FlatFilter<Query>> {
  profileId: string;
  resource: SupportResource;
  read: ReadPage<Query, CachedPage<Row>>;
  initialQuery: Query;
  /** The words a field of the query may take, so that a kept query of an older build falls back to the default. */
  allowed?: AllowedValues<Query>;
}

/**
 * One support cache as a list (tickets, contacts, work items) on the shared paged cache, read on
 * open and whenever main says it changed; its filters kept per connection, across restarts too.
 */
export function useCachedList<Row extends { id: string }, Query extends FlatFilter<Query>>({ profileId, resource, read, initialQuery, allowed }: CachedListSource<Row, Query>) {
  const [kept, keep] = useKeptFilter(profileId, `support.${resource}`, initialQuery, allowed);
  const [store] = useState(() => createStore<PagedCacheState<Row, Query, CachedPage<Row>>>()(pagedCacheSlice(read, kept)));
  // The list follows the kept filters: what main kept arriving after the first render, or a change in another tab of this list.
  useEffect(() => {
    if (!shallow(store.getState().query, kept)) store.getState().setQuery(() => kept);
  }, [kept, store]);
  // A change made here is read in the same event, not after the render it causes: main looks while the window draws.
  const setQuery = useCallback(
    (change: Partial<Query>) => {
      const next = keep(change);
      if (!shallow(store.getState().query, next)) store.getState().setQuery(() => next);
    },
    [keep, store],
  );
  const total = useStore(store, (state) => state.total);
  const syncedAt = useStore(store, (state) => state.answered?.syncedAt ?? null);
  const error = useStore(store, (state) => state.error);
  const query = useStore(store, (state) => state.query);
  const selectedIndex = useStore(store, (state) => state.selectedIndex);
  // Subscribing to the pages re-renders the list when a page arrives; rowAt reads them.
  useStore(store, (state) => state.pages);
  const { refresh, ensureRows, rowAt, select } = store.getState();
  useCacheFollower(supportKeys.cached(profileId, resource), refresh);

  return { total, syncedAt, error, query, selectedIndex, ensureRows, rowAt, select, setQuery };
}

export type CachedList<Row extends { id: string }, Query extends FlatFilter<Query>> = ReturnType<typeof useCachedList<Row, Query>>;

interface StatusFilterProps<Row extends { id: string }> {
  list: CachedList<Row, { status: string | null }>;
  label: string;
  statuses: readonly string[];
  chipContent(status: string): ReactNode;
}

/** The status chips of a support list: All, then one per status. */
export function StatusFilter<Row extends { id: string }>({ list, label, statuses, chipContent }: StatusFilterProps<Row>) {
  const { t } = useTranslation();
  const selected = list.query.status;
  const chip = (value: string | null, content: ReactNode) => (
    <button key={value ?? ''} type="button" className={selected === value ? 'chip chip-on' : 'chip'} aria-pressed={selected === value} onClick={() => list.setQuery({ status: value })}>
      {content}
    </button>
  );
  return (
    <div className="si-status-tabs" role="group" aria-label={label}>
      {chip(null, t('support.tickets.all'))}
      {statuses.map((value) => chip(value, chipContent(value)))}
    </div>
  );
}

interface Props<Row extends { id: string }, Query extends FlatFilter<Query>> {
  profileId: string;
  /** Also names the section's words (`support.<resource>.*`). */
  resource: SupportResource;
  list: CachedList<Row, Query>;
  /** In place of the cache's sync line. */
  syncLine?: ReactNode;
  /** The search and status filters. */
  filters: ReactNode;
  /** The count's place before the first answer (empty unless said). */
  countWhileReading?: string;
  /** `opensOn`: a request from outside the view (the command palette) that opens the dialog. */
  create: { scope: SupportScope; dialog(writes: SupportWrites, close: () => void): ReactNode; opensOn?: 'newTicket' };
  rows: {
    height: number;
    render(row: Row): ReactNode;
    className?(row: Row): string;
    empty: string;
    /** Enter or a double click on a row, when it does not open beside the list. */
    open?(row: Row): void;
  };
  /** The record a chosen row opens beside the list. */
  detail?: { initialId: string | null; render(id: string): ReactNode };
  footer?: ReactNode;
}

/** A support list over main's cache (tickets, contacts, work items): filters, count, create, the writes made here, the rows, and the chosen one beside them. */
export function CachedListSection<Row extends { id: string }, Query extends FlatFilter<Query>>(props: Props<Row, Query>) {
  const { profileId, resource, list, syncLine = <SupportSyncLine profileId={profileId} resource={resource} />, filters, countWhileReading = '', create, rows, detail, footer } = props;
  const { t } = useTranslation();
  const [openId, setOpenId] = useState<string | null>(detail?.initialId ?? null);
  const [creating, setCreating] = useState(false);
  const root = useViewRequest(create.opensOn ?? 'newTicket', () => {
    if (create.opensOn) setCreating(true);
  });
  const writes = useSupportWrites(profileId);
  const { total, rowAt, select } = list;

  const choose = (index: number) => {
    select(index);
    const row = rowAt(index);
    if (row) setOpenId(row.id);
  };
  const open = (index: number) => {
    const row = rowAt(index);
    if (row) rows.open?.(row);
  };

  const virtualList = (
    <VirtualList
      label={t(`support.${resource}.list`)}
      rowCount={total ?? 0}
      rowAt={rowAt}
      rowKey={rowKey}
      {...(rows.className && { rowClassName: rows.className })}
      rowHeight={rows.height}
      renderRow={rows.render}
      onRangeChange={list.ensureRows}
      selectedIndex={list.selectedIndex}
      onSelect={detail ? choose : select}
      onOpen={detail ? choose : open}
      empty={rows.empty}
    />
  );

  return (
    <section ref={root} className="si-section" aria-label={t(`support.${resource}.region`)}>
      {syncLine}
      <div className="si-toolbar">
        {filters}
        <span className="si-count" role="status" aria-label={t(`support.${resource}.matching`)}>
          {total !== null ? t(`support.${resource}.count`, { count: total }) : list.error ? '' : countWhileReading}
        </span>
        <ScopeGate profileId={profileId} scope={create.scope}>
          <button type="button" className="button-primary" onClick={() => setCreating(true)}>
            {t(`support.${resource}.new`)}
          </button>
        </ScopeGate>
      </div>
      <WriteList writes={writes} />
      {list.error && <ErrorNotice error={list.error} title={t('support.loadFailed')} />}
      {detail ? (
        <div className="si-split">
          {virtualList}
          {openId ? detail.render(openId) : <p className="si-choose muted">{t(`support.${resource}.choose`)}</p>}
        </div>
      ) : (
        virtualList
      )}
      {footer}
      {creating && create.dialog(writes, () => setCreating(false))}
    </section>
  );
}

function rowKey(row: { id: string }) {
  return row.id;
}
