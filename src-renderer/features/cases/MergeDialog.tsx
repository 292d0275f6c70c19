import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CaseDetail } from '../../../src-shared/contract/cases.ts';
import { caseLabel, useCaseWrites, useOtherCases } from './cases-data.ts';
import { Dialog } from '../../ui/Dialog.tsx';
import { ErrorNotice } from '../../ui/ErrorNotice.tsx';
import { FormField } from '../../ui/FormField.tsx';
import { useWorkspaceStore } from '../../navigation/workspace-store.ts';

/** "Merge into…": every item and note of this case go into the one chosen, whose tab then opens; this one stays, closed, pointing at it. */
export function MergeDialog({ detail, onClose }: { detail: CaseDetail; onClose(): void }) {
  const { t } = useTranslation();
  const others = useOtherCases(detail.id);
  const { merge } = useCaseWrites();
  const navigate = useWorkspaceStore((state) => state.navigate);
  const [into, setInto] = useState('');
  const choices = others.data ?? [];
  const chosen = into || choices[0]?.id || '';
  return (
    <Dialog title={t('cases.merge.title', { case: detail.number })} onClose={onClose}>
      <form
        className="case-form"
        onSubmit={(event) => {
          event.preventDefault();
          void merge.mutateAsync({ caseId: detail.id, intoCaseId: chosen }).then((merged) => {
            onClose();
            navigate({ kind: 'case', params: { caseId: merged.id } });
          }, () => undefined);
        }}
      >
        <p className="muted">{t('cases.merge.explain', { case: detail.number })}</p>
        {others.data && choices.length === 0 ? (
          <p className="muted">{t('cases.merge.noOther')}</p>
        ) : (
          <FormField label={t('cases.merge.into')}>
            <select value={chosen} data-autofocus onChange={(event) => setInto(event.target.value)}>
              {choices.map((found) => (
                <option key={found.id} value={found.id}>
                  {caseLabel(found)}
                </option>
              ))}
            </select>
          </FormField>
        )}
        {merge.error && <ErrorNotice error={merge.error} title={t('cases.merge.failed')} />}
        <div className="dialog-actions">
          <button type="button" className="button" onClick={onClose}>
            {t('cases.create.cancel')}
          </button>
          <button type="submit" className="button-primary" disabled={chosen === '' || merge.isPending}>
            {t('cases.merge.submit')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
