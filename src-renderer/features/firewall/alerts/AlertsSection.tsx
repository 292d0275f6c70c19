import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useStore } from 'zustand';
import type { AlertField, AlertSortField } from '../../../../src-shared/contract/firewall.ts';
import { ErrorNotice } from '../../../ui/ErrorNotice.tsx';
import type { FirewallSectionProps } from '../section.ts';
import { VirtualTable } from '../table/VirtualTable.tsx';
import { DetailSplit } from '../table/DetailSplit.tsx';
import { AlertDetailPane } from './AlertDetailPane.tsx';
import { alertColumns } from './alert-columns.tsx';
import { AlertFilters, CellFilterChips } from './AlertFilters.tsx';
import { useAlertsStore, useMarkAlertsLooked } from './alerts-data.ts';
import type { AlertsStore } from './alerts-store.ts';
import { AskModelButton } from '../../assistant/index.ts';
import { useModelAtWork } from '../../assistant/index.ts';
import { bulkLimitRange } from '../../../../src-shared/assistant-constants.ts';
import { useFirewallSyncStatus, useMatchingAlertIds } from '../firewall-data.ts';
import { ExportButton } from './ExportButton.tsx';
import { CacheReachLine } from './CacheReachLine.tsx';
import { BulkBlockButton } from './BulkBlockButton.tsx';
import { AlertSelectionBar } from './AlertSelectionBar.tsx';
import { checkedCount, isChecked } from '../../../ui/row-checks.ts';
import { alertCheckColumn, toggleCheckAt } from './alert-checks.tsx';
import { useTranslation } from 'react-i18next';

const alertsTableId = 'firewall.alerts';
/** What an analyst reads an alert by while its detail is open beside the table, unless they chose other columns. */
const alertColumnsWithDetail = ['occurredAt', 'severity', 'srcIp', 'signature'];

/** Every cached alert of one appliance: filter, sort, scroll, open one; works the same offline. */
export function AlertsSection({ profile }: FirewallSectionProps) {
  const { t } = useTranslation();
  const store = useAlertsStore(profile.id);
  // `t` changes with the language: the titles and the cells' words follow it.
  const columns = useMemo(() => [alertCheckColumn(t, store), ...alertColumns(t)], [t, store]);
  const onToggle = useMemo(() => toggleCheckAt(store), [store]);
  const total = useStore(store, (state) => state.total);
  const totalAtLeast = useStore(store, (state) => state.answered?.totalAtLeast === true);
  const error = useStore(store, (state) => state.error);
  const sort = useStore(store, (state) => state.query.sort);
  const selectedIndex = useStore(store, (state) => state.selectedIndex);
  const openAlertId = useStore(store, (state) => state.openAlertId);
  const checks = useStore(store, (state) => state.checks);
  const sync = useFirewallSyncStatus(profile.id, 'alerts');
  const neverSynced = (sync?.lastSyncedAt ?? null) === null;
  // An empty cache whose sync cannot reach the appliance: "Sync now" would not help, the line above says why.
  const notReached = sync?.state === 'backing-off';
  // Subscribing to the pages re-renders the table when a page arrives; rowAt reads them.
  useStore(store, (state) => state.pages);
  const { ensureRows, rowAt, select, sortBy, openDetail, closeDetail, addCellFilter } = store.getState();
  const search = useRef<HTMLInputElement>(null);

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

  // "New since I last looked" starts where this visit ends: leaving the section, closing the tab or the window.
  const leave = useMarkAlertsLooked(profile.id);
  useEffect(() => {
    window.addEventListener('pagehide', leave);
    return () => {
      window.removeEventListener('pagehide', leave);
      leave();
    };
  }, [leave]);

  const onOpen = useCallback(
    (index: number) => {
      const row = store.getState().rowAt(index);
      if (row) openDetail(row.id);
    },
    [store, openDetail],
  );

  return (
    <section className="fw-alerts" aria-label={t('firewall.sections.alerts')}>
      <AlertFilters profileId={profile.id} store={store} searchRef={search} />
      <div className="fw-toolbar">
        <span className="fw-count" role="status" aria-label={t('firewall.alerts.matching')}>
          {total === null ? (error ? '' : t('firewall.alerts.reading')) : t(totalAtLeast ? 'firewall.alerts.countAtLeast' : 'firewall.alerts.count', { count: total })}
        </span>
        <CellFilterChips store={store} />
        <CacheReachLine profileId={profile.id} />
        <AskAboutMatching profileId={profile.id} store={store} total={total} />
        <ExportButton store={store} />
        {checkedCount(checks, total) === 0 && <BulkBlockButton profileId={profile.id} store={store} total={total} />}
        <AlertSelectionBar profileId={profile.id} store={store} />
      </div>
      {error && <ErrorNotice error={error} title={t('firewall.alerts.readFailed')} />}
      <DetailSplit
        tableId={alertsTableId}
        table={
          <VirtualTable
            tableId={alertsTableId}
            label={t('firewall.alerts.table')}
            columns={columns}
            rowCount={total ?? 0}
            rowAt={rowAt}
            rowClassName={(row) => `${row.sourceBlocked ? 'vt-row-blocked' : ''}${isChecked(checks, row.id) ? ' vt-row-checked' : ''}`}
            onRangeChange={ensureRows}
            sort={{ column: sort.field, direction: sort.direction }}
            onSort={(column) => sortBy(column as AlertSortField)}
            selectedIndex={selectedIndex}
            onSelect={select}
            onOpen={onOpen}
            onClose={closeDetail}
            onFilter={(column, value, mode) => addCellFilter(column as AlertField, value, mode)}
            withDetail={{ open: Boolean(openAlertId), keeps: alertColumnsWithDetail }}
            onToggle={onToggle}
            empty={total === null ? (error ? '' : t('firewall.alerts.reading')) : neverSynced ? t(notReached ? 'firewall.alerts.nothingReached' : 'firewall.alerts.nothingSynced') : t('firewall.alerts.noMatch')}
          />
        }
        detail={openAlertId && <AlertDetailPane key={openAlertId} profileId={profile.id} alertId={openAlertId} onClose={closeDetail} />}
      />
    </section>
  );
}

/**
 * "Ask the model" about the alerts the table's filter selects, newest first as sorted; offered
 * while they are few enough to send (the bulk limit still asks before sending more than it allows).
 * With no model at work the toolbar stays quiet: an alert's detail says how to set one up.
 */
function AskAboutMatching({ profileId, store, total }: { profileId: string; store: AlertsStore; total: number | null }) {
  const matching = useMatchingAlertIds(profileId);
  const atWork = useModelAtWork().data;
  if (!atWork || total === null || total === 0 || total > bulkLimitRange.max) return null;
  return <AskModelButton profileId={profileId} subject={{ kind: 'matching', count: total, ids: () => matching(store.getState().query, total) }} />;
}
