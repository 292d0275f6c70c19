import { useCallback, useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import type { IpcError } from '../../../../src-shared/contract/define.ts';
import type { LogEntry, LogQuery, LogSearchResult, RecentLogQuery } from '../../../../src-shared/contract/firewall-admin.ts';
import { logActions, logTimePresets, logTypes, searchPauseMs } from '../../../../src-shared/firewall-constants.ts';
import type { ProfileView } from '../../../../src-shared/contract/profiles.ts';
import { ErrorNotice } from '../../../ui/ErrorNotice.tsx';
import { FormField } from '../../../ui/FormField.tsx';
import { useFieldErrors } from '../../../language/use-error-text.ts';
import { useFormat } from '../../../ui/format.ts';
import { Time } from '../../../ui/Time.tsx';
import { Pager } from './Pager.tsx';
import { useTranslation } from 'react-i18next';
import { adminCalls } from './admin-data.ts';
import { AddressText } from '../../../ui/AddressText.tsx';
import { addressColumn, numberColumn, textColumn, timeColumn, TIME_WIDTH } from './admin-columns.tsx';
import { SortedPageTable } from './SortedPageTable.tsx';
import { AllowButton } from '../allowlist/AllowDialog.tsx';
import { useKeptFilter } from '../../../ui/view-filters-store.ts';

type Preset = (typeof logTimePresets)[number];
const presetLabel: Record<Preset, string> = {
  '15m': 'firewallAdmin.logs.preset15m', '1h': 'firewallAdmin.logs.preset1h', '24h': 'firewallAdmin.logs.preset24h', '7d': 'firewallAdmin.logs.preset7d', all: 'firewallAdmin.logs.presetAll', custom: 'firewallAdmin.logs.presetCustom',
};
const pageSize = 50;

interface QueryForm {
  text: string;
  srcIp: string;
  dstIp: string;
  type: string;
  action: string;
  timePreset: Preset;
  since: string;
  until: string;
}

const emptyForm: QueryForm = { text: '', srcIp: '', dstIp: '', type: '', action: '', timePreset: '24h', since: '', until: '' };
/** The words the form's choices may take: a kept form from an older build falls back to the default. */
const formWords = { type: ['', ...logTypes], action: ['', ...logActions], timePreset: logTimePresets };

/** `datetime-local` has no zone: it is the user's local time, sent as an instant. */
const toInstant = (local: string) => (local === '' || Number.isNaN(Date.parse(local)) ? undefined : new Date(local).toISOString());
const toLocalInput = (iso: string | undefined) => {
  if (iso === undefined || Number.isNaN(Date.parse(iso))) return '';
  const date = new Date(iso);
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};

/** The builder's fields as the query object main sends; only what the user filled in. */
function toQuery(form: QueryForm): LogQuery {
  const text = (value: string) => (value.trim() === '' ? undefined : value.trim());
  const custom = form.timePreset === 'custom';
  return Object.fromEntries(
    Object.entries({
      text: text(form.text),
      srcIp: text(form.srcIp),
      dstIp: text(form.dstIp),
      type: form.type === '' ? undefined : form.type,
      action: form.action === '' ? undefined : form.action,
      timePreset: form.timePreset,
      since: custom ? toInstant(form.since) : undefined,
      until: custom ? toInstant(form.until) : undefined,
    }).filter(([, value]) => value !== undefined),
  ) as LogQuery;
}

/** The same search with other words (none: no words condition). */
function withWords({ text: _words, ...others }: LogQuery, words: string): LogQuery {
  return words === '' ? others : { ...others, text: words };
}

function toForm(query: LogQuery): QueryForm {
  return {
    text: query.text ?? '',
    srcIp: query.srcIp ?? '',
    dstIp: query.dstIp ?? '',
    type: query.type ?? '',
    action: query.action ?? '',
    timePreset: query.timePreset ?? '24h',
    since: toLocalInput(query.since),
    until: toLocalInput(query.until),
  };
}

export function LogSearchSection({ profile }: { profile: ProfileView }) {
  const { t } = useTranslation();
  const format = useFormat();
  const [form, keepForm] = useKeptFilter(profile.id, 'firewall.logs', emptyForm, formWords);
  const [result, setResult] = useState<LogSearchResult | null>(null);
  const [error, setError] = useState<IpcError | null>(null);
  const [busy, setBusy] = useState(false);
  const [recent, setRecent] = useState<RecentLogQuery[]>([]);
  const [searched, setSearched] = useState<LogQuery | null>(null);
  /** The words of the newest search asked for, answered or not: typing waits for it, not for its answer. */
  const [askedText, setAskedText] = useState<string | null>(null);
  const latest = useRef(0);

  const loadRecent = useCallback(() => {
    void adminCalls(profile.id).recentLogQueries({}).then((answer) => answer.ok && setRecent(answer.data));
  }, [profile.id]);
  useEffect(loadRecent, [loadRecent]);

  /** `remember: false`: run while typing, not offered again among the recent searches. */
  const run = useCallback(
    async (query: LogQuery, page: number, remember = true) => {
      const request = ++latest.current;
      setBusy(true);
      setAskedText(query.text ?? '');
      const answer = await adminCalls(profile.id).searchLogs({ query, page, pageSize, remember });
      if (request !== latest.current) return;
      setBusy(false);
      if (answer.ok) {
        setResult(answer.data);
        setSearched(query);
        setError(null);
        if (remember) loadRecent();
      } else {
        setError(answer.error);
      }
    },
    [profile.id, loadRecent],
  );

  // The words answer as they are typed, after the same pause as the alerts' search (each search
  // is a call to the appliance), and only the newest search's answer is shown; the other fields
  // wait for Search, so a half-typed address is not sent. Enter or a recent search asks at once,
  // and the pause then asks nothing more.
  const typed = form.text.trim();
  // The pause keeps running when an earlier answer arrives: only the typing restarts it.
  const latestSearched = useRef(searched);
  useEffect(() => {
    latestSearched.current = searched;
  }, [searched]);
  useEffect(() => {
    if (typed === (askedText ?? '')) return;
    const timer = setTimeout(() => void run(withWords(latestSearched.current ?? toQuery(emptyForm), typed), 1, false), searchPauseMs);
    return () => clearTimeout(timer);
  }, [typed, askedText, run]);

  function submit(event: FormEvent) {
    event.preventDefault();
    void run(toQuery(form), 1);
  }

  const set = (field: keyof QueryForm) => (event: { target: { value: string } }) => keepForm({ [field]: event.target.value } as Partial<QueryForm>);
  const fieldError = useFieldErrors(error);

  return (
    <section className="admin-section" aria-label={t('firewallAdmin.logs.region')}>
      <div className="admin-columns">
        <form className="card admin-form" aria-label={t('firewallAdmin.logs.builder')} onSubmit={submit} noValidate>
          <div className="field-row">
            <FormField label={t('firewallAdmin.logs.text')} error={fieldError('text')} help={t('firewallAdmin.logs.textHelp')}>
              <input value={form.text} onChange={set('text')} />
            </FormField>
            <FormField label={t('firewallAdmin.logs.srcIp')} error={fieldError('srcIp')}>
              <input value={form.srcIp} onChange={set('srcIp')} />
            </FormField>
            <FormField label={t('firewallAdmin.logs.dstIp')} error={fieldError('dstIp')}>
              <input value={form.dstIp} onChange={set('dstIp')} />
            </FormField>
          </div>
          <div className="field-row">
            <FormField label={t('firewallAdmin.logs.type')} error={fieldError('type')}>
              <select value={form.type} onChange={set('type')}>
                <option value="">{t('firewallAdmin.logs.any')}</option>
                {logTypes.map((type) => (
                  <option key={type} value={type}>
                    {type}
                  </option>
                ))}
              </select>
            </FormField>
            <FormField label={t('firewallAdmin.logs.action')} error={fieldError('action')}>
              <select value={form.action} onChange={set('action')}>
                <option value="">{t('firewallAdmin.logs.any')}</option>
                {logActions.map((action) => (
                  <option key={action} value={action}>
                    {action}
                  </option>
                ))}
              </select>
            </FormField>
            <FormField label={t('firewallAdmin.logs.time')}>
              <select value={form.timePreset} onChange={set('timePreset')}>
                {logTimePresets.map((preset) => (
                  <option key={preset} value={preset}>
                    {t(presetLabel[preset])}
                  </option>
                ))}
              </select>
            </FormField>
          </div>
          {form.timePreset === 'custom' && (
            <div className="field-row">
              <FormField label={t('firewallAdmin.logs.since')} error={fieldError('since')}>
                <input type="datetime-local" value={form.since} onChange={set('since')} />
              </FormField>
              <FormField label={t('firewallAdmin.logs.until')} error={fieldError('until')}>
                <input type="datetime-local" value={form.until} onChange={set('until')} />
              </FormField>
            </div>
          )}
          <div className="admin-toolbar">
            <button type="submit" className="button-primary" disabled={busy}>
              {t('firewallAdmin.logs.search')}
            </button>
          </div>
          {error && !error.fieldErrors?.length && <ErrorNotice error={error} title={t('firewallAdmin.common.failedTitle')} />}
          {result && (
            <div>
              <p className="field-label">{t('firewallAdmin.logs.sent')}</p>
              <pre className="admin-query" aria-label={t('firewallAdmin.logs.sent')}>
                {JSON.stringify(result.sent, null, 2)}
              </pre>
            </div>
          )}
        </form>
        <aside className="card" aria-label={t('firewallAdmin.logs.recent')}>
          <h2>{t('firewallAdmin.logs.recent')}</h2>
          {recent.length === 0 ? (
            <p className="muted">{t('firewallAdmin.logs.noRecent')}</p>
          ) : (
            <ul className="admin-recent">
              {recent.map((entry) => (
                <li key={JSON.stringify(entry.query)}>
                  <button
                    type="button"
                    className="link-button"
                    onClick={() => {
                      keepForm(toForm(entry.query));
                      void run(entry.query, 1);
                    }}
                  >
                    {describeQuery(entry.query, t)}
                  </button>
                  <span className="muted"> · <Time value={entry.usedAt} /></span>
                </li>
              ))}
            </ul>
          )}
        </aside>
      </div>
      {result && (
        <div className="admin-section" aria-label={t('firewallAdmin.logs.results')} role="region">
          <SortedPageTable<LogEntry>
            tableId="firewall.logs"
            label={t('firewallAdmin.logs.results')}
            columns={[
              timeColumn<LogEntry>('time', t('firewallAdmin.logs.columnTime'), TIME_WIDTH, (entry) => entry.time),
              textColumn<LogEntry>('type', t('firewallAdmin.logs.columnType'), 70, (entry) => entry.type),
              addressColumn<LogEntry>('source', t('firewallAdmin.logs.columnSource'), 185, (entry) => entry.srcIp, {
                shown: (entry) => endpoint(entry.srcIp, entry.srcPort),
                cell: (entry) => <Endpoint ip={entry.srcIp} port={entry.srcPort} />,
              }),
              addressColumn<LogEntry>('destination', t('firewallAdmin.logs.columnDestination'), 185, (entry) => entry.dstIp, {
                shown: (entry) => endpoint(entry.dstIp, entry.dstPort),
                cell: (entry) => <Endpoint ip={entry.dstIp} port={entry.dstPort} />,
              }),
              textColumn<LogEntry>('protocol', t('firewallAdmin.logs.columnProtocol'), 90, (entry) => entry.protocol),
              textColumn<LogEntry>('action', t('firewallAdmin.logs.columnAction'), 70, (entry) => entry.action),
              numberColumn<LogEntry>('bytes', t('firewallAdmin.logs.columnBytes'), 100, (entry) => entry.bytes, (entry) => (entry.bytes === undefined ? '' : format.number(entry.bytes))),
              textColumn<LogEntry>('message', t('firewallAdmin.logs.columnMessage'), 200, (entry) => entry.message, {
                grow: true,
                cell: (entry) => entry.message !== undefined && <AddressText text={entry.message} />,
              }),
              {
                id: 'allow',
                title: t('firewall.list.actions'),
                width: 110,
                cell: (entry) => entry.srcIp !== undefined && <AllowButton profileId={profile.id} ip={entry.srcIp} reason={entry.message ?? ''} />,
                text: () => '',
              },
            ]}
            items={result.items}
            empty={t('firewallAdmin.logs.noResults')}
          />
          <Pager page={result} onPage={(page) => searched && void run(searched, page)} />
        </div>
      )}
    </section>
  );
}

const endpoint = (ip: string | undefined, port: number | undefined) => (ip === undefined ? '' : port === undefined ? ip : `${ip}:${port}`);

/** An address (a link to its card) and its port. */
function Endpoint({ ip, port }: { ip: string | undefined; port: number | undefined }) {
  if (ip === undefined) return null;
  return (
    <>
      <AddressText text={ip} />
      {port !== undefined && `:${port}`}
    </>
  );
}

function describeQuery(query: LogQuery, t: (key: string) => string): string {
  const parts = [
    query.text && `“${query.text}”`,
    query.srcIp && `${t('firewallAdmin.logs.srcIp')} ${query.srcIp}`,
    query.dstIp && `${t('firewallAdmin.logs.dstIp')} ${query.dstIp}`,
    query.type,
    query.action,
    t(presetLabel[query.timePreset ?? '24h']),
  ];
  return parts.filter(Boolean).join(' · ');
}
