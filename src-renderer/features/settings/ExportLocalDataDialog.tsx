import { useCallback, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { LocalDataProgress } from '../../../src-shared/contract/local-data.ts';
import { PASSPHRASE_MIN_LENGTH, passphraseStrength } from '../../../src-shared/passphrase-strength.ts';
import { Dialog } from '../../ui/Dialog.tsx';
import { ErrorNotice } from '../../ui/ErrorNotice.tsx';
import { FormField } from '../../ui/FormField.tsx';
import { useFormat } from '../../ui/format.ts';
import { useExportLocalData, useLocalDataProgress } from './use-local-data.ts';

const STRENGTH_LEVELS = ['tooShort', 'weak', 'fair', 'strong'] as const;

/** The passphrase twice, with how hard it is to guess; then main's save dialog, the file written with progress, and what it holds. */
export function ExportLocalDataDialog({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  const format = useFormat();
  const [passphrase, setPassphrase] = useState('');
  const [repeat, setRepeat] = useState('');
  const [tried, setTried] = useState(false);
  const [taskId, setTaskId] = useState<string | null>(null);
  const [progress, setProgress] = useState<LocalDataProgress | null>(null);
  const exporting = useExportLocalData();
  useLocalDataProgress(taskId, useCallback((next: LocalDataProgress) => setProgress(next), []));
  const strength = passphraseStrength(passphrase);
  const tooShort = strength === 'tooShort';
  const mismatch = repeat !== passphrase;
  // Said once the second one is as long as the first, or at the try.
  const showMismatch = mismatch && (tried || (repeat !== '' && repeat.length >= passphrase.length));
  const written = exporting.data?.path ? exporting.data : null;
  const close = () => {
    if (!exporting.isPending) onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (tooShort || mismatch) return;
    const id = crypto.randomUUID();
    setTaskId(id);
    setProgress(null);
    exporting.mutate({ taskId: id, passphrase }, { onSettled: () => setTaskId(null) });
  };

  if (written) {
    return (
      <Dialog title={t('localData.export.title')} onClose={onClose}>
        <p role="status">{t('localData.export.done', { file: fileName(written.path!) })}</p>
        <table className="local-data-counts" aria-label={t('localData.export.doneCount')}>
          <thead>
            <tr>
              <th scope="col">{t('localData.import.columns.what')}</th>
              <th scope="col">{t('localData.export.rows')}</th>
            </tr>
          </thead>
          <tbody>
            {written.groups.filter(({ rows }) => rows > 0).map(({ group, rows }) => (
              <tr key={group}>
                <th scope="row">{t(`localData.groups.${group}`)}</th>
                <td>{format.number(rows)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="muted">{t('localData.passphrase.notStored')}</p>
        <footer className="dialog-actions">
          <button type="button" className="button-primary" data-autofocus onClick={onClose}>
            {t('localData.export.close')}
          </button>
        </footer>
      </Dialog>
    );
  }

  return (
    <Dialog title={t('localData.export.title')} onClose={close}>
      <form className="local-data-form" onSubmit={submit} noValidate>
        <FormField
          label={t('localData.passphrase.label')}
          error={tried && tooShort ? t('fieldErrors.passphrase_too_short') : undefined}
          help={t('localData.passphrase.help', { min: PASSPHRASE_MIN_LENGTH })}
        >
          <input type="password" autoComplete="new-password" spellCheck={false} value={passphrase} data-autofocus onChange={(event) => setPassphrase(event.target.value)} />
        </FormField>
        <div className={`passphrase-strength passphrase-${strength}`} aria-live="polite">
          <meter min={0} max={3} low={1.5} high={2.5} optimum={3} value={STRENGTH_LEVELS.indexOf(strength)} aria-label={t('localData.passphrase.strengthMeter')} />
          <span>{t('localData.passphrase.strength', { level: t(`localData.passphrase.levels.${strength}`) })}</span>
        </div>
        <FormField label={t('localData.passphrase.repeat')} error={showMismatch ? t('localData.passphrase.mismatch') : undefined}>
          <input type="password" autoComplete="new-password" spellCheck={false} value={repeat} onChange={(event) => setRepeat(event.target.value)} />
        </FormField>
        <p className="local-data-note">{t('localData.passphrase.notStored')}</p>
        {exporting.isPending && progress && (
          <div className="local-data-progress" role="status">
            <span>{t(progress.phase === 'reading' ? 'localData.export.reading' : 'localData.export.writing')}</span>
            <progress aria-label={t('localData.export.progress')} max={progress.total} value={progress.done} />
          </div>
        )}
        {exporting.error && <ErrorNotice error={exporting.error} />}
        <footer className="dialog-actions">
          <button type="button" className="button" disabled={exporting.isPending} onClick={onClose}>
            {t('localData.export.cancel')}
          </button>
          <button type="submit" className="button-primary" disabled={exporting.isPending}>
            {t('localData.export.choose')}
          </button>
        </footer>
      </form>
    </Dialog>
  );
}

/** The file's own name, not the folders above it. */
export const fileName = (path: string) => path.split(/[\\/]/).at(-1) ?? path;
