import { useTranslation } from 'react-i18next';
import { memo, useState } from 'react';
import type { RefObject } from 'react';
import { useStore } from 'zustand';
import { alertSeverities } from '../../../../src-shared/firewall-constants.ts';
import { cellText } from '../table/visible-text.ts';
import type { AlertsStore } from './alerts-store.ts';
import { SavedFilters } from './SavedFilters.tsx';

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

/** The alerts table's conditions: text, severity, category, action, addresses, time, and cell filters. Drawn again when they change, not when rows arrive. */
export const AlertFilters = memo(function AlertFilters({ profileId, store, searchRef }: Props) {
  const { t } = useTranslation();
  const filter = useStore(store, (state) => state.query.filter);
  const facets = useStore(store, (state) => state.facets);
  const { setFilter, removeCellFilter, clearFilters } = store.getState();
  // A filter kept from before (another section, a restart) that has a time shows it as chosen times.
  const [range, setRange] = useState<string>(() => (filter.since !== undefined || filter.until !== undefined ? 'custom' : 'any'));
  const chosenSeverities: string[] = filter.severity ?? [];
  // An appliance that sends numbers without saying their order: its levels, by number.
  const levels = (facets?.severities ?? []).filter((severity) => levelOf(severity) !== undefined).sort((a, b) => Number(levelOf(a)) - Number(levelOf(b)));
  const severities: readonly string[] = levels.length > 0 ? levels : namedSeverities;
  const hasFilters = Object.keys(filter).length > 0;

  return (
    <div className="fw-filters" role="search" aria-label={t('firewall.alerts.filters.label')}>
      <div className="fw-filter-row">
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
        <select
          aria-label={t('firewall.alerts.fields.category')}
          value={filter.category?.[0] ?? ''}
          onChange={(event) => setFilter({ category: event.target.value ? [event.target.value] : [] })}
        >
          <option value="">{t('firewall.alerts.filters.allCategories')}</option>
          {(facets?.categories ?? []).map((category) => (
            <option key={category} value={category}>
              {cellText(category, 40)}
            </option>
          ))}
        </select>
        <select
          aria-label={t('firewall.alerts.fields.action')}
          value={filter.action?.[0] ?? ''}
          onChange={(event) => setFilter({ action: event.target.value ? [event.target.value] : [] })}
        >
          <option value="">{t('firewall.alerts.filters.allActions')}</option>
          {(facets?.actions ?? []).map((action) => (
            <option key={action} value={action}>
              {cellText(action, 40)}
            </option>
          ))}
        </select>
        <SavedFilters profileId={profileId} store={store} />
      </div>
      <div className="fw-filter-row">
        <input
          aria-label={t('firewall.alerts.filters.sourceIp')}
          placeholder={t('firewall.alerts.filters.sourceIp')}
          className="fw-ip"
          value={filter.srcIp ?? ''}
          onChange={(event) => setFilter({ srcIp: event.target.value.trim() })}
        />
        <input
          aria-label={t('firewall.alerts.filters.destinationIp')}
          placeholder={t('firewall.alerts.filters.destinationIp')}
          className="fw-ip"
          value={filter.dstIp ?? ''}
          onChange={(event) => setFilter({ dstIp: event.target.value.trim() })}
        />
        <select
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
        {range === 'custom' && (
          <>
            <input
              type="datetime-local"
              aria-label={t('firewall.alerts.filters.from')}
              value={localInputValue(filter.since)}
              onChange={(event) => setFilter({ since: isoFromLocalInput(event.target.value) })}
            />
            <input
              type="datetime-local"
              aria-label={t('firewall.alerts.filters.to')}
              value={localInputValue(filter.until)}
              onChange={(event) => setFilter({ until: isoFromLocalInput(event.target.value) })}
            />
          </>
        )}
        {(filter.cells ?? []).map((cell, index) => (
          <span key={`${cell.field}-${cell.value}`} className={cell.mode === 'in' ? 'chip chip-in' : 'chip chip-out'}>
            {cell.mode === 'out' && `${t('firewall.alerts.filters.not')} `}
            {t(`firewall.alerts.fields.${cell.field}`)} = <bdi>{cellText(cell.value, 40)}</bdi>
            <button
              type="button"
              className="chip-remove"
              aria-label={t('firewall.alerts.filters.removeFilter', { filter: `${cell.mode === 'out' ? `${t('firewall.alerts.filters.not')} ` : ''}${t(`firewall.alerts.fields.${cell.field}`)} = ${cell.value}` })}
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
            onClick={() => {
              setRange('any');
              clearFilters();
            }}
          >
            {t('firewall.alerts.filters.clear')}
          </button>
        )}
      </div>
    </div>
  );
});

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
      value={draft}
      onChange={(event) => search(event.target.value)}
      onKeyDown={(event) => {
        if (event.key === 'Escape') event.currentTarget.blur();
      }}
    />
  );
}
