import { useTranslation } from 'react-i18next';
import { ErrorNotice } from '../../ui/ErrorNotice.tsx';
import { Time } from '../../ui/Time.tsx';
import { useMeaningStatus, useSetMeaningPaused } from './meaning-data.ts';

/** Settings → Model at work: how far the meaning index is, what it cost, and its pause. */
export function MeaningIndexStatus() {
  const { t } = useTranslation();
  const status = useMeaningStatus().data;
  const setPaused = useSetMeaningPaused();
  if (!status) return null;
  const values = {
    model: status.model ?? '',
    indexed: status.indexed,
    total: Math.max(status.total, status.indexed),
    tokens: status.tokens,
  };
  const running = status.state === 'indexing' || status.state === 'waiting' || status.state === 'ready';
  return (
    <div className="meaning-index" data-state={status.state}>
      <p role="status" className={status.state === 'ready' ? 'model-at-work-ready' : 'muted'}>
        {t(`assistant.settings.index.${status.state}`, values)}
        {status.state === 'waiting' && status.retryAt && (
          <>
            {' '}
            {t('assistant.settings.index.retryAt')} <Time value={status.retryAt} />
          </>
        )}
        {status.searchingWith && status.searchingWith !== status.model && ` ${t('assistant.settings.index.searchingWith', { model: status.searchingWith })}`}
      </p>
      {status.state !== 'off' && status.state !== 'ready' && status.total > 0 && (
        <progress max={Math.max(status.total, status.indexed)} value={status.indexed} aria-label={t(`assistant.settings.index.${status.state}`, values)} />
      )}
      {status.error && <ErrorNotice error={status.error} />}
      {status.state !== 'off' && (
        <button type="button" className="button" disabled={setPaused.isPending} onClick={() => setPaused.mutate(running)}>
          {running ? t('assistant.settings.index.pause') : t('assistant.settings.index.resume')}
        </button>
      )}
    </div>
  );
}
