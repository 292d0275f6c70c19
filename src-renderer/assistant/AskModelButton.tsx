import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { IpcError, IpcResult } from '../../src-preload/contract/define.ts';
import { Dialog } from '../ui/Dialog.tsx';
import { ErrorNotice } from '../ui/ErrorNotice.tsx';
import { useWorkspaceStore } from '../workspace/workspace-store.ts';
import { startTriage, useAssistantSettings } from './assistant-data.ts';
import { ModelAtWorkMissing } from './ModelAtWorkMissing.tsx';
import './assistant.css';

/** What is asked about: alerts by id (one, or a set the caller reads when clicked), or an address card's address. */
export type TriageSubject =
  | { kind: 'alerts'; ids: string[] }
  | { kind: 'matching'; count: number; ids(): Promise<IpcResult<string[]>> }
  | { kind: 'address'; address: string };

const countOf = (subject: TriageSubject) => (subject.kind === 'alerts' ? subject.ids.length : subject.kind === 'matching' ? subject.count : 1);

/**
 * "Ask the model" about alerts: opens a conversation with the model at work in its own tab. Asks
 * first when more alerts than the bulk limit would be sent; says how to set a model up when none is.
 */
export function AskModelButton({ profileId, subject }: { profileId: string; subject: TriageSubject }) {
  const { t } = useTranslation();
  const settings = useAssistantSettings();
  const navigate = useWorkspaceStore((state) => state.navigate);
  const [includeRelated, setIncludeRelated] = useState(false);
  const [state, setState] = useState<{ kind: 'idle' | 'asking' | 'confirming' } | { kind: 'failed'; error: IpcError }>({ kind: 'idle' });
  if (!settings.data) return null;
  const atWork = settings.data.modelAtWork;
  if (!atWork) return <ModelAtWorkMissing />;
  const count = countOf(subject);
  const overLimit = subject.kind !== 'address' && count > settings.data.bulkLimit;

  const ask = async (confirmedBulk: boolean) => {
    setState({ kind: 'asking' });
    let target: { alertIds: string[] } | { address: string };
    if (subject.kind === 'address') target = { address: subject.address };
    else if (subject.kind === 'alerts') target = { alertIds: subject.ids };
    else {
      const ids = await subject.ids();
      if (!ids.ok) return setState({ kind: 'failed', error: ids.error });
      target = { alertIds: ids.data };
    }
    const result = await startTriage({ profileId, ...target, includeRelated, confirmedBulk });
    if (!result.ok) return setState({ kind: 'failed', error: result.error });
    setState({ kind: 'idle' });
    navigate({ kind: 'conversation', params: { id: result.data.id } });
  };

  return (
    <div className="ask-model">
      <button
        type="button"
        className="button"
        disabled={state.kind === 'asking' || count === 0}
        title={atWork.model}
        onClick={() => (overLimit ? setState({ kind: 'confirming' }) : void ask(false))}
      >
        {state.kind === 'asking' ? t('assistant.triage.asking') : subject.kind === 'matching' ? t('assistant.triage.askSelection', { count }) : t('assistant.triage.ask')}
      </button>
      <label className="checkbox ask-model-related">
        <input type="checkbox" checked={includeRelated} onChange={(event) => setIncludeRelated(event.target.checked)} />
        {t('assistant.triage.includeRelated')}
      </label>
      {state.kind === 'failed' && <ErrorNotice error={state.error} title={t('assistant.triage.notAsked')} />}
      {state.kind === 'confirming' && (
        <Dialog title={t('assistant.triage.bulkTitle', { count })} onClose={() => setState({ kind: 'idle' })}>
          <p>{t('assistant.triage.bulkBody', { limit: settings.data.bulkLimit, model: atWork.model })}</p>
          <div className="dialog-actions">
            <button type="button" className="button" onClick={() => setState({ kind: 'idle' })}>
              {t('assistant.triage.cancel')}
            </button>
            <button type="button" className="button-primary" onClick={() => void ask(true)}>
              {t('assistant.triage.bulkConfirm')}
            </button>
          </div>
        </Dialog>
      )}
    </div>
  );
}
