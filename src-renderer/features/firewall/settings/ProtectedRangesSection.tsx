import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { IpcError } from '../../../../src-shared/contract/define.ts';
import type { ProtectedRanges } from '../../../../src-shared/contract/firewall.ts';
import { useFieldErrorText } from '../../../language/use-error-text.ts';
import { ErrorNotice } from '../../../ui/ErrorNotice.tsx';
import { useProtectedRanges, useSaveProtectedRanges } from '../firewall-data.ts';
import { SaveActions, saveWords } from './SaveActions.tsx';

/** The analyst's own networks, asked about again before a block: one list for every appliance. */
export function ProtectedRangesSection() {
  const { t } = useTranslation();
  const loaded = useProtectedRanges();
  return (
    <section className="card fw-settings" aria-label={t('firewall.protectedRanges.title')}>
      <h2>{t('firewall.protectedRanges.title')}</h2>
      <p className="muted">{t('firewall.protectedRanges.intro')}</p>
      {loaded.isPending && <p className="muted">{t('firewall.protectedRanges.reading')}</p>}
      {loaded.isError && <ErrorNotice error={loaded.error} />}
      {loaded.isSuccess && <ProtectedRangesForm initial={loaded.data} />}
    </section>
  );
}

function ProtectedRangesForm({ initial }: { initial: ProtectedRanges }) {
  const { t } = useTranslation();
  const save = useSaveProtectedRanges();
  const fieldErrorText = useFieldErrorText();
  const [draft, setDraft] = useState(initial);
  const [state, setState] = useState<{ kind: 'idle' | 'saving' | 'saved' } | { kind: 'failed'; error: IpcError }>({ kind: 'idle' });
  const change = (next: ProtectedRanges) => {
    setDraft(next);
    setState({ kind: 'idle' });
  };
  const setRange = (index: number, values: Partial<ProtectedRanges['ranges'][number]>) =>
    change({ ...draft, ranges: draft.ranges.map((range, i) => (i === index ? { ...range, ...values } : range)) });
  const error = state.kind === 'failed' ? state.error : null;
  const problemOf = (index: number) => {
    const refused = error?.fieldErrors?.find((candidate) => candidate.path.startsWith(`ranges.${index}.`));
    return refused && fieldErrorText(refused);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setState({ kind: 'saving' });
    // Rows left empty are not ranges: they go rather than fail the save.
    const result = await save({ ...draft, ranges: draft.ranges.filter((range) => range.range.trim() !== '') });
    if (result.ok) setDraft(result.data);
    setState(result.ok ? { kind: 'saved' } : { kind: 'failed', error: result.error });
  };

  return (
    <form onSubmit={(event) => void submit(event)}>
      <label className="checkbox">
        <input type="checkbox" checked={draft.enabled} onChange={(event) => change({ ...draft, enabled: event.target.checked })} /> {t('firewall.protectedRanges.enabled')}
      </label>
      <table className="fw-table protected-ranges">
        <thead>
          <tr>
            <th scope="col">{t('firewall.protectedRanges.range')}</th>
            <th scope="col">{t('firewall.protectedRanges.label')}</th>
            <th scope="col">
              <span className="visually-hidden">{t('firewall.list.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {draft.ranges.map((range, index) => (
            // Rows have no id of their own; the list changes only by this form's own edits.
            <tr key={index}>
              <td className={problemOf(index) ? 'field-invalid' : undefined}>
                <input aria-label={t('firewall.protectedRanges.range')} value={range.range} onChange={(event) => setRange(index, { range: event.target.value })} placeholder={t('firewall.protectedRanges.rangePlaceholder')} />
                {problemOf(index) && <span className="field-error">{problemOf(index)}</span>}
              </td>
              <td>
                <input aria-label={t('firewall.protectedRanges.label')} value={range.label} maxLength={100} onChange={(event) => setRange(index, { label: event.target.value })} placeholder={t('firewall.protectedRanges.labelPlaceholder')} />
              </td>
              <td className="fw-row-actions">
                <button
                  type="button"
                  className="button"
                  aria-label={t('firewall.protectedRanges.remove', { range: range.range })}
                  onClick={() => change({ ...draft, ranges: draft.ranges.filter((_, i) => i !== index) })}
                >
                  ×
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <button type="button" className="button" onClick={() => change({ ...draft, ranges: [...draft.ranges, { range: '', label: '' }] })}>
        {t('firewall.protectedRanges.add')}
      </button>
      <SaveActions words={saveWords(t, 'firewall.protectedRanges')} busy={state.kind === 'saving'} saved={state.kind === 'saved'} error={error} />
    </form>
  );
}
