import { useState } from 'react';
import type { FormEvent, KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorNotice } from '../../../ui/ErrorNotice.tsx';
import { ScopeGate } from '../access/ScopeGate.tsx';
import { Field } from '../lists/Field.tsx';
import type { SupportSectionProps } from '../section.ts';
import { AnswerSources } from './AnswerSources.tsx';
import { askQuestion } from '../support-data.ts';
import { emptyConversation, useQaStore } from './qa-store.ts';
import { SessionSummary } from './SessionSummary.tsx';

/** Q&A: ask the site's robot as a visitor would, continue the same session, see what it answered from. */
export function QaSection({ profile }: SupportSectionProps) {
  const { t } = useTranslation();
  const conversation = useQaStore((state) => state.conversations[profile.id]) ?? emptyConversation;
  const { sessionId, exchanges, asking } = conversation;
  const [question, setQuestion] = useState('');
  const [summaryShown, setSummaryShown] = useState(false);

  const ask = (event?: FormEvent) => {
    event?.preventDefault();
    const text = question.trim();
    if (text === '' || asking) return;
    void askQuestion(profile.id, text).then((answered) => answered && setQuestion(''));
  };
  const askOnCtrlEnter = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) ask();
  };
  const startOver = () => {
    useQaStore.getState().startOver(profile.id);
    setSummaryShown(false);
  };
  const answered = exchanges.filter((exchange) => exchange.answer).length;

  return (
    <section className="support-stack" aria-label={t('supportDesk.sections.qa')}>
      <div className="card">
        <div className="section-header">
          <h2>{sessionId === null ? t('supportDesk.qa.newSession') : t('supportDesk.qa.session', { id: sessionId })}</h2>
          <div className="support-actions">
            {sessionId !== null && (
              <button type="button" className="button" aria-expanded={summaryShown} onClick={() => setSummaryShown((shown) => !shown)}>
                {t('supportDesk.qa.showSummary')}
              </button>
            )}
            {exchanges.length > 0 && (
              <button type="button" className="button" onClick={startOver}>
                {t('supportDesk.qa.startOver')}
              </button>
            )}
          </div>
        </div>
        <ol className="support-exchanges" aria-label={t('supportDesk.qa.conversation')}>
          {exchanges.map((exchange, index) => (
            <li key={index} className="support-exchange">
              <p className="support-question">
                <span className="support-speaker">{t('supportDesk.qa.you')}</span>
                {exchange.question}
              </p>
              {exchange.answer ? (
                <div className="support-reply">
                  <span className="support-speaker">{t('supportDesk.qa.robot')}</span>
                  <p className="support-answer">{exchange.answer.answer}</p>
                  <AnswerSources sources={exchange.answer.sources} />
                </div>
              ) : exchange.error ? (
                <ErrorNotice error={exchange.error} title={t('supportDesk.qa.failed')} />
              ) : (
                <p className="muted">{t('supportDesk.qa.waiting')}</p>
              )}
            </li>
          ))}
        </ol>
        <form className="support-ask" onSubmit={ask}>
          <Field label={sessionId === null ? t('supportDesk.qa.question') : t('supportDesk.qa.followUp')} name="question" refusal={null} help={t('supportDesk.qa.askHint')}>
            <textarea rows={3} maxLength={4000} value={question} onChange={(event) => setQuestion(event.target.value)} onKeyDown={askOnCtrlEnter} />
          </Field>
          <ScopeGate profileId={profile.id} scope="chat">
            <button type="submit" className="button-primary" disabled={question.trim() === '' || asking}>
              {sessionId === null ? t('supportDesk.qa.ask') : t('supportDesk.qa.continue')}
            </button>
          </ScopeGate>
        </form>
      </div>
      {sessionId !== null && summaryShown && <SessionSummary key={`${sessionId}:${answered}`} profileId={profile.id} sessionId={sessionId} />}
    </section>
  );
}
