import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActivityEntry, ActivityFilter } from '../../../src-shared/contract/activity.ts';
import { activityBackEnds, activityOutcomes } from '../../../src-shared/activity-constants.ts';
import type { ViewParams } from '../../../src-shared/contract/workspace.ts';
import { useProfileList } from '../connections/index.ts';
import { ErrorNotice } from '../../ui/ErrorNotice.tsx';
import { Time } from '../../ui/Time.tsx';
import { VirtualRows } from '../../ui/VirtualRows.tsx';
import { useActivityActions, useActivityLog, useExportActivity } from './activity-data.ts';
import { useActivityActionText } from './activity-words.ts';
import { OutcomeChip, ProposedBy, TargetLink } from './ActivityParts.tsx';
import './activity.css';

const ROW_HEIGHT = 36;
const HOUR_MS = 3_600_000;
/** The time filter's choices, as how far back they reach; `all` reaches back to the oldest kept. */
const PERIODS = { all: null, day: 24 * HOUR_MS, week: 7 * 24 * HOUR_MS, month: 30 * 24 * HOUR_MS } as const;
type Period = keyof typeof PERIODS;

/** The activity log: what the analyst did through OpsDesk, filtered, newest first, with CSV export. */
export function ActivityView({ params }: { params: ViewParams<'activity'> }) {
  const { t } = useTranslation();
  const log = useActivityLog(presetFilter(params));
  const [period, setPeriod] = useState<Period>('all');
  const actions = useActivityActions();
  const actionText = useActivityActionText();
  const exporting = useExportActivity();
  const { filter, setFilter, total } = log;

  const choosePeriod = (chosen: Period) => {
    setPeriod(chosen);
    const reach = PERIODS[chosen];
    setFilter({ from: reach === null ? undefined : new Date(Date.now() - reach).toISOString() });
  };
  const outcome = filter.outcomes?.[0] ?? null;
  const outcomeChip = (value: ActivityEntry['outcome'] | null) => (
    <button key={value ?? 'all'} type="button" className={outcome === value ? 'chip chip-on' : 'chip'} aria-pressed={outcome === value} onClick={() => setFilter({ outcomes: value ? [value] : undefined })}>
      {value ? t(`activity.outcomes.${value}`) : t('activity.filters.allOutcomes')}
    </button>
  );

  return (
    <section className="act-view" aria-label={t('activity.region')}>
      <header className="act-toolbar">
        <h1 className="view-title">{t('views.activity.title')}</h1>
        <input
          type="search"
          className="act-search"
          aria-label={t('activity.filters.text')}
          placeholder={t('activity.filters.textPlaceholder')}
          title={t('activity.filters.textHint')}
          defaultValue={filter.text ?? ''}
          onChange={(event) => setFilter({ text: event.target.value })}
        />
        <select aria-label={t('activity.filters.backEnd')} value={filter.backEnds?.[0] ?? ''} onChange={(event) => setFilter({ backEnds: event.target.value ? [event.target.value as ActivityEntry['backEnd']] : undefined })}>
          <option value="">{t('activity.filters.allBackEnds')}</option>
          {activityBackEnds.map((backEnd) => (
            <option key={backEnd} value={backEnd}>
              {t(`activity.backEnds.${backEnd}`)}
            </option>
          ))}
        </select>
        <select aria-label={t('activity.filters.action')} value={filter.actions?.[0] ?? ''} onChange={(event) => setFilter({ actions: event.target.value ? [event.target.value] : undefined })}>
          <option value="">{t('activity.filters.allActions')}</option>
          {(actions.data ?? []).map((code) => (
            <option key={code} value={code}>
              {actionText({ code })}
            </option>
          ))}
        </select>
        <select aria-label={t('activity.filters.period')} value={period} onChange={(event) => choosePeriod(event.target.value as Period)}>
          {Object.keys(PERIODS).map((value) => (
            <option key={value} value={value}>
              {t(`activity.periods.${value}`)}
            </option>
          ))}
        </select>
        <div className="act-outcomes" role="group" aria-label={t('activity.filters.outcome')}>
          {outcomeChip(null)}
          {activityOutcomes.map(outcomeChip)}
        </div>
        <span className="act-count" role="status">
          {total === null ? '' : t('activity.count', { count: total })}
        </span>
        <button type="button" className="button" disabled={exporting.isPending || !total} onClick={() => exporting.mutate(filter)}>
          {t('activity.exportCsv')}
        </button>
      </header>
      {exporting.data?.path && (
        <p className="act-exported" role="status">
          {t('activity.exported', { count: exporting.data.rows, path: exporting.data.path })}
        </p>
      )}
      {exporting.error && <ErrorNotice error={exporting.error} title={t('activity.exportFailed')} />}
      {log.error && <ErrorNotice error={log.error} title={t('activity.readFailed')} />}
      <div className="act-table" role="table" aria-label={t('activity.table')} aria-rowcount={(total ?? 0) + 1}>
        <div className="act-row act-head" role="row" aria-rowindex={1}>
          {COLUMNS.map((column) => (
            <span key={column} role="columnheader" className={`act-cell act-col-${column}`}>
              {t(`activity.columns.${column}`)}
            </span>
          ))}
        </div>
        <VirtualRows
          list={{ rowCount: total ?? 0, rowHeight: ROW_HEIGHT, overscan: 8, onRangeChange: log.ensureRows, selectedIndex: log.selectedIndex, onSelect: log.select, onOpen: log.select }}
          viewport={{ className: 'act-rows', role: 'rowgroup', label: t('activity.table') }}
          empty={total === 0 ? { className: 'act-empty muted', content: Object.keys(filter).length > 0 ? t('activity.noneMatch') : t('activity.empty') } : null}
          rowAt={log.rowAt}
          look={{ role: 'row', className: 'act-row', selectedClassName: 'act-row-selected', keyOf: (index, row) => row?.id ?? `pending-${index}`, rowIndexOffset: 2 }}
        >
          {(entry) => (entry ? <EntryCells entry={entry} actionText={actionText} /> : <span className="act-pending" />)}
        </VirtualRows>
      </div>
    </section>
  );
}

const COLUMNS = ['time', 'action', 'target', 'connection', 'outcome', 'requestId', 'user', 'proposedBy'] as const;

function EntryCells({ entry, actionText }: { entry: ActivityEntry; actionText: (action: ActivityEntry['action']) => string }) {
  const { t } = useTranslation();
  // The entry keeps the connection's name as it was; once the connection is deleted it says so.
  const profiles = useProfileList().data?.profiles;
  const removed = profiles !== undefined && entry.profileId !== null && !profiles.some((profile) => profile.id === entry.profileId);
  const connection = entry.profileName && removed ? t('activity.connectionRemoved', { name: entry.profileName }) : entry.profileName;
  return (
    <>
      <span role="cell" className="act-cell act-col-time">
        <Time value={entry.at} />
      </span>
      <span role="cell" className="act-cell act-col-action" title={actionText(entry.action)}>
        {actionText(entry.action)}
      </span>
      <span role="cell" className="act-cell act-col-target">
        <TargetLink entry={entry} />
      </span>
      <span role="cell" className="act-cell act-col-connection" title={`${connection ?? ''} · ${t(`activity.backEnds.${entry.backEnd}`)}`}>
        {connection ?? t(`activity.backEnds.${entry.backEnd}`)}
      </span>
      <span role="cell" className="act-cell act-col-outcome">
        <OutcomeChip entry={entry} />
      </span>
      <span role="cell" className="act-cell act-col-requestId mono">
        {entry.requestId ?? ''}
      </span>
      <span role="cell" className="act-cell act-col-user">
        {entry.osUser ?? ''}
      </span>
      <span role="cell" className="act-cell act-col-proposedBy">
        <ProposedBy entry={entry} />
      </span>
    </>
  );
}

function presetFilter(params: ViewParams<'activity'>): ActivityFilter {
  return {
    ...(params?.text && { text: params.text }),
    ...(params?.backEnd && { backEnds: [params.backEnd] }),
    ...(params?.outcome && { outcomes: [params.outcome] }),
  };
}
