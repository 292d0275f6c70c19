import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { IpcError, IpcResult } from '../../../src-shared/contract/define.ts';
import { Dialog } from '../../ui/Dialog.tsx';
import { ErrorNotice } from '../../ui/ErrorNotice.tsx';
import { useWorkspaceStore } from '../../navigation/workspace-store.ts';
import { startTriage, useAssistantSettings } from './assistant-data.ts';
import { ModelAtWorkMissing } from './ModelAtWorkMissing.tsx';
import './assistant.css';

/** What is asked about: alerts by id (one, or a set the caller reads when clicked), or an address card's address. */
export type TriageSubject =
  | { kind: 'alerts'; ids: string[] }
  | { kind: 'matching'; count: number; ids(): Promise<IpcResult<string[]>> }
  | { kind: 'address'; address: string };

const countOf = (subject: TriageSubject) => (subject.kind === 'alerts' ? subject.ids.length : subject.kind === 'matching' ? subject.count : 1);

/** What main asks the analyst to confirm: every alert the prompt would carry, the related ones among them. */
interface BulkQuestion {
  limit: number;
  count: number;
  related: number;
}

function bulkQuestionOf(error: IpcError): BulkQuestion | null {
  const { context, limit, count, related } = error.params ?? {};
  return context === 'bulk_unconfirmed' && typeof limit === 'number' && typeof count === 'number' ? { limit, count, related: typeof related === 'number' ? related : 0 } : null;
}

/**
 * "Ask the model" about alerts: opens a conversation with the model at work in its own tab. Main
 * counts what the prompt would carry and asks first when that is more than the bulk limit; the
 * analyst is told how many and agrees to that many. Says how to set a model up when none is.
 */
export function AskModelButton({ profileId, subject }: { profileId: string; subject: TriageSubject }) {
  const { t } = useTranslation();
  const settings = useAssistantSettings();
  const navigate = useWorkspaceStore((state) => state.navigate);
  const [includeRelated, setIncludeRelated] = useState(false);
  const [state, setState] = useState<{ kind: 'idle' | 'asking' } | { kind: 'confirming'; question: BulkQuestion } | { kind: 'failed'; error: IpcError }>({ kind: 'idle' });
  if (!settings.data) return null;
  const atWork = settings.data.modelAtWork;
  if (!atWork) return <ModelAtWorkMissing />;
  const count = countOf(subject);

  const ask = async (confirmedCount?: number) => {
    setState({ kind: 'asking' });
    let target: { alertIds: string[] } | { address: string };
    if (subject.kind === 'address') target = { address: subject.address };
    else if (subject.kind === 'alerts') target = { alertIds: subject.ids };
    else {
      const ids = await subject.ids();
      if (!ids.ok) return setState({ kind: 'failed', error: ids.error });
      target = { alertIds: ids.data };
    }
    const result = await startTriage({ profileId, ...target, includeRelated, ...(confirmedCount !== undefined && { confirmedCount }) });
    if (!result.ok) {
      const question = bulkQuestionOf(result.error);
      return setState(question ? { kind: 'confirming', question } : { kind: 'failed', error: result.error });
    }
    setState({ kind: 'idle' });
    navigate({ kind: 'conversation', params: { id: result.data.id } });
  };

  return (
    <div className="ask-model">
      <button type="button" className="button" disabled={state.kind === 'asking' || count === 0} title={atWork.model} onClick={() => void ask()}>
        {state.kind === 'asking' ? t('assistant.triage.asking') : subject.kind === 'matching' ? t('assistant.triage.askSelection', { count }) : t('assistant.triage.ask')}
      </button>
      <label className="checkbox ask-model-related">
        <input type="checkbox" checked={includeRelated} onChange={(event) => setIncludeRelated(event.target.checked)} />
        {t('assistant.triage.includeRelated')}
      </label>
      {state.kind === 'failed' && <ErrorNotice error={state.error} title={t('assistant.triage.notAsked')} />}
      {state.kind === 'confirming' && (
        <Dialog title={t('assistant.triage.bulkTitle', { count: state.question.count })} onClose={() => setState({ kind: 'idle' })}>
          <p>{t('assistant.triage.bulkBody', { limit: state.question.limit, model: atWork.model })}</p>
          {state.question.related > 0 && <p>{t('assistant.triage.bulkRelated', { count: state.question.related })}</p>}
          <div className="dialog-actions">
            <button type="button" className="button" onClick={() => setState({ kind: 'idle' })}>
              {t('assistant.triage.cancel')}
            </button>
            <button type="button" className="button-primary" onClick={() => void ask(state.question.count)}>
              {t('assistant.triage.bulkConfirm')}
            </button>
          </div>
        </Dialog>
      )}
    </div>
  );
}
