import { useState } from 'react';
import type { ReactNode } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { caseSeverities, caseStatuses } from '../../../src-shared/case-constants.ts';
import type { CaseDetail, CaseSeverity, CaseStatus } from '../../../src-shared/contract/cases.ts';
import { useCaseWrites } from './cases-data.ts';
import { tagsOf } from './NewCaseDialog.tsx';
import { ErrorNotice } from '../../ui/ErrorNotice.tsx';
import { Time } from '../../ui/Time.tsx';

/** The case's facts on one line, each changed where it is shown: title, status, severity, tags; its owner and times; its actions. */
export function CaseHeader({ detail, onAct, actions }: { detail: CaseDetail; onAct(acting: 'add' | 'merge' | 'brief'): void; actions?: ReactNode }) {
  const { t } = useTranslation();
  const { update, exportFile, exportPdf } = useCaseWrites();
  const [renaming, setRenaming] = useState<string | null>(null);
  const [tag, setTag] = useState('');
  const change = (fields: Omit<Parameters<typeof update.mutate>[0], 'caseId'>) => update.mutate({ caseId: detail.id, ...fields });
  const rename = (event: FormEvent) => {
    event.preventDefault();
    if (renaming && renaming.trim() !== '') change({ title: renaming.trim() });
    setRenaming(null);
  };
  const addTag = (event: FormEvent) => {
    event.preventDefault();
    const added = tagsOf(tag);
    if (added.length > 0) change({ tags: [...detail.tags, ...added] });
    setTag('');
  };
  const merged = detail.mergedInto !== null;

  return (
    <header className="case-header">
      <div className="case-heading">
        <span className="case-number mono">#{detail.number}</span>
        {renaming === null ? (
          <h1 className="case-title">
            <button type="button" className="case-title-button" title={t('cases.view.rename')} onClick={() => setRenaming(detail.title)}>
              {detail.title}
            </button>
          </h1>
        ) : (
          <form className="case-rename" onSubmit={rename}>
            <input aria-label={t('cases.view.editTitle')} value={renaming} maxLength={200} autoFocus onChange={(event) => setRenaming(event.target.value)} onKeyDown={(event) => event.key === 'Escape' && setRenaming(null)} />
            <button type="submit" className="button">
              {t('cases.view.save')}
            </button>
            <button type="button" className="link-button" onClick={() => setRenaming(null)}>
              {t('cases.view.cancel')}
            </button>
          </form>
        )}
        <div className="case-actions" role="toolbar" aria-label={t('cases.view.actions')}>
          {actions}
          <button type="button" className="button" disabled={merged} onClick={() => onAct('add')}>
            {t('cases.view.addItems')}
          </button>
          <button type="button" className="button" disabled={merged} onClick={() => onAct('merge')}>
            {t('cases.view.merge')}
          </button>
          <button type="button" className="button" onClick={() => onAct('brief')}>
            {t('cases.view.brief')}
          </button>
          <button type="button" className="button" disabled={exportFile.isPending} onClick={() => exportFile.mutate(detail.id)}>
            {t('cases.view.export')}
          </button>
          <button type="button" className="button" disabled={exportPdf.isPending} onClick={() => exportPdf.mutate(detail.id)}>
            {t('cases.view.exportPdf')}
          </button>
        </div>
      </div>
      <div className="case-facts">
        <label className="case-fact">
          <span className="case-fact-label">{t('cases.view.status')}</span>
          <select value={detail.status} className={`case-status-select case-status-${detail.status}`} onChange={(event) => change({ status: event.target.value as CaseStatus })}>
            {caseStatuses.map((status) => (
              <option key={status} value={status}>
                {t(`cases.statuses.${status}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="case-fact">
          <span className="case-fact-label">{t('cases.view.severity')}</span>
          <select value={detail.severity} className={`case-severity-select case-severity-${detail.severity}`} onChange={(event) => change({ severity: event.target.value as CaseSeverity })}>
            {caseSeverities.map((severity) => (
              <option key={severity} value={severity}>
                {t(`cases.severities.${severity}`)}
              </option>
            ))}
          </select>
        </label>
        <span className="case-fact case-tags" role="group" aria-label={t('cases.view.tags')}>
          <span className="case-fact-label">{t('cases.view.tags')}</span>
          {detail.tags.map((name) => (
            <span key={name} className="case-tag">
              {name}
              <button type="button" className="case-tag-remove" aria-label={t('cases.view.removeTag', { tag: name })} onClick={() => change({ tags: detail.tags.filter((other) => other !== name) })}>
                ×
              </button>
            </span>
          ))}
          <form onSubmit={addTag} className="case-tag-form">
            <input className="case-tag-input" aria-label={t('cases.view.addTag')} placeholder={t('cases.view.addTag')} value={tag} maxLength={120} onChange={(event) => setTag(event.target.value)} />
          </form>
        </span>
        <span className="case-fact">
          <span className="case-fact-label">{t('cases.view.owner')}</span> {detail.owner ?? t('cases.noOwner')}
        </span>
        <span className="case-fact">
          <span className="case-fact-label">{t('cases.view.opened')}</span> <Time value={detail.createdAt} compact />
        </span>
        <span className="case-fact">
          <span className="case-fact-label">{t('cases.view.updated')}</span> <Time value={detail.updatedAt} compact />
        </span>
        <span className="case-fact muted">{t('cases.view.items', { count: detail.itemCount })}</span>
      </div>
      {update.error && <ErrorNotice error={update.error} title={t('cases.view.saveFailed')} />}
      {exportFile.data?.path && (
        <p className="cases-said" role="status">
          {t('cases.view.exported', { count: exportFile.data.events, path: exportFile.data.path })}
        </p>
      )}
      {exportFile.error && <ErrorNotice error={exportFile.error} title={t('cases.view.exportFailed')} />}
      {exportPdf.data?.path && (
        <p className="cases-said" role="status">
          {t('cases.view.exportedPdf', { count: exportPdf.data.events, path: exportPdf.data.path })}
        </p>
      )}
      {exportPdf.error && <ErrorNotice error={exportPdf.error} title={t('cases.view.exportPdfFailed')} />}
    </header>
  );
}
