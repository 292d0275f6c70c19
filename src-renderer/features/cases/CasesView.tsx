import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { caseSeverities, caseStatuses } from '../../../src-shared/case-constants.ts';
import type { CaseSortField, CaseStatus, CaseSummary, CaseSeverity } from '../../../src-shared/contract/cases.ts';
import type { ViewParams } from '../../../src-shared/contract/workspace.ts';
import { useCaseList, useCaseTags, useCaseWrites, type CaseListQuery } from './cases-data.ts';
import { NewCaseDialog } from './NewCaseDialog.tsx';
import { ErrorNotice } from '../../ui/ErrorNotice.tsx';
import { Time } from '../../ui/Time.tsx';
import { VirtualRows } from '../../ui/VirtualRows.tsx';
import { useWorkspaceStore } from '../../navigation/workspace-store.ts';
import { CaseSeverityBadge, CaseStatusChip } from './CaseParts.tsx';
import './cases-view.css';

const ROW_HEIGHT = 34;
const COLUMNS = ['number', 'title', 'status', 'severity', 'tags', 'items', 'owner', 'updatedAt', 'createdAt'] as const;
/** The columns a click sorts by, as main names the sort. */
const SORT_OF: Partial<Record<(typeof COLUMNS)[number], CaseSortField>> = { number: 'number', title: 'title', status: 'status', severity: 'severity', items: 'items', updatedAt: 'updatedAt', createdAt: 'createdAt' };
const INITIAL: CaseListQuery = { filter: {}, sort: { field: 'updatedAt', direction: 'desc' } };

/** The Cases section: every case, found by words, status, severity or tag, sorted by any column; a row opens its case. */
export function CasesView(_props: { params: ViewParams<'cases'> }) {
  const { t } = useTranslation();
  const list = useCaseList(INITIAL);
  const tags = useCaseTags();
  const navigate = useWorkspaceStore((state) => state.navigate);
  const { importFile } = useCaseWrites();
  const [creating, setCreating] = useState(false);
  const { query, setQuery, total } = list;
  const setFilter = (change: Partial<CaseListQuery['filter']>) =>
    setQuery((current) => ({ ...current, filter: Object.fromEntries(Object.entries({ ...current.filter, ...change }).filter(([, value]) => value !== undefined && value !== '' && !(Array.isArray(value) && value.length === 0))) }));
  const status = query.filter.statuses?.[0] ?? null;
  const open = (index: number) => {
    const found = list.rowAt(index);
    if (found) navigate({ kind: 'case', params: { caseId: found.id } });
  };
  const sortBy = (field: CaseSortField) =>
    setQuery((current) => ({ ...current, sort: { field, direction: current.sort.field === field && current.sort.direction === 'desc' ? 'asc' : 'desc' } }));

  return (
    <section className="cases-view" aria-label={t('cases.region')}>
      <header className="cases-toolbar">
        <h1 className="view-title">{t('views.cases.title')}</h1>
        <input type="search" className="cases-search" aria-label={t('cases.filters.text')} placeholder={t('cases.filters.textPlaceholder')} onChange={(event) => setFilter({ text: event.target.value })} />
        <select aria-label={t('cases.filters.status')} value={status ?? ''} onChange={(event) => setFilter({ statuses: event.target.value ? [event.target.value as CaseStatus] : undefined })}>
          <option value="">{t('cases.filters.allStatuses')}</option>
          {caseStatuses.map((value) => (
            <option key={value} value={value}>
              {t(`cases.statuses.${value}`)}
            </option>
          ))}
        </select>
        <select aria-label={t('cases.filters.severity')} value={query.filter.severities?.[0] ?? ''} onChange={(event) => setFilter({ severities: event.target.value ? [event.target.value as CaseSeverity] : undefined })}>
          <option value="">{t('cases.filters.allSeverities')}</option>
          {caseSeverities.map((value) => (
            <option key={value} value={value}>
              {t(`cases.severities.${value}`)}
            </option>
          ))}
        </select>
        <select aria-label={t('cases.filters.tag')} value={query.filter.tag ?? ''} onChange={(event) => setFilter({ tag: event.target.value || undefined })}>
          <option value="">{t('cases.filters.allTags')}</option>
          {(tags.data ?? []).map((tag) => (
            <option key={tag} value={tag}>
              {tag}
            </option>
          ))}
        </select>
        <span className="cases-count" role="status" aria-label={t('cases.table')}>
          {total === null ? '' : t('cases.count', { count: total })}
        </span>
        <button type="button" className="button" disabled={importFile.isPending} onClick={() => importFile.mutate()}>
          {t('cases.import')}
        </button>
        <button type="button" className="button-primary" onClick={() => setCreating(true)}>
          {t('cases.newCase')}
        </button>
      </header>
      {importFile.data && (
        <p className="cases-said" role="status">
          {t('cases.imported', { case: importFile.data.case.number, count: importFile.data.case.itemCount })}
        </p>
      )}
      {importFile.error && <ErrorNotice error={importFile.error} title={t('cases.importFailed')} />}
      {list.error && <ErrorNotice error={list.error} title={t('cases.readFailed')} />}
      <div className="cases-table" role="table" aria-label={t('cases.table')} aria-rowcount={(total ?? 0) + 1}>
        <div className="cases-row cases-head" role="row" aria-rowindex={1}>
          {COLUMNS.map((column) => {
            const field = SORT_OF[column];
            const sorted = field !== undefined && query.sort.field === field;
            return (
              <span key={column} role="columnheader" className={`cases-cell cases-col-${column}`} aria-sort={sorted ? (query.sort.direction === 'asc' ? 'ascending' : 'descending') : undefined}>
                {field ? (
                  <button type="button" className="cases-sort" title={t('cases.sortBy', { column: t(`cases.columns.${column}`) })} onClick={() => sortBy(field)}>
                    {t(`cases.columns.${column}`)}
                    {sorted && <span aria-hidden="true">{query.sort.direction === 'asc' ? ' ↑' : ' ↓'}</span>}
                  </button>
                ) : (
                  t(`cases.columns.${column}`)
                )}
              </span>
            );
          })}
        </div>
        <VirtualRows
          list={{ rowCount: total ?? 0, rowHeight: ROW_HEIGHT, overscan: 8, onRangeChange: list.ensureRows, selectedIndex: list.selectedIndex, onSelect: list.select, onOpen: open }}
          viewport={{ className: 'cases-rows', role: 'rowgroup', label: t('cases.table') }}
          empty={total === 0 ? { className: 'cases-empty muted', content: Object.keys(query.filter).length > 0 ? t('cases.noneMatch') : t('cases.empty') } : null}
          rowAt={list.rowAt}
          look={{ role: 'row', className: 'cases-row', selectedClassName: 'cases-row-selected', rowClassName: (row) => (row.mergedInto ? 'cases-row-merged' : ''), keyOf: (index, row) => row?.id ?? `pending-${index}`, rowIndexOffset: 2 }}
        >
          {(found, index) => (found ? <CaseCells found={found} onOpen={() => open(index)} /> : <span className="cases-pending" />)}
        </VirtualRows>
      </div>
      {creating && <NewCaseDialog onClose={() => setCreating(false)} />}
    </section>
  );
}

function CaseCells({ found, onOpen }: { found: CaseSummary; onOpen(): void }) {
  const { t } = useTranslation();
  return (
    <>
      <span role="cell" className="cases-cell cases-col-number mono">
        #{found.number}
      </span>
      <span role="cell" className="cases-cell cases-col-title" title={found.title}>
        <button type="button" className="link-button cases-title" onClick={onOpen}>
          {found.title}
        </button>
        {found.mergedInto && <span className="muted"> → #{found.mergedInto.number}</span>}
      </span>
      <span role="cell" className="cases-cell cases-col-status">
        <CaseStatusChip status={found.status} />
      </span>
      <span role="cell" className="cases-cell cases-col-severity">
        <CaseSeverityBadge severity={found.severity} />
      </span>
      <span role="cell" className="cases-cell cases-col-tags" title={found.tags.join(', ')}>
        {found.tags.map((tag) => (
          <span key={tag} className="case-tag">
            {tag}
          </span>
        ))}
      </span>
      <span role="cell" className="cases-cell cases-col-items">
        {t('cases.view.items', { count: found.itemCount })}
      </span>
      <span role="cell" className="cases-cell cases-col-owner">
        {found.owner ?? ''}
      </span>
      <span role="cell" className="cases-cell cases-col-updatedAt">
        <Time value={found.updatedAt} compact />
      </span>
      <span role="cell" className="cases-cell cases-col-createdAt">
        <Time value={found.createdAt} compact />
      </span>
    </>
  );
}
