import { useTranslation } from 'react-i18next';
import { memo, useRef, useState } from 'react';
import type { RefObject } from 'react';
import { useStore } from 'zustand';
import { alertSeverities } from '../../../../src-shared/firewall-constants.ts';
import { cellText } from '../table/visible-text.ts';
import type { AlertsStore } from './alerts-store.ts';
import { SavedFilters } from './SavedFilters.tsx';
import { useAlertCodeWords } from '../parts/alert-code-words.ts';
import { severityWords } from '../parts/SeverityBadge.tsx';
import { useCloseOnOutsideClick } from '../../../ui/use-close-on-outside-click.ts';
import { useAnchoredPopover } from '../../../ui/use-anchored-popover.ts';

/** Most severe first, as an analyst reads them. */
const namedSeverities: readonly string[] = [...alertSeverities].reverse();
const levelOf = (severity: string) => /^level (\d+)$/.exec(severity)?.[1];

const timeRanges = [
  { id: 'any', hours: null },
  { id: '1h', hours: 1 },
  { id: '24h', hours: 24 },
  { id: '7d', hours: 7 * 24 },
  { id: '30d', hours: 30 * 24 },
] as const;

/** `<input type="datetime-local">` speaks local wall time without a zone; the filter speaks UTC ISO. */
const localInputValue = (iso: string | undefined): string => {
  if (!iso) return '';
  const date = new Date(iso);
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};
const isoFromLocalInput = (value: string): string | undefined => (value ? new Date(value).toISOString() : undefined);

interface Props {
  profileId: string;
  store: AlertsStore;
  searchRef: RefObject<HTMLInputElement | null>;
}

/** The alerts table's conditions on one row: text, severity, category, action, time, and more behind a button. Drawn again when they change, not when rows arrive. */
export const AlertFilters = memo(function AlertFilters({ profileId, store, searchRef }: Props) {
  const { t } = useTranslation();
  const filter = useStore(store, (state) => state.query.filter);
  const facets = useStore(store, (state) => state.facets);
  const { setFilter } = store.getState();
  const words = useAlertCodeWords();
  // A filter kept from before (another section, a restart) that has a time shows it as chosen times.
  const [range, setRange] = useState<string>(() => (filter.since !== undefined || filter.until !== undefined ? 'custom' : 'any'));
  // Cleared (Clear filters beside the count, a saved filter): the time span goes with the rest.
  const [seenFilter, setSeenFilter] = useState(filter);
  if (filter !== seenFilter) {
    setSeenFilter(filter);
    if (Object.keys(filter).length === 0) setRange('any');
  }
  const chosenSeverities: string[] = filter.severity ?? [];
  // An appliance that sends numbers without saying their order: its levels, by number.
  const levels = (facets?.severities ?? []).filter((severity) => levelOf(severity) !== undefined).sort((a, b) => Number(levelOf(a)) - Number(levelOf(b)));
  const severities: readonly string[] = levels.length > 0 ? levels : namedSeverities;

  return (
    <div className="fw-filters" role="search" aria-label={t('firewall.alerts.filters.label')}>
      <SearchBox text={filter.text ?? ''} store={store} searchRef={searchRef} />
      <span className="fw-severity-toggles" role="group" aria-label={t('firewall.alerts.filters.severity')}>
        {severities.map((severity) => {
          const pressed = chosenSeverities.includes(severity);
          return (
            <button
              key={severity}
              type="button"
              aria-pressed={pressed}
              className={`chip severity-chip severity-${severity}${pressed ? ' chip-on' : ''}`}
              onClick={() => setFilter({ severity: pressed ? chosenSeverities.filter((s) => s !== severity) : [...chosenSeverities, severity] })}
            >
              {levelOf(severity) !== undefined ? t('firewall.alerts.filters.level', { level: levelOf(severity) }) : t(`firewall.alerts.filters.severities.${severity}`)}
            </button>
          );
        })}
      </span>
      <CodeSelect
        label={t('firewall.alerts.fields.category')}
        all={t('firewall.alerts.filters.allCategories')}
        codes={facets?.categories ?? []}
        chosen={filter.category?.[0]}
        words={words.category}
        onChoose={(category) => setFilter({ category })}
      />
      <CodeSelect
        className="fw-filter-narrow"
        label={t('firewall.alerts.fields.action')}
        all={t('firewall.alerts.filters.allActions')}
        codes={facets?.actions ?? []}
        chosen={filter.action?.[0]}
        words={words.action}
        onChoose={(action) => setFilter({ action })}
      />
      <select
        className="fw-filter-narrow"
        aria-label={t('firewall.alerts.filters.timeRange')}
        value={range}
        onChange={(event) => {
          setRange(event.target.value);
          if (event.target.value === 'custom') return;
          const chosen = timeRanges.find((candidate) => candidate.id === event.target.value) ?? timeRanges[0];
          setFilter({ since: chosen.hours === null ? undefined : new Date(Date.now() - chosen.hours * 3_600_000).toISOString(), until: undefined });
        }}
      >
        {timeRanges.map((candidate) => (
          <option key={candidate.id} value={candidate.id}>
            {t(`firewall.alerts.filters.ranges.${candidate.id}`)}
          </option>
        ))}
        <option value="custom">{t('firewall.alerts.filters.ranges.custom')}</option>
      </select>
      <MoreFilters store={store} customTime={range === 'custom'} />
      <SavedFilters profileId={profileId} store={store} />
    </div>
  );
});

interface CodeSelectProps {
  className?: string;
  label: string;
  all: string;
  codes: readonly string[];
  chosen: string | undefined;
  words(code: string): string;
  onChoose(codes: string[]): void;
}

/** One of the codes the cache holds (a category, an action), named in words; the filter keeps the code. */
function CodeSelect({ className, label, all, codes, chosen, words, onChoose }: CodeSelectProps) {
  return (
    <select className={className} aria-label={label} value={chosen ?? ''} onChange={(event) => onChoose(event.target.value ? [event.target.value] : [])}>
      <option value="">{all}</option>
      {codes.map((code) => (
        <option key={code} value={code}>
          {cellText(words(code), 40)}
        </option>
      ))}
    </select>
  );
}

/**
 * The conditions used less often, behind one button so the filters keep to one row: the addresses
 * and a chosen time span. The button counts those set, so a filter out of sight is never forgotten.
 */
function MoreFilters({ store, customTime }: { store: AlertsStore; customTime: boolean }) {
  const { t } = useTranslation();
  const filter = useStore(store, (state) => state.query.filter);
  const { setFilter } = store.getState();
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const { anchor, popover } = useAnchoredPopover<HTMLButtonElement>('bottom-end');
  useCloseOnOutsideClick(open, box, () => setOpen(false));
  const set = [filter.srcIp, filter.dstIp, customTime ? filter.since : undefined, customTime ? filter.until : undefined].filter((value) => value !== undefined && value !== '').length;

  return (
    <div className="fw-more-filters" ref={box} onKeyDown={(event) => event.key === 'Escape' && setOpen(false)}>
      <button ref={anchor} type="button" className={set > 0 ? 'button fw-more-set' : 'button'} aria-haspopup="dialog" aria-expanded={open} onClick={() => setOpen(!open)}>
        {set > 0 ? t('firewall.alerts.filters.moreSet', { count: set }) : t('firewall.alerts.filters.more')} ▾
      </button>
      {open && (
        <div ref={popover} className="fw-more-panel" role="dialog" aria-label={t('firewall.alerts.filters.more')}>
          <label className="field">
            <span className="field-label">{t('firewall.alerts.filters.sourceIp')}</span>
            <input className="fw-ip" autoFocus value={filter.srcIp ?? ''} onChange={(event) => setFilter({ srcIp: event.target.value.trim() })} />
          </label>
          <label className="field">
            <span className="field-label">{t('firewall.alerts.filters.destinationIp')}</span>
            <input className="fw-ip" value={filter.dstIp ?? ''} onChange={(event) => setFilter({ dstIp: event.target.value.trim() })} />
          </label>
          {customTime && (
            <>
              <label className="field">
                <span className="field-label">{t('firewall.alerts.filters.from')}</span>
                <input type="datetime-local" value={localInputValue(filter.since)} onChange={(event) => setFilter({ since: isoFromLocalInput(event.target.value) })} />
              </label>
              <label className="field">
                <span className="field-label">{t('firewall.alerts.filters.to')}</span>
                <input type="datetime-local" value={localInputValue(filter.until)} onChange={(event) => setFilter({ until: isoFromLocalInput(event.target.value) })} />
              </label>
            </>
          )}
        </div>
      )}
    </div>
  );
}

/** The filters made from cells ("Category = dos", "not Action = blocked") as chips, and Clear: beside the count they narrow. */
export function CellFilterChips({ store }: { store: AlertsStore }) {
  const { t } = useTranslation();
  const filter = useStore(store, (state) => state.query.filter);
  const { removeCellFilter, clearFilters } = store.getState();
  const words = useAlertCodeWords();
  const hasFilters = Object.keys(filter).length > 0;
  const shownValue = (field: string, value: string) =>
    field === 'category' ? words.category(value) : field === 'action' ? words.action(value) : field === 'severity' ? severityWords(value, t) : value;
  return (
    <>
      {(filter.cells ?? []).map((cell, index) => (
        <span key={`${cell.field}-${cell.value}`} className={cell.mode === 'in' ? 'chip chip-in' : 'chip chip-out'}>
          {cell.mode === 'out' && `${t('firewall.alerts.filters.not')} `}
          {t(`firewall.alerts.fields.${cell.field}`)} = <bdi>{cellText(shownValue(cell.field, cell.value), 40)}</bdi>
          <button
            type="button"
            className="chip-remove"
            aria-label={t('firewall.alerts.filters.removeFilter', { filter: `${cell.mode === 'out' ? `${t('firewall.alerts.filters.not')} ` : ''}${t(`firewall.alerts.fields.${cell.field}`)} = ${shownValue(cell.field, cell.value)}` })}
            onClick={() => removeCellFilter(index)}
          >
            ×
          </button>
        </span>
      ))}
      {hasFilters && (
        <button
          type="button"
          className="link-button"
          onClick={clearFilters}
        >
          {t('firewall.alerts.filters.clear')}
        </button>
      )}
    </>
  );
}

/**
 * The text search, answered as each key is typed: main answers a page of a million alerts in a few
 * milliseconds, and an answer for text typed over since is dropped (the paged cache's generations),
 * so a pause in the typing would only add its own wait.
 */
function SearchBox({ text, store, searchRef }: { text: string; store: AlertsStore; searchRef: RefObject<HTMLInputElement | null> }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(text);
  const [searched, setSearched] = useState(text);
  // The filter changed from elsewhere (Clear filters, a link): the box shows it.
  if (text !== searched) {
    setSearched(text);
    setDraft(text);
  }
  const search = (words: string) => {
    setDraft(words);
    setSearched(words);
    store.getState().setFilter({ text: words });
  };

  return (
    <input
      ref={searchRef}
      type="search"
      className="fw-search"
      aria-label={t('firewall.alerts.filters.search')}
      placeholder={t('firewall.alerts.filters.searchPlaceholder')}
      title={t('firewall.alerts.filters.searchHint')}
      value={draft}
      onChange={(event) => search(event.target.value)}
      onKeyDown={(event) => {
        if (event.key === 'Escape') event.currentTarget.blur();
      }}
    />
  );
}
