import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useStore } from 'zustand';
import type { AlertField, AlertRow, AlertSortField } from '../../../../src-preload/contract/firewall.ts';
import { opsdesk } from '../../../bridge.ts';
import { ErrorNotice } from '../../../ui/ErrorNotice.tsx';
import type { FirewallSectionProps } from '../section.ts';
import { VirtualTable } from '../table/VirtualTable.tsx';
import { AlertDetailPane } from './AlertDetailPane.tsx';
import { alertColumns } from './alert-columns.tsx';
import { AlertFilters } from './AlertFilters.tsx';
import { useFirewallStatusStore } from '../firewall-status-store.ts';
import { createAlertsStore } from './alerts-store.ts';
import { ExportButton } from './ExportButton.tsx';
import { fill } from '../../../ui/fill-template.ts';
import { useCatalogSection } from '../../../ui/use-catalog-section.ts';

const rowClassName = (row: AlertRow) => (row.sourceBlocked ? 'vt-row-blocked' : '');

/** Every cached alert of one appliance: filter, sort, scroll, open one; works the same offline. */
export function AlertsSection({ profile }: FirewallSectionProps) {
  const firewallText = useCatalogSection('firewall');
  const s = firewallText.alerts;
  const sectionTitle = firewallText.sections.alerts;
  const columns = useMemo(() => alertColumns(s), [s]);
  const [store] = useState(() => createAlertsStore(opsdesk, profile.id));
  const total = useStore(store, (state) => state.total);
  const error = useStore(store, (state) => state.error);
  const sort = useStore(store, (state) => state.sort);
  const selectedIndex = useStore(store, (state) => state.selectedIndex);
  const openAlertId = useStore(store, (state) => state.openAlertId);
  const neverSynced = useFirewallStatusStore((state) => (state.sync[profile.id]?.alerts?.lastSyncedAt ?? null) === null);
  // Subscribing to the pages re-renders the table when a page arrives; rowAt reads them.
  useStore(store, (state) => state.pages);
  const { refresh, ensureRows, rowAt, select, sortBy, openDetail, closeDetail, addCellFilter } = store.getState();
  const search = useRef<HTMLInputElement>(null);

  useEffect(() => {
    void refresh();
    return opsdesk.firewall.onCacheChanged((change) => {
      if (change.profileId === profile.id) void refresh();
    });
  }, [profile.id, refresh]);

  useEffect(() => {
    const focusSearch = (event: KeyboardEvent) => {
      const typing = event.target instanceof HTMLElement && event.target.closest('input, textarea, select, [contenteditable]');
      // Only the visible tab's table answers: hidden tab panels have no layout.
      if (event.key !== '/' || typing || !search.current?.offsetParent || document.querySelector('dialog[open]')) return;
      event.preventDefault();
      search.current.focus();
    };
    window.addEventListener('keydown', focusSearch);
    return () => window.removeEventListener('keydown', focusSearch);
  }, []);

  const onOpen = useCallback(
    (index: number) => {
      const row = store.getState().rowAt(index);
      if (row) openDetail(row.id);
    },
    [store, openDetail],
  );

  return (
    <section className="fw-alerts" aria-label={sectionTitle}>
      <AlertFilters store={store} searchRef={search} />
      <div className="fw-toolbar">
        <span className="fw-count" role="status" aria-label={s.matching}>
          {total === null ? (error ? '' : s.reading) : fill(total === 1 ? s.count_one : s.count_other, { count: total.toLocaleString() })}
        </span>
        <ExportButton store={store} />
      </div>
      {error && <ErrorNotice error={error} title={s.readFailed} />}
      <div className={openAlertId ? 'fw-split fw-split-open' : 'fw-split'}>
        <VirtualTable
          label={s.table}
          columns={columns}
          rowCount={total ?? 0}
          rowAt={rowAt}
          rowClassName={rowClassName}
          onRangeChange={ensureRows}
          sort={{ column: sort.field, direction: sort.direction }}
          onSort={(column) => sortBy(column as AlertSortField)}
          selectedIndex={selectedIndex}
          onSelect={select}
          onOpen={onOpen}
          onClose={closeDetail}
          onFilter={(column, value, mode) => addCellFilter(column as AlertField, value, mode)}
          empty={total === null ? (error ? '' : s.reading) : neverSynced ? s.nothingSynced : s.noMatch}
        />
        {openAlertId && <AlertDetailPane key={openAlertId} profileId={profile.id} alertId={openAlertId} onClose={closeDetail} />}
      </div>
    </section>
  );
}
