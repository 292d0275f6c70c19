import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { IpcError } from '../../../../src-preload/contract/define.ts';
import type { AlertFilter, BlockSources } from '../../../../src-preload/contract/firewall.ts';
import { Dialog } from '../../../ui/Dialog.tsx';
import { ErrorNotice } from '../../../ui/ErrorNotice.tsx';
import { DurationPicker, defaultBlockSeconds } from '../blocklist/DurationPicker.tsx';
import { bulkBlockCalls } from '../firewall-data.ts';
import { BulkProgress, useBulkRun } from './BulkProgress.tsx';

/** Which alerts' sources: those checked (their ids), or every alert the filter matches. */
export type AlertsChosen = { alertIds: string[] } | { filter: AlertFilter };

/**
 * Block the distinct sources of the chosen alerts (or of every alert the filter matches): first
 * what it would do (how many addresses, which are blocked or allowed already: those are left out
 * unless asked), then a result per address as the blocks go, and Retry for the failed ones.
 */
export function BulkBlockDialog({ profileId, which, onClose }: { profileId: string; which: AlertsChosen; onClose(): void }) {
  const { t } = useTranslation();
  const calls = bulkBlockCalls(profileId);
  const [preview, setPreview] = useState<BlockSources | null>(null);
  const [failure, setFailure] = useState<IpcError | null>(null);
  const [seconds, setSeconds] = useState(defaultBlockSeconds);
  const [reason, setReason] = useState('');
  const [includeAllowed, setIncludeAllowed] = useState(false);
  const [started, setStarted] = useState<string[] | null>(null);

  useEffect(() => {
    void calls.sources(which).then((answer) => (answer.ok ? setPreview(answer.data) : setFailure(answer.error)));
    // The preview is read once, for what the dialog was opened on.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const chosen = (preview?.addresses ?? []).filter((address) => !address.blocked && (includeAllowed || address.allowed !== true)).map((address) => address.ip);
  const start = (event: FormEvent) => {
    event.preventDefault();
    setStarted(chosen);
  };

  return (
    <Dialog title={t('firewall.bulk.title')} onClose={onClose} wide>
      {failure && <ErrorNotice error={failure} title={t('firewall.bulk.previewFailed')} />}
      {!preview && !failure && <p className="muted">{t('firewall.bulk.reading')}</p>}
      {preview && !started && (
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
      {started && <BlockRun profileId={profileId} addresses={started} seconds={seconds} reason={reason} onClose={onClose} />}
    </Dialog>
  );
}

/** The blocks as they go: started once, when the analyst confirmed. */
function BlockRun({ profileId, addresses, seconds, reason, onClose }: { profileId: string; addresses: string[]; seconds: number; reason: string; onClose(): void }) {
  const { t } = useTranslation();
  const calls = bulkBlockCalls(profileId);
  const { run, retry } = useBulkRun(() => addresses.map((ip) => ({ key: ip, ip })), (ip) => calls.block(ip, seconds, reason), calls.followWrites);
  return (
    <BulkProgress
      run={run}
      retry={retry}
      words={{ progress: t('firewall.bulk.progress'), tally: (counts) => t('firewall.bulk.tally', counts), done: t('firewall.bulk.state.done') }}
      onClose={onClose}
    />
  );
}
