import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCallLog } from './chat-data.ts';
import { ErrorNotice } from '../../ui/ErrorNotice.tsx';
import { Time } from '../../ui/Time.tsx';

/** A call's outcome in words: a success or an answer's ending, else its error code's short name (the code itself on hover). */
function Outcome({ outcome }: { outcome: string }) {
  const { t, i18n } = useTranslation();
  const key = [`chat.callLog.outcomes.${outcome}`, `chat.callLog.failures.${outcome}`].find((candidate) => i18n.exists(candidate));
  return <span title={outcome}>{key ? t(key) : outcome}</span>;
}

/** The local call log, as the gateway console shows its own: newest first, filterable. */
export function CallLog() {
  const { t } = useTranslation();
  const [model, setModel] = useState('');
  const [failedOnly, setFailedOnly] = useState(false);
  const log = useCallLog(model, failedOnly);
  const calls = log.data ?? [];
  const error = log.error;

  return (
    <section className="chat-call-log" aria-label={t('chat.callLog.title')}>
      <h2>{t('chat.callLog.title')}</h2>
      <div className="chat-list-bar">
        <input type="search" aria-label={t('chat.callLog.model')} placeholder={t('chat.callLog.model')} value={model} onChange={(event) => setModel(event.target.value)} />
        <label className="radio">
          <input type="checkbox" checked={failedOnly} onChange={(event) => setFailedOnly(event.target.checked)} />
          {t('chat.callLog.failedOnly')}
        </label>
      </div>
      {error && <ErrorNotice error={error} />}
      {log.isPending ? null : calls.length === 0 ? (
        <p className="muted">{t('chat.callLog.empty')}</p>
      ) : (
        <table className="chat-call-table">
          <thead>
            <tr>
              <th>{t('chat.callLog.time')}</th>
              <th>{t('chat.callLog.endpoint')}</th>
              <th>{t('chat.callLog.modelColumn')}</th>
              <th>{t('chat.callLog.status')}</th>
              <th>{t('chat.callLog.outcome')}</th>
              <th>{t('chat.callLog.latency')}</th>
              <th>{t('chat.callLog.tokens')}</th>
            </tr>
          </thead>
          <tbody>
            {calls.map((call) => (
              <tr key={call.id}>
                <td>
                  <Time value={call.at} />
                </td>
                <td>{call.endpoint}</td>
                <td>{call.model ?? '—'}</td>
                <td>{call.status ?? '—'}</td>
                <td>
                  <Outcome outcome={call.outcome} />
                </td>
                <td>{t('chat.callLog.ms', { ms: call.latencyMs })}</td>
                <td>{call.usage ? call.usage.totalTokens : '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
