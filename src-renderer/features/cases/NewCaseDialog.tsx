import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { caseSeverities, MAX_CASE_ITEMS_PER_CALL } from '../../../src-shared/case-constants.ts';
import type { AlertsChosenForCase, CaseDetail, CaseItemRef, CaseSeverity } from '../../../src-shared/contract/cases.ts';
import { Dialog } from '../../ui/Dialog.tsx';
import { ErrorNotice } from '../../ui/ErrorNotice.tsx';
import { FormField } from '../../ui/FormField.tsx';
import { useWorkspaceStore } from '../../navigation/workspace-store.ts';
import { useCaseWrites } from './cases-data.ts';
import './cases.css';

export interface NewCaseFrom {
  /** Alerts of one appliance (a selection, or all a filter matches), with how many when known. */
  alerts?: { chosen: AlertsChosenForCase; count: number | null; profileName: string };
  /** Items the case starts with (the one an "Add to case" was opened on). */
  items?: (CaseItemRef & { label?: string })[];
}

/** Tags as typed: comma separated, each trimmed, none empty. */
export const tagsOf = (typed: string): string[] => typed.split(/[,，]/).map((tag) => tag.trim()).filter(Boolean);

/** "New case": a title (suggested from what it starts with), a severity and tags; made at once, then its tab opens. */
export function NewCaseDialog({ from = {}, suggestedTitle = '', severity: suggestedSeverity = 'medium', onClose, onCreated }: {
  from?: NewCaseFrom;
  suggestedTitle?: string;
  severity?: CaseSeverity;
  onClose(): void;
  onCreated?(made: CaseDetail): void;
}) {
  const { t } = useTranslation();
  const { create } = useCaseWrites();
  const navigate = useWorkspaceStore((state) => state.navigate);
  const [title, setTitle] = useState(suggestedTitle);
  const [severity, setSeverity] = useState<CaseSeverity>(suggestedSeverity);
  const [tags, setTags] = useState('');
  const dialogTitle = from.alerts?.count ? t('cases.create.fromAlerts', { count: from.alerts.count }) : t('cases.create.title');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const made = await create.mutateAsync({ title, severity, tags: tagsOf(tags), items: from.items ?? [], ...(from.alerts && { alerts: from.alerts.chosen }) }).catch(() => null);
    if (!made) return;
    onCreated?.(made);
    onClose();
    navigate({ kind: 'case', params: { caseId: made.id } });
  };

  return (
    <Dialog title={dialogTitle} onClose={onClose}>
      <form className="case-form" aria-label={dialogTitle} onSubmit={(event) => void submit(event)}>
        {from.alerts && (
          <p role="status" className="muted">
            {from.alerts.count === null
              ? t('cases.create.matchingAdded', { profile: from.alerts.profileName, max: MAX_CASE_ITEMS_PER_CALL })
              : t('cases.create.alertsAdded', { count: from.alerts.count, profile: from.alerts.profileName })}
          </p>
        )}
        <FormField label={t('cases.create.caseTitle')}>
          <input value={title} maxLength={200} required data-autofocus onChange={(event) => setTitle(event.target.value)} />
        </FormField>
        <div className="field-row">
          <FormField label={t('cases.create.severity')}>
            <select value={severity} onChange={(event) => setSeverity(event.target.value as CaseSeverity)}>
              {caseSeverities.map((value) => (
                <option key={value} value={value}>
                  {t(`cases.severities.${value}`)}
                </option>
              ))}
            </select>
          </FormField>
          <FormField label={t('cases.create.tags')} help={t('cases.create.tagsHelp')}>
            <input value={tags} maxLength={400} onChange={(event) => setTags(event.target.value)} />
          </FormField>
        </div>
        {create.error && <ErrorNotice error={create.error} title={t('cases.create.failed')} />}
        <div className="dialog-actions">
          <button type="button" className="button" onClick={onClose}>
            {t('cases.create.cancel')}
          </button>
          <button type="submit" className="button-primary" disabled={create.isPending || title.trim() === ''}>
            {create.isPending ? t('cases.create.creating') : t('cases.create.submit')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
