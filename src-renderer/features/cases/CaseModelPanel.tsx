import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CaseDraft } from './case-draft.ts';
import { useReplyBoxInsert } from './case-draft.ts';
import { useCaseWrites } from './cases-data.ts';
import { copyText } from '../../ui/copy-text.ts';
import { ErrorNotice } from '../../ui/ErrorNotice.tsx';
import { useWorkspaceStore } from '../../navigation/workspace-store.ts';

/**
 * The model's proposal beside the timeline (a model proposes, the analyst decides): its text as it
 * streams, then to read and edit, and to keep where the analyst chooses: copied, as a note on the
 * case, or in the ticket's reply box. Nothing goes anywhere until one of those is clicked, and a
 * reply put in the box is sent only from the ticket.
 */
export function CaseModelPanel({ caseId, model }: { caseId: string; model: CaseDraft }) {
  const { t } = useTranslation();
  const { addNote } = useCaseWrites();
  const insert = useReplyBoxInsert();
  const navigate = useWorkspaceStore((state) => state.navigate);
  const [edited, setEdited] = useState<{ text: string; of: unknown } | null>(null);
  const [kept, setKept] = useState<'copied' | 'noted' | 'inReply' | null>(null);
  const { draft, started, refusal, kind } = model;
  if (kind === null) return null;
  const streaming = draft.state === 'streaming';
  const arrived = draft.state === 'idle' ? '' : draft.text;
  // The analyst's edit holds until the model writes again.
  const text = edited && edited.of === draft ? edited.text : arrived;
  const ticket = kind === 'customerUpdate' ? started?.ticket : null;
  const ready = !streaming && text.trim() !== '';
  const done = (what: typeof kept) => () => setKept(what);
  const again = () => {
    setEdited(null);
    setKept(null);
    model.ask(kind);
  };

  return (
    <section className="case-model" aria-label={t('cases.model.region')}>
      <div className="case-side-head">
        <h2 className="case-side-title">{t(kind === 'summary' ? 'cases.model.summaryTitle' : 'cases.model.updateTitle')}</h2>
        <button type="button" className="link-button" onClick={model.discard}>
          {t('cases.model.discard')}
        </button>
      </div>
      {refusal && <ErrorNotice error={refusal} title={t('cases.model.refused')} />}
      {started && (
        <p className="case-model-meta muted">
          {t('cases.model.proposal', { model: started.model })}{' '}
          {started.leftOut > 0 ? t('cases.model.leftOut', { events: started.events, count: started.leftOut }) : t('cases.model.events', { count: started.events })}
          {kind === 'customerUpdate' && <> {ticket ? t('cases.model.forTicket', { subject: ticket.subject ?? ticket.ticketId }) : t('cases.model.noTicket')}</>}
        </p>
      )}
      {!refusal && (
        <textarea
          className="case-model-text"
          aria-label={t(kind === 'summary' ? 'cases.model.summaryTitle' : 'cases.model.updateTitle')}
          aria-busy={streaming}
          readOnly={streaming}
          rows={9}
          value={streaming && text === '' ? '' : text}
          placeholder={streaming ? t('cases.model.writing') : ''}
          onChange={(event) => setEdited({ text: event.target.value, of: draft })}
        />
      )}
      {draft.state === 'ended' && draft.outcome === 'stopped' && <p className="muted">{t('cases.model.stopped')}</p>}
      {draft.state === 'ended' && draft.error && <ErrorNotice error={draft.error} title={t('cases.model.failed')} />}
      {draft.state === 'ended' && !draft.error && draft.outcome !== 'stopped' && arrived.trim() === '' && <p className="muted">{t('cases.model.empty')}</p>}
      <div className="case-model-actions">
        {streaming ? (
          <button type="button" className="button" onClick={model.stop}>
            {t('cases.model.stop')}
          </button>
        ) : (
          <button type="button" className="button" onClick={again}>
            {t('cases.model.again')}
          </button>
        )}
        <button type="button" className="button" disabled={!ready} onClick={() => void copyText(text).then((copied) => copied && setKept('copied'))}>
          {t('cases.model.copy')}
        </button>
        <button type="button" className="button" disabled={!ready || addNote.isPending} onClick={() => addNote.mutate({ caseId, body: text }, { onSuccess: done('noted') })}>
          {t('cases.model.asNote')}
        </button>
        {ticket && (
          <button type="button" className="button-primary" disabled={!ready || insert.isPending} onClick={() => insert.mutate({ profileId: ticket.profileId, ticketId: ticket.ticketId, text }, { onSuccess: done('inReply') })}>
            {t('cases.model.toReply')}
          </button>
        )}
      </div>
      {kept && (
        <p className="cases-said" role="status">
          {kept === 'copied' && t('cases.model.copied')}
          {kept === 'noted' && t('cases.model.noted')}
          {kept === 'inReply' && ticket && (
            <>
              {t('cases.model.inReply', { subject: ticket.subject ?? ticket.ticketId })}{' '}
              <button type="button" className="link-button" onClick={() => navigate({ kind: 'ticket', params: { profileId: ticket.profileId, ticketId: ticket.ticketId } })}>
                {t('cases.model.openTicket')}
              </button>
            </>
          )}
        </p>
      )}
      {addNote.error && <ErrorNotice error={addNote.error} title={t('cases.notes.failed')} />}
      {insert.error && <ErrorNotice error={insert.error} title={t('cases.model.failed')} />}
    </section>
  );
}
