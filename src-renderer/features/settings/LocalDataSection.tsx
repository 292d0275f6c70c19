import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { KeptDays, LocalDataImportFile, RetentionKind } from '../../../src-shared/contract/local-data.ts';
import { ErrorNotice } from '../../ui/ErrorNotice.tsx';
import { ExportLocalDataDialog } from './ExportLocalDataDialog.tsx';
import { ImportLocalDataDialog } from './ImportLocalDataDialog.tsx';
import { useChooseImport, useRetention, useSaveRetention } from './use-local-data.ts';
import './local-data.css';

const CHOICES: { days: KeptDays; word: string }[] = [
  { days: 30, word: 'days30' },
  { days: 90, word: 'days90' },
  { days: 365, word: 'days365' },
  { days: null, word: 'forever' },
];

/** Settings → Data on this computer: the analyst's own records out to a file and back, and how long each cache keeps its rows. */
export function LocalDataSection() {
  const { t } = useTranslation();
  const id = useId();
  const [exporting, setExporting] = useState(false);
  const [importing, setImporting] = useState<LocalDataImportFile | null>(null);
  const choose = useChooseImport();

  return (
    <section className="card local-data" aria-labelledby={`${id}-heading`} data-settings-section="data">
      <h2 id={`${id}-heading`} tabIndex={-1}>
        {t('localData.region')}
      </h2>
      <p className="muted">{t('localData.intro')}</p>
      <div className="local-data-actions">
        <button type="button" className="button" onClick={() => setExporting(true)}>
          {t('localData.exportButton')}
        </button>
        <button type="button" className="button" disabled={choose.isPending} onClick={() => choose.mutate(undefined, { onSuccess: (file) => file && setImporting(file) })}>
          {t('localData.importButton')}
        </button>
      </div>
      {choose.error && <ErrorNotice error={choose.error} />}
      <RetentionSettings />
      {exporting && <ExportLocalDataDialog onClose={() => setExporting(false)} />}
      {importing && <ImportLocalDataDialog file={importing} onClose={() => setImporting(null)} />}
    </section>
  );
}

function RetentionSettings() {
  const { t } = useTranslation();
  const id = useId();
  const retention = useRetention();
  const save = useSaveRetention();
  const [changed, setChanged] = useState<RetentionKind | null>(null);
  const choose = (kind: RetentionKind, value: string) => {
    if (!retention.data) return;
    setChanged(kind);
    save.mutate({ ...retention.data, [kind]: value === 'forever' ? null : Number(value) });
  };

  return (
    <div className="retention" role="group" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`}>{t('localData.retention.heading')}</h3>
      <p className="muted">{t('localData.retention.intro')}</p>
      <div className="retention-grid">
        {/* The kinds main keeps a limit for, in its order. */}
        {(Object.keys(retention.data ?? {}) as RetentionKind[]).map((kind) => (
          <div key={kind} className="retention-row">
            <label htmlFor={`${id}-${kind}`}>{t(`localData.retention.kinds.${kind}`)}</label>
            <select
              id={`${id}-${kind}`}
              value={String(retention.data![kind] ?? 'forever')}
              disabled={save.isPending}
              onChange={(event) => choose(kind, event.target.value)}
            >
              {CHOICES.map(({ days, word }) => (
                <option key={word} value={days ?? 'forever'}>
                  {t(`localData.retention.choices.${word}`)}
                </option>
              ))}
            </select>
            <span className="retention-saved" role="status">
              {changed === kind && save.isSuccess ? t('localData.retention.saved') : ''}
            </span>
          </div>
        ))}
        <div className="retention-row">
          <span>{t('localData.retention.alerts')}</span>
          <span className="muted retention-where">{t('localData.retention.alertsWhere')}</span>
        </div>
      </div>
      <p className="field-help">{t('localData.retention.help')}</p>
      {(retention.error ?? save.error) && <ErrorNotice error={(retention.error ?? save.error)!} />}
    </div>
  );
}
