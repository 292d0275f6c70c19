import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { IpcError } from '../../../../src-preload/contract/define.ts';
import type { AlertFilter, BlockSources } from '../../../../src-preload/contract/firewall.ts';
import { useErrorText } from '../../../language/use-error-text.ts';
import { Dialog } from '../../../ui/Dialog.tsx';
import { ErrorNotice } from '../../../ui/ErrorNotice.tsx';
import { DurationPicker, defaultBlockSeconds } from '../blocklist/DurationPicker.tsx';
import { bulkBlockCalls } from '../firewall-data.ts';
import { runBulk, tally, type BulkResult } from './bulk-run.ts';

/**
 * Block the distinct sources of the chosen alerts (or of every alert the filter matches): first
 * what it would do (how many addresses, which are blocked or allowed already: those are left out
 * unless asked), then a result per address as the blocks go, and Retry for the failed ones.
 */
export function BulkBlockDialog({ profileId, which, onClose }: { profileId: string; which: { alertIds?: string[]; filter?: AlertFilter }; onClose(): void }) {
  const { t } = useTranslation();
  const calls = bulkBlockCalls(profileId);
  const [preview, setPreview] = useState<BlockSources | null>(null);
  const [failure, setFailure] = useState<IpcError | null>(null);
  const [seconds, setSeconds] = useState(defaultBlockSeconds);
  const [reason, setReason] = useState('');
  const [includeAllowed, setIncludeAllowed] = useState(false);
  const [results, setResults] = useState<BulkResult[] | null>(null);
  const [running, setRunning] = useState(false);
  const stop = useRef(new AbortController());

  useEffect(() => {
    void calls.sources(which).then((answer) => (answer.ok ? setPreview(answer.data) : setFailure(answer.error)));
    const controller = stop.current;
    return () => controller.abort();
    // The preview is read once, for what the dialog was opened on.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const chosen = (preview?.addresses ?? []).filter((address) => !address.blocked && (includeAllowed || address.allowed !== true));
  const run = async (from: BulkResult[]) => {
    setRunning(true);
    await runBulk(from, (ip) => calls.block(ip, seconds, reason), setResults, stop.current.signal);
    setRunning(false);
  };
  const start = (event: FormEvent) => {
    event.preventDefault();
    void run(chosen.map((address) => ({ ip: address.ip, state: 'waiting' })));
  };

  const counts = results && tally(results);
  return (
    <Dialog title={t('firewall.bulk.title')} onClose={onClose} wide>
      {failure && <ErrorNotice error={failure} title={t('firewall.bulk.previewFailed')} />}
      {!preview && !failure && <p className="muted">{t('firewall.bulk.reading')}</p>}
      {preview && !results && (
        <form className="fw-form" onSubmit={start} aria-label={t('firewall.bulk.title')}>
          <p role="status">
            {t('firewall.bulk.summary', { count: preview.addresses.length })}{' '}
            {t('firewall.bulk.alreadyBlocked', { count: preview.addresses.filter((address) => address.blocked).length })}{' '}
            {t('firewall.bulk.allowed', { count: preview.addresses.filter((address) => address.allowed === true).length })}
            {preview.more && ` ${t('firewall.bulk.more')}`}
          </p>
          <label className="admin-checkbox">
            <input type="checkbox" checked={includeAllowed} onChange={(event) => setIncludeAllowed(event.target.checked)} />
            <span>{t('firewall.bulk.includeAllowed')}</span>
          </label>
          <div className="field">
            <span className="field-label">{t('firewall.blocklist.form.duration')}</span>
            <DurationPicker seconds={seconds} onChange={setSeconds} label={t('firewall.blocklist.form.duration')} />
          </div>
          <label className="field">
            <span className="field-label">{t('firewall.blocklist.form.reason')}</span>
            <input value={reason} onChange={(event) => setReason(event.target.value)} maxLength={500} />
          </label>
          <div className="dialog-actions">
            <button type="button" className="button" onClick={onClose}>
              {t('firewall.bulk.cancel')}
            </button>
            <button type="submit" className="button-danger" disabled={chosen.length === 0}>
              {t('firewall.bulk.block', { count: chosen.length })}
            </button>
          </div>
        </form>
      )}
      {results && counts && (
        <div className="fw-bulk-results">
          <progress aria-label={t('firewall.bulk.progress')} max={results.length} value={results.length - counts.waiting} />
          <p role="status">{t('firewall.bulk.tally', { done: counts.done, queued: counts.queued, failed: counts.failed, waiting: counts.waiting })}</p>
          <ul className="fw-bulk-list" aria-label={t('firewall.bulk.results')}>
            {results.map((result) => (
              <BulkRow key={result.ip} result={result} />
            ))}
          </ul>
          <div className="dialog-actions">
            {counts.failed > 0 && !running && (
              <button type="button" className="button" onClick={() => void run(results)}>
                {t('firewall.bulk.retryFailed', { count: counts.failed })}
              </button>
            )}
            <button type="button" className="button" onClick={onClose}>
              {t('firewall.bulk.close')}
            </button>
          </div>
        </div>
      )}
    </Dialog>
  );
}

function BulkRow({ result }: { result: BulkResult }) {
  const { t } = useTranslation();
  return (
    <li data-bulk-state={result.state}>
      <bdi>{result.ip}</bdi> · {result.error ? <FailedWords error={result.error} /> : t(`firewall.bulk.state.${result.state}`)}
    </li>
  );
}

function FailedWords({ error }: { error: IpcError }) {
  const { t } = useTranslation();
  return <>{t('firewall.bulk.state.failed', { reason: useErrorText(error).message })}</>;
}
