import { Trans, useTranslation } from 'react-i18next';
import { useState } from 'react';
import type { FormEvent } from 'react';
import type { IpcError } from '../../../../src-shared/contract/define.ts';
import type { SyncSettings } from '../../../../src-shared/contract/firewall.ts';
import type { SyncStatus } from '../../../../src-shared/contract/sync.ts';
import { useConnectionState } from '../../connections/index.ts';
import { failedToReach } from '../../../ui/connection-above.ts';
import { useErrorText, useFieldErrorText } from '../../../language/use-error-text.ts';
import { ErrorNotice } from '../../../ui/ErrorNotice.tsx';
import { SaveActions, saveWords } from './SaveActions.tsx';
import { useFirewallSyncStatus, useFirewallWrites, useSyncSettings } from '../firewall-data.ts';
import { FormField } from '../../../ui/FormField.tsx';
import { Time } from '../../../ui/Time.tsx';
import type { FirewallSectionProps } from '../section.ts';
import { useNow } from '../use-now.ts';
import { wholeNumber } from './whole-number.ts';

const unitSeconds = { hours: 3600, minutes: 60, seconds: 1 } as const;
type IntervalUnit = keyof typeof unitSeconds;

/** The limits `syncSettingsSchema` sets, checked here first so the words fit what the user typed. */
const limits = {
  intervalSeconds: [10, 86_400],
  backfillDays: [1, 365],
  retentionDays: [1, 3650],
  retentionRows: [1000, 5_000_000],
} as const;

interface FormValues {
  intervalAmount: string;
  intervalUnit: IntervalUnit;
  backfill: 'days' | 'everything';
  backfillDays: string;
  retentionDays: string;
  retentionRows: string;
}

function formValues(settings: SyncSettings): FormValues {
  const intervalUnit = (Object.keys(unitSeconds) as IntervalUnit[]).find((unit) => settings.intervalSeconds % unitSeconds[unit] === 0) ?? 'seconds';
  // A backfill that reaches as far as the retention is "everything": the cache would drop anything older.
  const everything = settings.backfillDays >= settings.retentionDays;
  return {
    intervalAmount: String(settings.intervalSeconds / unitSeconds[intervalUnit]),
    intervalUnit,
    backfill: everything ? 'everything' : 'days',
    backfillDays: String(everything ? Math.min(settings.backfillDays, limits.backfillDays[1]) : settings.backfillDays),
    retentionDays: String(settings.retentionDays),
    retentionRows: String(settings.retentionRows),
  };
}

type Field = keyof typeof limits;
type Checked = { settings: SyncSettings; problems?: undefined } | { settings?: undefined; problems: Partial<Record<Field, 'whole' | Field>> };

/** The form's values as settings, or what is wrong with each field. */
function check(values: FormValues): Checked {
  const amount = wholeNumber(values.intervalAmount);
  const read: Record<Field, number | null> = {
    intervalSeconds: amount === null ? null : amount * unitSeconds[values.intervalUnit],
    backfillDays: values.backfill === 'everything' ? limits.backfillDays[0] : wholeNumber(values.backfillDays),
    retentionDays: wholeNumber(values.retentionDays),
    retentionRows: wholeNumber(values.retentionRows),
  };
  const problems: Partial<Record<Field, 'whole' | Field>> = {};
  for (const field of Object.keys(limits) as Field[]) {
    const value = read[field];
    if (value === null) problems[field] = 'whole';
    else if (value < limits[field][0] || value > limits[field][1]) problems[field] = field;
  }
  if (Object.keys(problems).length > 0) return { problems };
  const retentionDays = read.retentionDays!;
  return {
    settings: {
      intervalSeconds: read.intervalSeconds!,
      backfillDays: values.backfill === 'everything' ? retentionDays : read.backfillDays!,
      retentionDays,
      retentionRows: read.retentionRows!,
    },
  };
}

/** How often the appliance is synced, how far back the first sync reaches and what the cache keeps; the alert sync's progress. */
export function SyncSettingsSection({ profile }: FirewallSectionProps) {
  const { t } = useTranslation();
  const loaded = useSyncSettings(profile.id);
  return (
    <section className="card fw-settings" aria-label={t('firewall.syncSettings.region')}>
      <h2>{t('firewall.syncSettings.region')}</h2>
      <p className="muted">{t('firewall.syncSettings.intro')}</p>
      <SyncProgress profileId={profile.id} />
      {loaded.isPending && <p className="muted">{t('firewall.syncSettings.reading')}</p>}
      {loaded.isError && <ErrorNotice error={loaded.error} title={t('firewall.syncSettings.readFailed')} />}
      {loaded.isSuccess && <SyncSettingsForm profileId={profile.id} initial={formValues(loaded.data)} />}
    </section>
  );
}

function SyncSettingsForm({ profileId, initial }: { profileId: string; initial: FormValues }) {
  const { t } = useTranslation();
  const fieldErrorText = useFieldErrorText();
  const writes = useFirewallWrites(profileId);
  const [values, setValues] = useState(initial);
  const [problems, setProblems] = useState<Checked['problems']>(undefined);
  const [error, setError] = useState<IpcError | null>(null);
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(false);
  const set = <K extends keyof FormValues>(field: K, value: FormValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setSaved(false);
  };
  const problemOf = (field: Field): string | undefined => {
    const problem = problems?.[field];
    if (problem) return t(`firewall.syncSettings.errors.${problem}`);
    const refused = error?.fieldErrors?.find((candidate) => candidate.path.endsWith(`.${field}`));
    return refused && fieldErrorText(refused);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = check(values);
    setProblems(checked.problems);
    setError(null);
    if (!checked.settings) return;
    setBusy(true);
    const result = await writes.saveSyncSettings(checked.settings);
    setBusy(false);
    if (result.ok) {
      setValues(formValues(result.data));
      setSaved(true);
    } else setError(result.error);
  };

  return (
    <form className="admin-form fw-settings-form" aria-label={t('firewall.syncSettings.region')} onSubmit={(event) => void submit(event)} noValidate>
      <div className="field-row">
        <FormField label={t('firewall.syncSettings.interval')} error={problemOf('intervalSeconds')} help={t('firewall.syncSettings.intervalHelp')}>
          <input type="number" min={1} inputMode="numeric" value={values.intervalAmount} onChange={(event) => set('intervalAmount', event.target.value)} />
        </FormField>
        <FormField label={t('firewall.syncSettings.unit')}>
          <select value={values.intervalUnit} onChange={(event) => set('intervalUnit', event.target.value as IntervalUnit)}>
            {(['seconds', 'minutes', 'hours'] as const).map((unit) => (
              <option key={unit} value={unit}>
                {t(`firewall.syncSettings.units.${unit}`)}
              </option>
            ))}
          </select>
        </FormField>
      </div>
      <fieldset className="fw-settings-group">
        <legend>{t('firewall.syncSettings.backfill')}</legend>
        <label className="admin-checkbox">
          <input type="radio" name="backfill" checked={values.backfill === 'days'} onChange={() => set('backfill', 'days')} />
          {t('firewall.syncSettings.backfillDays')}
        </label>
        <FormField label={t('firewall.syncSettings.backfillDaysSuffix')} error={values.backfill === 'days' ? problemOf('backfillDays') : undefined}>
          <input
            type="number"
            min={1}
            inputMode="numeric"
            disabled={values.backfill !== 'days'}
            value={values.backfillDays}
            onChange={(event) => set('backfillDays', event.target.value)}
          />
        </FormField>
        <label className="admin-checkbox">
          <input type="radio" name="backfill" checked={values.backfill === 'everything'} onChange={() => set('backfill', 'everything')} />
          {t('firewall.syncSettings.backfillEverything')}
        </label>
        <p className="field-help">{t('firewall.syncSettings.backfillHelp')}</p>
      </fieldset>
      <fieldset className="fw-settings-group">
        <legend>{t('firewall.syncSettings.retention')}</legend>
        <div className="field-row">
          <FormField label={t('firewall.syncSettings.retentionDays')} error={problemOf('retentionDays')}>
            <input type="number" min={1} inputMode="numeric" value={values.retentionDays} onChange={(event) => set('retentionDays', event.target.value)} />
          </FormField>
          <FormField label={t('firewall.syncSettings.retentionRows')} error={problemOf('retentionRows')}>
            <input type="number" min={1000} inputMode="numeric" value={values.retentionRows} onChange={(event) => set('retentionRows', event.target.value)} />
          </FormField>
        </div>
        <p className="field-help">{t('firewall.syncSettings.retentionHelp')}</p>
      </fieldset>
      <SaveActions words={saveWords(t, 'firewall.syncSettings')} busy={busy} saved={saved} error={error} />
    </form>
  );
}

/** The alert sync as it runs: the first sync's backfill with its progress, a later sync, or why it waits. */
function SyncProgress({ profileId }: { profileId: string }) {
  const { t } = useTranslation();
  const status = useFirewallSyncStatus(profileId, 'alerts');
  const offline = useConnectionState(profileId).kind === 'offline';
  const now = useNow(15_000);
  if (!status) return null;
  return (
    <div className="fw-sync-progress" role="status" aria-label={t('firewall.syncSettings.progress.label')}>
      <strong>{t('firewall.syncSettings.progress.label')}</strong> <SyncState status={status} offline={offline} />
      {status.progress?.total != null && status.state === 'syncing' && (
        <progress max={status.progress.total} value={status.progress.fetched} aria-label={t('firewall.syncSettings.progress.label')} />
      )}
      <span className="muted">
        {status.lastSyncedAt ? (
          <Trans i18nKey="firewall.syncSettings.progress.lastSynced" components={{ time: <Time value={status.lastSyncedAt} relativeTo={now} past /> }} />
        ) : (
          t('firewall.syncSettings.progress.never')
        )}
        {status.nextRunAt && status.state !== 'syncing' && (
          <>
            {' · '}
            <Trans i18nKey="firewall.syncSettings.progress.next" components={{ time: <Time value={status.nextRunAt} relativeTo={now} /> }} />
          </>
        )}
      </span>
    </div>
  );
}

/** Whether the appliance answers is the connection's to say (the banner says why): a failure to reach it is not told again here. */
function SyncState({ status, offline }: { status: SyncStatus; offline: boolean }) {
  const { t } = useTranslation();
  if (status.state === 'stopped') return <span>{t('firewall.syncSettings.progress.stopped')}</span>;
  if (offline) return <span className="text-danger">{t('firewall.sync.offline')}</span>;
  if (status.state === 'backing-off' && status.error && failedToReach(status.error)) return <span>{t('firewall.syncSettings.progress.idle', { count: status.cachedCount })}</span>;
  if (status.state === 'backing-off') return status.error ? <BackingOff error={status.error} /> : <span className="text-danger">{t('firewall.syncSettings.progress.backingOff', { reason: '' })}</span>;
  if (status.state === 'idle') return <span>{t('firewall.syncSettings.progress.idle', { count: status.cachedCount })}</span>;
  const fetched = status.progress?.fetched ?? 0;
  if (status.lastSyncedAt !== null) return <span>{t('firewall.syncSettings.progress.syncing', { fetched })}</span>;
  return (
    <span>
      {status.progress?.total == null ? t('firewall.syncSettings.progress.backfillUnknown', { fetched }) : t('firewall.syncSettings.progress.backfill', { fetched, total: status.progress.total })}
    </span>
  );
}

function BackingOff({ error }: { error: IpcError }) {
  const { t } = useTranslation();
  return <span className="text-danger">{t('firewall.syncSettings.progress.backingOff', { reason: useErrorText(error).message })}</span>;
}
