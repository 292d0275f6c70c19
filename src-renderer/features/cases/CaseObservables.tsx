import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { observableKinds } from '../../../src-shared/case-constants.ts';
import type { CaseObservable, ObservableKind } from '../../../src-shared/contract/cases.ts';
import type { BlockCaution } from '../../../src-shared/contract/firewall.ts';
import { visibleText } from '../../../src-shared/visible-text.ts';
import { useCaseObservables } from './cases-data.ts';
import { copyText } from '../../ui/copy-text.ts';
import { ErrorNotice } from '../../ui/ErrorNotice.tsx';
import { Time } from '../../ui/Time.tsx';
import { VirtualRows } from '../../ui/VirtualRows.tsx';
import { useWorkspaceStore } from '../../navigation/workspace-store.ts';

const ROW_HEIGHT = 30;
const LEVELS = ['refuse', 'warn', 'note'] as const;

/**
 * The addresses, domains and hashes the case's items name, most named first: each address with its
 * standing in the firewall caches (blocked, allowed, its alerts there, whether "Block all sources"
 * takes it, and what OpsDesk says of blocking it), each one with where the case names it. An
 * address opens its card; any of them shows its events on the timeline.
 */
export function CaseObservables({ caseId, onShowOnTimeline }: { caseId: string; onShowOnTimeline(value: string): void }) {
  const { t } = useTranslation();
  const [kind, setKind] = useState<ObservableKind | null>(null);
  const [text, setText] = useState('');
  const [selected, setSelected] = useState<number | null>(null);
  const found = useCaseObservables(caseId, kind, text);
  const rows = found.data?.rows ?? [];
  const total = found.data?.total ?? null;
  const chosen = selected === null ? undefined : rows[selected];
  const pick = (next: ObservableKind | null) => {
    setKind(next);
    setSelected(null);
  };

  return (
    <section className="case-observables" aria-label={t('cases.observables.region')}>
      <div className="case-timeline-toolbar">
        <div className="cases-chips" role="group" aria-label={t('cases.observables.kindFilter')}>
          <button type="button" className={kind === null ? 'chip chip-on' : 'chip'} aria-pressed={kind === null} onClick={() => pick(null)}>
            {t('cases.observables.all')}
          </button>
          {observableKinds.map((each) => (
            <button key={each} type="button" className={kind === each ? 'chip chip-on' : 'chip'} aria-pressed={kind === each} onClick={() => pick(kind === each ? null : each)}>
              {t(`cases.observables.kindsPlural.${each}`)} <span className="case-chip-count">{found.data?.counts[each] ?? 0}</span>
            </button>
          ))}
        </div>
        <input
          type="search"
          className="case-timeline-search"
          aria-label={t('cases.observables.text')}
          placeholder={t('cases.observables.textPlaceholder')}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setSelected(null);
          }}
        />
        <span className="cases-count" role="status" aria-label={t('cases.observables.table')}>
          {total === null ? '' : t('cases.observables.count', { count: total })}
          {total !== null && total > rows.length && ` (${t('cases.observables.shownOf', { shown: rows.length, count: total })})`}
        </span>
      </div>
      {found.error && <ErrorNotice error={found.error} title={t('cases.observables.readFailed')} />}
      <div className="case-timeline-table" role="table" aria-label={t('cases.observables.table')} aria-rowcount={rows.length + 1}>
        <div className="case-observable case-observable-head" role="row" aria-rowindex={1}>
          {(['kind', 'value', 'standing', 'alerts', 'events', 'lastSeen', 'where'] as const).map((column) => (
            <span key={column} role="columnheader">
              {t(`cases.observables.columns.${column}`)}
            </span>
          ))}
        </div>
        <VirtualRows
          list={{ rowCount: rows.length, rowHeight: ROW_HEIGHT, overscan: 10, onRangeChange: () => {}, selectedIndex: selected, onSelect: setSelected, onOpen: setSelected, onClose: () => setSelected(null) }}
          viewport={{ className: 'case-timeline-rows', role: 'rowgroup', label: t('cases.observables.table') }}
          empty={found.data && rows.length === 0 ? { className: 'cases-empty muted', content: kind !== null || text.trim() !== '' ? t('cases.observables.noneMatch') : t('cases.observables.empty') } : null}
          rowAt={(index) => rows[index]}
          look={{ role: 'row', className: 'case-observable', selectedClassName: 'case-event-selected', keyOf: (index, row) => (row ? `${row.kind}:${row.value}` : index), rowIndexOffset: 2 }}
        >
          {(row) => (row ? <ObservableCells observable={row} /> : <span className="cases-pending" />)}
        </VirtualRows>
      </div>
      <ObservableDetail observable={chosen ?? null} onShowOnTimeline={onShowOnTimeline} />
    </section>
  );
}

/** The most serious level of what blocking the address would be, in a word. */
function cautionLevel(cautions: readonly BlockCaution[]) {
  return LEVELS.find((level) => cautions.some((caution) => caution.level === level)) ?? null;
}

function cautionWords(t: ReturnType<typeof useTranslation>['t'], cautions: readonly BlockCaution[]): string {
  return cautions
    .map((caution) => t(`firewall.cautions.${caution.kind}`, { range: caution.range ?? '', host: caution.host ?? '', name: caution.connection?.name ?? '', noun: caution.connection ? t(`services.${caution.connection.service}.noun`) : '' }))
    .join(' ');
}

function Standing({ observable }: { observable: CaseObservable }) {
  const { t } = useTranslation();
  const { standing } = observable;
  if (!standing) return null;
  const level = cautionLevel(standing.cautions);
  return (
    <>
      {standing.blocked && <span className="case-standing case-standing-blocked">{t('cases.observables.blocked')}</span>}
      {standing.allowed && <span className="case-standing case-standing-allowed">{t('cases.observables.allowed')}</span>}
      {standing.source && <span className="case-standing">{t('cases.observables.source')}</span>}
      {level && (
        <span className={`case-standing case-standing-${level}`} title={cautionWords(t, standing.cautions)}>
          {t(`cases.observables.${level}`)}
        </span>
      )}
    </>
  );
}

function ObservableCells({ observable }: { observable: CaseObservable }) {
  const { t } = useTranslation();
  const where = observable.seenIn[0];
  return (
    <>
      <span role="cell" className={`case-event-kind case-observable-kind-${observable.kind}`}>
        {observable.hashType ? t(`cases.observables.hashTypes.${observable.hashType}`) : t(`cases.observables.kinds.${observable.kind}`)}
      </span>
      <span role="cell" className="case-observable-value mono" title={observable.value}>
        <bdi>{visibleText(observable.value)}</bdi>
      </span>
      <span role="cell" className="case-observable-standing">
        <Standing observable={observable} />
      </span>
      <span role="cell" className="case-observable-number">
        {observable.standing ? t('cases.observables.alerts', { count: observable.standing.alerts }) : ''}
      </span>
      <span role="cell" className="case-observable-number">
        {t('cases.observables.events', { count: observable.events })}
      </span>
      <span role="cell" className="case-event-time">
        {observable.lastAt && <Time value={observable.lastAt} compact />}
      </span>
      <span role="cell" className="case-event-item" title={where?.itemLabel ?? ''}>
        <bdi>{visibleText(where?.itemLabel ?? where?.summary ?? '')}</bdi>
      </span>
    </>
  );
}

function ObservableDetail({ observable, onShowOnTimeline }: { observable: CaseObservable | null; onShowOnTimeline(value: string): void }) {
  const { t } = useTranslation();
  const navigate = useWorkspaceStore((state) => state.navigate);
  const [copied, setCopied] = useState<string | null>(null);
  if (!observable) {
    return (
      <section className="case-event-detail case-event-detail-empty" aria-label={t('cases.observables.detail')}>
        <p className="muted">{t('cases.observables.none')}</p>
      </section>
    );
  }
  const { standing } = observable;
  return (
    <section className="case-event-detail case-observable-detail" aria-label={t('cases.observables.detail')}>
      <div>
        <header className="case-event-detail-head">
          <span className={`case-event-kind case-observable-kind-${observable.kind}`}>
            {observable.hashType ? t(`cases.observables.hashTypes.${observable.hashType}`) : t(`cases.observables.kinds.${observable.kind}`)}
          </span>
          <strong className="mono case-observable-whole">
            <bdi>{visibleText(observable.value)}</bdi>
          </strong>
        </header>
        <p className="case-observable-facts">
          <Standing observable={observable} />
          {standing && <span>{t('cases.observables.alerts', { count: standing.alerts })}</span>}
          {observable.firstAt && observable.lastAt && (
            <span className="muted">
              <Time value={observable.firstAt} compact /> – <Time value={observable.lastAt} compact />
            </span>
          )}
        </p>
        {standing && standing.cautions.length > 0 && <p className="muted case-observable-cautions">{cautionWords(t, standing.cautions)}</p>}
        <div className="case-model-actions">
          {observable.kind === 'address' && (
            <button type="button" className="button" onClick={() => navigate({ kind: 'address', params: { address: observable.value } })}>
              {t('cases.observables.openCard')}
            </button>
          )}
          <button type="button" className="button" onClick={() => onShowOnTimeline(observable.value)}>
            {t('cases.observables.showOnTimeline')}
          </button>
          <button type="button" className="button" onClick={() => void copyText(observable.value).then((done) => setCopied(done ? observable.value : null))}>
            {copied === observable.value ? t('cases.observables.copied') : t('cases.observables.copy')}
          </button>
        </div>
      </div>
      <div>
        <h3 className="case-side-title">{t('cases.observables.seenIn')}</h3>
        <ul className="case-sightings">
          {observable.seenIn.map((seen) => (
            <li key={seen.eventId} className="case-sighting">
              <Time value={seen.at} compact />
              <span className={`case-event-kind case-kind-${seen.kind}`}>{t(`cases.timeline.kind.${seen.kind}`)}</span>
              {seen.target ? (
                <button type="button" className="link-button case-item-title" title={t('cases.observables.open')} onClick={() => navigate(seen.target!)}>
                  <bdi>{visibleText(seen.itemLabel ?? seen.summary)}</bdi>
                </button>
              ) : (
                <span className="case-item-title">
                  <bdi>{visibleText(seen.itemLabel ?? seen.summary)}</bdi>
                </span>
              )}
            </li>
          ))}
        </ul>
        {observable.events > observable.seenIn.length && <p className="muted">{t('cases.observables.seenInMore', { shown: observable.seenIn.length, count: observable.events })}</p>}
      </div>
    </section>
  );
}
