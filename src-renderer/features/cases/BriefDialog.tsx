import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CaseDetail } from '../../../src-shared/contract/cases.ts';
import { useCaseBrief } from './cases-data.ts';
import { copyText } from '../../ui/copy-text.ts';
import { Dialog } from '../../ui/Dialog.tsx';
import { ErrorNotice } from '../../ui/ErrorNotice.tsx';

/** The hand-over brief as main writes it (Markdown), to read and copy for the next shift. */
export function BriefDialog({ detail, onClose }: { detail: CaseDetail; onClose(): void }) {
  const { t } = useTranslation();
  const brief = useCaseBrief(detail.id);
  const [copied, setCopied] = useState(false);
  const title = t('cases.brief.title', { case: detail.number });
  return (
    <Dialog title={title} onClose={onClose} wide>
      {brief.error && <ErrorNotice error={brief.error} title={t('cases.brief.failed')} />}
      <textarea className="case-brief code-text" aria-label={title} readOnly rows={22} value={brief.data ?? ''} />
      <div className="dialog-actions">
        {copied && (
          <span role="status" className="muted">
            {t('cases.brief.copied')}
          </span>
        )}
        <button type="button" className="button" disabled={!brief.data} onClick={() => void copyText(brief.data ?? '').then(setCopied)}>
          {t('cases.brief.copy')}
        </button>
        <button type="button" className="button-primary" data-autofocus onClick={onClose}>
          {t('cases.brief.close')}
        </button>
      </div>
    </Dialog>
  );
}
