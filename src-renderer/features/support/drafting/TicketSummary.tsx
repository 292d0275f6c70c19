import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { IpcError } from '../../../../src-shared/contract/define.ts';
import type { TicketSummary as Summary } from '../../../../src-shared/contract/drafting.ts';
import { DraftNotice, DraftRefused } from './DraftNotice.tsx';
import { draftingCalls } from './drafting-data.ts';
import { useDraftStream } from '../../assistant/index.ts';

/** Summarise: the summary the support site keeps for the ticket's chat session, or the model's, streamed. */
export function TicketSummary({ profileId, ticketId }: { profileId: string; ticketId: string }) {
  const { t } = useTranslation();
  const stream = useDraftStream();
  const [summary, setSummary] = useState<Summary | null>(null);
  const [refusal, setRefusal] = useState<IpcError | null>(null);
  const [asked, setAsked] = useState(false);
  const { draft } = stream;

  const summarise = () => {
    setAsked(true);
    setRefusal(null);
    setSummary(null);
    void stream.start((taskId) => draftingCalls().summariseTicket({ profileId, ticketId, taskId })).then((answer) => {
      if (!answer.ok) return setRefusal(answer.error);
      setSummary(answer.data);
      // The site's own summary comes whole: no model is writing.
      if (answer.data.source === 'session') stream.clear();
    });
  };

  const text = summary?.source === 'session' ? summary.text : draft.state === 'idle' ? '' : draft.text;
  return (
    <>
      <div className="si-summary-actions">
        {draft.state === 'streaming' ? (
          <button type="button" className="button" onClick={stream.stop}>
            {t('drafting.stop')}
          </button>
        ) : (
          <button type="button" className="button" onClick={summarise}>
            {asked ? t('drafting.summary.again') : t('drafting.summary.summarise')}
          </button>
        )}
      </div>
      {asked && (
        <section className="si-summary" aria-label={t('drafting.summary.region')}>
          <h3>{t('drafting.summary.region')}</h3>
          {summary && (
            <p className="muted">
              {summary.source === 'session' ? t('drafting.summary.fromSession', { session: summary.sessionId }) : t('drafting.summary.fromModel', { model: summary.model })}
            </p>
          )}
          {refusal && <DraftRefused error={refusal} />}
          {draft.state === 'streaming' && !text && (
            <p className="muted" role="status">
              {t('drafting.writing')}
            </p>
          )}
          {text && <p className="si-message-text si-server-text">{text}</p>}
          {summary?.source === 'model' && <DraftNotice draft={draft} />}
        </section>
      )}
    </>
  );
}
