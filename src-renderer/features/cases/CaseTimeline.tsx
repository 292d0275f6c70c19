import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { timelineEventKinds } from '../../../src-shared/case-constants.ts';
import type { TimelineEvent, TimelineEventKind, TimelinePage } from '../../../src-shared/contract/cases.ts';
import { OutcomeChip } from '../activity/index.ts';
import { useCaseTimelineRows, type CaseTimelineStore } from './cases-data.ts';
import { ErrorNotice } from '../../ui/ErrorNotice.tsx';
import { Time } from '../../ui/Time.tsx';
import { VirtualRows } from '../../ui/VirtualRows.tsx';
import { visibleText } from '../../../src-shared/visible-text.ts';
import { EventDetail } from './EventDetail.tsx';
import { useEventWhat } from './CaseParts.tsx';

const ROW_HEIGHT = 30;

/**
 * Every event of every item of the case in one list, newest or oldest first, filtered by kind,
 * address and words; the selected event read whole below. Paged from main as it scrolls.
 */
export function CaseTimeline({ caseId, store }: { caseId: string; store: CaseTimelineStore }) {
  const { t } = useTranslation();
  const what = useEventWhat();
  const timeline = useCaseTimelineRows(store);
  const { query, setQuery, total, answered } = timeline;
  const facets = answered as Omit<TimelinePage, 'rows'> | null;
  const kinds = query.filter.kinds ?? [];
  const setFilter = (change: Partial<typeof query.filter>) =>
    setQuery((current) => ({ ...current, filter: Object.fromEntries(Object.entries({ ...current.filter, ...change }).filter(([, value]) => value !== undefined && value !== '' && !(Array.isArray(value) && value.length === 0))) }));
  const toggleKind = (kind: TimelineEventKind | null) => setFilter({ kinds: kind === null ? undefined : kinds.includes(kind) ? kinds.filter((other) => other !== kind) : [...kinds, kind] });
  const selected = timeline.selectedIndex === null ? undefined : timeline.rowAt(timeline.selectedIndex);
  const filtered = Object.keys(query.filter).length > 0;

  return (
    <section className="case-timeline" aria-label={t('cases.timeline.region')}>
      <div className="case-timeline-toolbar">
        <div className="cases-chips" role="group" aria-label={t('cases.timeline.kindFilter')}>
          <button type="button" className={kinds.length === 0 ? 'chip chip-on' : 'chip'} aria-pressed={kinds.length === 0} onClick={() => toggleKind(null)}>
            {t('cases.timeline.allKinds')}
          </button>
          {timelineEventKinds
            .filter((kind) => (facets?.kindCounts[kind] ?? 0) > 0 || kinds.includes(kind))
            .map((kind) => (
              <button key={kind} type="button" className={kinds.includes(kind) ? 'chip chip-on' : 'chip'} aria-pressed={kinds.includes(kind)} onClick={() => toggleKind(kind)}>
                {t(`cases.timeline.kinds.${kind}`)} <span className="case-chip-count">{facets?.kindCounts[kind] ?? 0}</span>
              </button>
            ))}
        </div>
        <select aria-label={t('cases.timeline.address')} value={query.filter.address ?? ''} onChange={(event) => setFilter({ address: event.target.value || undefined })}>
          <option value="">{t('cases.timeline.allAddresses')}</option>
          {(facets?.addresses ?? []).map(({ address, events }) => (
            <option key={address} value={address}>
              {address} ({events})
            </option>
          ))}
        </select>
        <input type="search" className="case-timeline-search" aria-label={t('cases.timeline.text')} placeholder={t('cases.timeline.textPlaceholder')} value={query.filter.text ?? ''} onChange={(event) => setFilter({ text: event.target.value })} />
        <select aria-label={t('cases.timeline.order')} value={query.order} onChange={(event) => setQuery((current) => ({ ...current, order: event.target.value as 'newest' | 'oldest' }))}>
          <option value="newest">{t('cases.timeline.newestFirst')}</option>
          <option value="oldest">{t('cases.timeline.oldestFirst')}</option>
        </select>
        <span className="cases-count" role="status" aria-label={t('cases.timeline.table')}>
          {total === null ? '' : t('cases.timeline.count', { count: total })}
        </span>
      </div>
      {timeline.error && <ErrorNotice error={timeline.error} title={t('cases.timeline.readFailed')} />}
      <div className="case-timeline-table" role="table" aria-label={t('cases.timeline.table')} aria-rowcount={total ?? 0}>
        <VirtualRows
          list={{ rowCount: total ?? 0, rowHeight: ROW_HEIGHT, overscan: 10, onRangeChange: timeline.ensureRows, selectedIndex: timeline.selectedIndex, onSelect: timeline.select, onOpen: timeline.select, onClose: () => timeline.select(null) }}
          viewport={{ className: 'case-timeline-rows', role: 'rowgroup', label: t('cases.timeline.table') }}
          empty={total === 0 ? { className: 'cases-empty muted', content: filtered ? t('cases.timeline.noneMatch') : t('cases.timeline.empty') } : null}
          rowAt={timeline.rowAt}
          look={{ role: 'row', className: 'case-event', selectedClassName: 'case-event-selected', rowClassName: (event) => `case-event-${event.kind}`, keyOf: (index) => index, rowIndexOffset: 1 }}
        >
          {(event) => (event ? <EventCells event={event} what={what(event)} /> : <span className="cases-pending" />)}
        </VirtualRows>
      </div>
      <EventDetail caseId={caseId} event={selected ?? null} what={selected ? what(selected) : ''} />
    </section>
  );
}

/** Memoised: a page arriving while the timeline scrolls renders the rows already shown again, each with the same event. */
const EventCells = memo(function EventCells({ event, what }: { event: TimelineEvent; what: string }) {
  const { t } = useTranslation();
  return (
    <>
      <span role="cell" className="case-event-time">
        <Time value={event.at} compact />
        {event.learnedAt && (
          <span className="case-event-learned" title={t('cases.timeline.learnedTitle')}>
            {' '}
            ↳ <Time value={event.learnedAt} compact />
          </span>
        )}
      </span>
      <span role="cell" className={`case-event-kind case-kind-${event.kind}`}>
        {t(`cases.timeline.kind.${event.kind}`)}
      </span>
      {/* A change of the case says it all in its words: they take the summary's room too. */}
      <span role="cell" className={event.summary === '' ? 'case-event-what case-event-what-wide' : 'case-event-what'} title={what}>
        {what}
      </span>
      {event.summary !== '' && (
        <span role="cell" className="case-event-summary" title={event.summary}>
          {event.severity && <span className={`case-severity case-severity-${event.severity}`}>{event.severity}</span>} <bdi>{visibleText(event.summary)}</bdi>
        </span>
      )}
      <span role="cell" className="case-event-item" title={event.itemLabel ?? ''}>
        <bdi>{event.itemLabel === event.summary ? '' : visibleText(event.itemLabel ?? '')}</bdi>
      </span>
      <span role="cell" className="case-event-actor" title={event.actor ?? ''}>
        <bdi>{visibleText(event.actor ?? '')}</bdi>
      </span>
      <span role="cell" className="case-event-outcome">
        {event.write && event.write.backEnd !== 'local' && <OutcomeChip entry={event.write} />}
        {event.notes > 0 && <span className="case-event-notes" title={t('cases.timeline.notes', { count: event.notes })}>✎{event.notes}</span>}
      </span>
    </>
  );
});
