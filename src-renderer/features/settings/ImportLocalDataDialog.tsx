import { useCallback, useState } from 'react';
import type { FormEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import type { LocalDataImportFile, LocalDataMergeCount, LocalDataProgress } from '../../../src-shared/contract/local-data.ts';
import { useFieldErrorText } from '../../language/use-error-text.ts';
import { Dialog } from '../../ui/Dialog.tsx';
import { ErrorNotice } from '../../ui/ErrorNotice.tsx';
import { FormField } from '../../ui/FormField.tsx';
import { useFormat } from '../../ui/format.ts';
import { Time } from '../../ui/Time.tsx';
import { useApplyImport, useCancelImport, useLocalDataProgress, usePreviewImport } from './use-local-data.ts';

/**
 * A file the analyst picked: its passphrase opens it (a wrong one is said on the field, nothing
 * changed); what merging would add, beside what is here already; then the merge, with progress, and
 * what it added.
 */
export function ImportLocalDataDialog({ file, onClose }: { file: LocalDataImportFile; onClose(): void }) {
  const { t } = useTranslation();
  const fieldErrorText = useFieldErrorText();
  const [passphrase, setPassphrase] = useState('');
  const [taskId, setTaskId] = useState<string | null>(null);
  const [progress, setProgress] = useState<LocalDataProgress | null>(null);
  const preview = usePreviewImport();
  const apply = useApplyImport();
  const cancel = useCancelImport();
  useLocalDataProgress(taskId, useCallback((next: LocalDataProgress) => setProgress(next), []));
  const close = () => {
    if (apply.isPending) return;
    if (!apply.isSuccess) cancel.mutate(file.importId);
    onClose();
  };
  const passphraseError = preview.error?.fieldErrors?.find((field) => field.path === 'passphrase');

  const open = (event: FormEvent) => {
    event.preventDefault();
    if (passphrase !== '') preview.mutate({ importId: file.importId, passphrase });
  };
  const merge = () => {
    const id = crypto.randomUUID();
    setTaskId(id);
    setProgress(null);
    apply.mutate({ importId: file.importId, taskId: id }, { onSettled: () => setTaskId(null) });
  };

  if (apply.data) {
    const added = apply.data.groups.reduce((sum, count) => sum + count.added, 0);
    const alreadyHere = apply.data.groups.reduce((sum, count) => sum + count.alreadyHere, 0);
    return (
      <Dialog title={t('localData.import.title')} onClose={onClose} wide>
        <p role="status">{t('localData.import.done', { added, alreadyHere })}</p>
        <MergeCounts counts={apply.data.groups} done />
        {apply.data.settingsAdded && <p className="local-data-note">{t('localData.import.settingsAtRestart')}</p>}
        <footer className="dialog-actions">
          <button type="button" className="button-primary" data-autofocus onClick={onClose}>
            {t('localData.import.close')}
          </button>
        </footer>
      </Dialog>
    );
  }

  if (preview.data) {
    const toAdd = preview.data.groups.reduce((sum, count) => sum + count.added, 0);
    return (
      <Dialog title={t('localData.import.title')} onClose={close} wide>
        <p className="muted">{t('localData.import.file', { file: file.fileName })}</p>
        <p>
          <Trans i18nKey="localData.import.previewIntro" components={{ at: <Time value={preview.data.exportedAt} /> }} />
        </p>
        <MergeCounts counts={preview.data.groups} done={false} />
        {toAdd === 0 && <p role="status">{t('localData.import.nothingNew')}</p>}
        {apply.isPending && progress && (
          <div className="local-data-progress" role="status">
            <span>{t('localData.import.merging')}</span>
            <progress aria-label={t('localData.import.progress')} max={progress.total} value={progress.done} />
          </div>
        )}
        {apply.error && <ErrorNotice error={apply.error} />}
        <footer className="dialog-actions">
          <button type="button" className="button" disabled={apply.isPending} onClick={close}>
            {toAdd === 0 ? t('localData.import.close') : t('localData.import.cancel')}
          </button>
          {toAdd > 0 && (
            <button type="button" className="button-primary" data-autofocus disabled={apply.isPending} onClick={merge}>
              {apply.isPending ? t('localData.import.merging') : t('localData.import.merge')}
            </button>
          )}
        </footer>
      </Dialog>
    );
  }

  return (
    <Dialog title={t('localData.import.title')} onClose={close}>
      <form className="local-data-form" onSubmit={open}>
        <p className="muted">{t('localData.import.file', { file: file.fileName })}</p>
        <FormField label={t('localData.passphrase.label')} error={passphraseError && fieldErrorText(passphraseError)} help={t('localData.import.passphraseHelp')}>
          <input type="password" autoComplete="off" spellCheck={false} value={passphrase} data-autofocus onChange={(event) => setPassphrase(event.target.value)} />
        </FormField>
        {preview.error && !passphraseError && <ErrorNotice error={preview.error} />}
        <footer className="dialog-actions">
          <button type="button" className="button" onClick={close}>
            {t('localData.import.cancel')}
          </button>
          <button type="submit" className="button-primary" disabled={preview.isPending || passphrase === ''}>
            {preview.isPending ? t('localData.import.opening') : t('localData.import.open')}
          </button>
        </footer>
      </form>
    </Dialog>
  );
}

/** Each kind of record: in the file, to add (or added), already here, and not added when any clashed. */
function MergeCounts({ counts, done }: { counts: LocalDataMergeCount[]; done: boolean }) {
  const { t } = useTranslation();
  const format = useFormat();
  const conflicting = counts.some((count) => count.conflicting > 0);
  return (
    <>
      <table className="local-data-counts" aria-label={t('localData.import.summary')}>
        <thead>
          <tr>
            <th scope="col">{t('localData.import.columns.what')}</th>
            <th scope="col">{t('localData.import.columns.inFile')}</th>
            <th scope="col">{t(done ? 'localData.import.columns.added' : 'localData.import.columns.toAdd')}</th>
            <th scope="col">{t('localData.import.columns.alreadyHere')}</th>
            {conflicting && <th scope="col">{t('localData.import.columns.conflicting')}</th>}
          </tr>
        </thead>
        <tbody>
          {counts.filter((count) => count.inFile > 0).map((count) => (
            <tr key={count.group}>
              <th scope="row">{t(`localData.groups.${count.group}`)}</th>
              <td>{format.number(count.inFile)}</td>
              <td className={count.added > 0 ? 'local-data-added' : undefined}>{format.number(count.added)}</td>
              <td>{format.number(count.alreadyHere)}</td>
              {conflicting && <td>{format.number(count.conflicting)}</td>}
            </tr>
          ))}
        </tbody>
      </table>
      {conflicting && <p className="field-help">{t('localData.import.conflictingHelp')}</p>}
    </>
  );
}
