import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorNotice } from '../../ui/ErrorNotice.tsx';
import { useActivitySettings, useSaveActivitySettings } from './activity-data.ts';

/** Settings → how long the activity log keeps its entries. */
export function ActivitySettingsSection() {
  const { t } = useTranslation();
  const id = useId();
  const settings = useActivitySettings();
  const save = useSaveActivitySettings();
  const [days, setDays] = useState<string | null>(null);
  const shown = days ?? String(settings.data?.retentionDays ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ retentionDays: Number(shown) }, { onSuccess: () => setDays(null) });
  };
  return (
    <section className="card" aria-labelledby={`${id}-heading`} data-settings-section="activity">
      <h2 id={`${id}-heading`} tabIndex={-1}>{t('activity.settings.region')}</h2>
      <form className="field" onSubmit={submit}>
        <label className="field-label" htmlFor={id}>
          {t('activity.settings.retention')}
        </label>
        <input id={id} type="number" min={1} max={3650} required value={shown} onChange={(event) => setDays(event.target.value)} aria-describedby={`${id}-help`} />
        <span id={`${id}-help`} className="field-help">
          {t('activity.settings.retentionHelp')}
        </span>
        <div>
          <button type="submit" className="button" disabled={save.isPending || days === null}>
            {t('activity.settings.save')}
          </button>
          {save.isSuccess && days === null && <span role="status"> {t('activity.settings.saved')}</span>}
        </div>
      </form>
      {(settings.error ?? save.error) && <ErrorNotice error={(settings.error ?? save.error)!} />}
    </section>
  );
}
