import { useTranslation } from 'react-i18next';
import { supportCalls, useSupportRemote } from '../support-data.ts';
import { ErrorNotice } from '../../../ui/ErrorNotice.tsx';
import { Time } from '../../../ui/Time.tsx';

/** The server's summary of a Q&A session, read when asked. */
export function SessionSummary({ profileId, sessionId }: { profileId: string; sessionId: string }) {
  const { t } = useTranslation();
  const state = useSupportRemote(profileId, 'session', () => supportCalls(profileId).session({ id: sessionId }), sessionId);
  return (
    <section className="card" aria-label={t('supportDesk.qa.summaryRegion')}>
      <div className="section-header">
        <h2>{t('supportDesk.qa.summaryRegion')}</h2>
        <button type="button" className="button" onClick={() => void state.refetch()}>
          {t('supportDesk.qa.refreshSummary')}
        </button>
      </div>
      {state.isPending && <p className="muted">{t('supportDesk.common.loading')}</p>}
      {state.isError && <ErrorNotice error={state.error} title={t('supportDesk.qa.summaryFailed')} />}
      {state.isSuccess && (
        <dl className="support-facts">
          <dt>{t('supportDesk.qa.sessionId')}</dt>
          <dd>{state.data.id}</dd>
          {state.data.visitor !== null && (
            <>
              <dt>{t('supportDesk.qa.visitor')}</dt>
              <dd>{state.data.visitor}</dd>
            </>
          )}
          {state.data.startedAt !== null && (
            <>
              <dt>{t('supportDesk.qa.started')}</dt>
              <dd>
                <Time value={state.data.startedAt} />
              </dd>
            </>
          )}
          {state.data.lastMessageAt !== null && (
            <>
              <dt>{t('supportDesk.qa.lastMessage')}</dt>
              <dd>
                <Time value={state.data.lastMessageAt} />
              </dd>
            </>
          )}
          {state.data.messageCount !== null && (
            <>
              <dt>{t('supportDesk.qa.messages')}</dt>
              <dd>{t('supportDesk.common.number', { value: state.data.messageCount })}</dd>
            </>
          )}
          {state.data.ticketId !== null && (
            <>
              <dt>{t('supportDesk.qa.ticket')}</dt>
              <dd>{state.data.ticketId}</dd>
            </>
          )}
          <dt>{t('supportDesk.qa.summary')}</dt>
          <dd className="support-answer">{state.data.summary ?? t('supportDesk.qa.noSummary')}</dd>
        </dl>
      )}
    </section>
  );
}
