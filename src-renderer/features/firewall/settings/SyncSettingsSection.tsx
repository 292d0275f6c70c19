import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import type { IpcError } from '../../../../src-preload/contract/define.ts';
import type { SyncSettings } from '../../../../src-preload/contract/firewall.ts';
import type { SyncStatus } from '../../../../src-preload/contract/sync.ts';
import { opsdesk } from '../../../bridge.ts';
import { useFieldErrorText } from '../../../language/use-error-text.ts';
import { ErrorNotice } from '../../../ui/ErrorNotice.tsx';
import { SaveActions } from './SaveActions.tsx';
import { fill } from '../../../ui/fill-template.ts';
import { useBridgeQuery } from '../../../ui/use-bridge-query.ts';
import { useCatalogSection } from '../../../ui/use-catalog-section.ts';
import { FormField } from '../../../ui/FormField.tsx';
import { useFirewallStatusStore } from '../firewall-status-store.ts';
import { relativeTime } from '../relative-time.ts';
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
  const s = useCatalogSection('firewall').syncSettings;
  const [loaded] = useBridgeQuery(() => opsdesk.firewall.syncSettings({ profileId: profile.id }));
  return (
    <section className="card fw-settings" aria-label={s.region}>
      <h2>{s.region}</h2>
      <p className="muted">{s.intro}</p>
      <SyncProgress profileId={profile.id} />
      {loaded.status === 'loading' && <p className="muted">{s.reading}</p>}
      {loaded.status === 'failed' && <ErrorNotice error={loaded.error} title={s.readFailed} />}
      {loaded.status === 'ready' && <SyncSettingsForm profileId={profile.id} initial={formValues(loaded.data)} />}
    </section>
  );
}

function SyncSettingsForm({ profileId, initial }: { profileId: string; initial: FormValues }) {
  const s = useCatalogSection('firewall').syncSettings;
  const fieldErrorText = useFieldErrorText();
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
    if (problem) return s.errors[problem];
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
    const result = await opsdesk.firewall.saveSyncSettings({ profileId, settings: checked.settings });
    setBusy(false);
    if (result.ok) {
      setValues(formValues(result.data));
      setSaved(true);
    } else setError(result.error);
  };

  return (
    <form className="admin-form fw-settings-form" aria-label={s.region} onSubmit={(event) => void submit(event)} noValidate>
      <div className="field-row">
        <FormField label={s.interval} error={problemOf('intervalSeconds')} help={s.intervalHelp}>
          <input type="number" min={1} inputMode="numeric" value={values.intervalAmount} onChange={(event) => set('intervalAmount', event.target.value)} />
        </FormField>
        <FormField label={s.unit}>
          <select value={values.intervalUnit} onChange={(event) => set('intervalUnit', event.target.value as IntervalUnit)}>
            {(['seconds', 'minutes', 'hours'] as const).map((unit) => (
              <option key={unit} value={unit}>
                {s.units[unit]}
              </option>
            ))}
          </select>
        </FormField>
      </div>
      <fieldset className="fw-settings-group">
        <legend>{s.backfill}</legend>
        <label className="admin-checkbox">
          <input type="radio" name="backfill" checked={values.backfill === 'days'} onChange={() => set('backfill', 'days')} />
          {s.backfillDays}
        </label>
        <FormField label={s.backfillDaysSuffix} error={values.backfill === 'days' ? problemOf('backfillDays') : undefined}>
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
          {s.backfillEverything}
        </label>
        <p className="field-help">{s.backfillHelp}</p>
      </fieldset>
      <fieldset className="fw-settings-group">
        <legend>{s.retention}</legend>
        <div className="field-row">
          <FormField label={s.retentionDays} error={problemOf('retentionDays')}>
            <input type="number" min={1} inputMode="numeric" value={values.retentionDays} onChange={(event) => set('retentionDays', event.target.value)} />
          </FormField>
          <FormField label={s.retentionRows} error={problemOf('retentionRows')}>
            <input type="number" min={1000} inputMode="numeric" value={values.retentionRows} onChange={(event) => set('retentionRows', event.target.value)} />
          </FormField>
        </div>
        <p className="field-help">{s.retentionHelp}</p>
      </fieldset>
      <SaveActions words={s} busy={busy} saved={saved} error={error} />
    </form>
  );
}

/** The alert sync as it runs: the first sync's backfill with its progress, a later sync, or why it waits. */
function SyncProgress({ profileId }: { profileId: string }) {
  const s = useCatalogSection('firewall').syncSettings.progress;
  const follow = useFirewallStatusStore((state) => state.follow);
  const status = useFirewallStatusStore((state) => state.sync[profileId]?.alerts);
  const now = useNow(15_000);
  useEffect(() => {
    void follow(profileId);
  }, [follow, profileId]);
  if (!status) return null;
  const when = (iso: string) => relativeTime(new Date(iso).getTime(), now);
  return (
    <div className="fw-sync-progress" role="status" aria-label={s.label}>
      <strong>{s.label}</strong> <SyncState status={status} />
      {status.progress?.total != null && status.state === 'syncing' && (
        <progress max={status.progress.total} value={status.progress.fetched} aria-label={s.label} />
      )}
      <span className="muted">
        {status.lastSyncedAt ? fill(s.lastSynced, { when: when(status.lastSyncedAt) }) : s.never}
        {status.nextRunAt && status.state !== 'syncing' && ` · ${fill(s.next, { when: when(status.nextRunAt) })}`}
      </span>
    </div>
  );
}

function SyncState({ status }: { status: SyncStatus }) {
  const s = useCatalogSection('firewall').syncSettings.progress;
  const count = (value: number) => value.toLocaleString();
  if (status.state === 'stopped') return <span>{s.stopped}</span>;
  if (status.state === 'backing-off') return <span className="text-danger">{fill(s.backingOff, { reason: status.error?.message ?? '' })}</span>;
  if (status.state === 'idle') return <span>{fill(s.idle, { count: count(status.cachedCount) })}</span>;
  const fetched = count(status.progress?.fetched ?? 0);
  if (status.lastSyncedAt !== null) return <span>{fill(s.syncing, { fetched })}</span>;
  return (
    <span>
      {status.progress?.total == null ? fill(s.backfillUnknown, { fetched }) : fill(s.backfill, { fetched, total: count(status.progress.total) })}
    </span>
  );
}
