import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { IpcError } from '../../../../src-shared/contract/define.ts';
import type { AlertFilter, BlockSources } from '../../../../src-shared/contract/firewall.ts';
import { Dialog } from '../../../ui/Dialog.tsx';
import { ErrorNotice } from '../../../ui/ErrorNotice.tsx';
import { visibleText } from '../../../../src-shared/visible-text.ts';
import { CautionReasons, cautionsAt } from '../parts/BlockCautions.tsx';
import { DurationPicker, defaultBlockSeconds } from '../parts/DurationPicker.tsx';
import { bulkBlockCalls } from '../firewall-data.ts';
import { BulkProgress, useBulkRun } from './BulkProgress.tsx';

/** Which alerts' sources: those checked (their ids), or every alert the filter matches. */
export type AlertsChosen = { alertIds: string[] } | { filter: AlertFilter };

/**
 * Block the distinct sources of the chosen alerts (or of every alert the filter matches): first
 * what it would do (how many addresses, which are blocked or allowed already: those are left out
 * unless asked; those main never blocks are listed with the reason and never sent; those it warns
 * of are listed with the reason, left out unless ticked one by one), then a result per address as
 * the blocks go, and Retry for the failed ones.
 */
export function BulkBlockDialog({ profileId, which, onClose }: { profileId: string; which: AlertsChosen; onClose(): void }) {
  const { t } = useTranslation();
  const calls = bulkBlockCalls(profileId);
  const [preview, setPreview] = useState<BlockSources | null>(null);
  const [failure, setFailure] = useState<IpcError | null>(null);
  const [seconds, setSeconds] = useState(defaultBlockSeconds);
  const [reason, setReason] = useState('');
  const [includeAllowed, setIncludeAllowed] = useState(false);
  const [ticked, setTicked] = useState<ReadonlySet<string>>(new Set());
  const [started, setStarted] = useState<string[] | null>(null);

  useEffect(() => {
    void calls.sources(which).then((answer) => (answer.ok ? setPreview(answer.data) : setFailure(answer.error)));
    // The preview is read once, for what the dialog was opened on.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const notBlocked = (preview?.addresses ?? []).filter((address) => !address.blocked);
  const refused = notBlocked.filter((address) => cautionsAt(address.cautions, 'refuse').length > 0);
  const warned = notBlocked.filter((address) => !refused.includes(address) && cautionsAt(address.cautions, 'warn').length > 0);
  const noted = notBlocked.filter((address) => address.cautions.length > 0 && address.cautions.every((caution) => caution.level === 'note')).length;
  const chosen = notBlocked
    .filter((address) => (includeAllowed || address.allowed !== true) && !refused.includes(address) && (!warned.includes(address) || ticked.has(address.ip)))
    .map((address) => address.ip);
  const tick = (ip: string, on: boolean) => setTicked((before) => (on ? new Set([...before, ip]) : new Set([...before].filter((kept) => kept !== ip))));
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
          {refused.length > 0 && (
            <section className="bulk-cautions" aria-label={t('firewall.bulk.neverBlocked')}>
              <p>{t('firewall.bulk.refusedListed', { count: refused.length })}</p>
              <ul className="bulk-caution-list">
                {refused.map((address) => (
                  <li key={address.ip}>
                    <bdi className="bulk-caution-address">{visibleText(address.ip)}</bdi>
                    <CautionReasons cautions={cautionsAt(address.cautions, 'refuse')} />
                  </li>
                ))}
              </ul>
            </section>
          )}
          {warned.length > 0 && (
            <section className="bulk-cautions" aria-label={t('firewall.bulk.leftOutUnlessTicked')}>
              <p>{t('firewall.bulk.warnedListed', { count: warned.length })}</p>
              <ul className="bulk-caution-list">
                {warned.map((address) => (
                  <li key={address.ip}>
                    <label className="admin-checkbox">
                      <input type="checkbox" checked={ticked.has(address.ip)} onChange={(event) => tick(address.ip, event.target.checked)} />
                      <span>
                        <bdi>{t('firewall.bulk.includeWarned', { ip: visibleText(address.ip) })}</bdi>
                      </span>
                    </label>
                    <CautionReasons cautions={cautionsAt(address.cautions, 'warn')} />
                  </li>
                ))}
              </ul>
            </section>
          )}
          {noted > 0 && <p className="muted">{t('firewall.bulk.noted', { count: noted })}</p>}
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
      {started && <BlockRun profileId={profileId} addresses={started} seconds={seconds} reason={reason} from={chosenBy(which)} onClose={onClose} />}
    </Dialog>
  );
}

/** The blocks as they go: started once, when the analyst confirmed. */
function BlockRun({ profileId, addresses, seconds, reason, from, onClose }: { profileId: string; addresses: string[]; seconds: number; reason: string; from: string; onClose(): void }) {
  const { t } = useTranslation();
  const calls = bulkBlockCalls(profileId);
  const origin = { kind: 'bulk', count: addresses.length, from } as const;
  const { run, retry } = useBulkRun(() => addresses.map((ip) => ({ key: ip, ip })), (ip) => calls.block(ip, seconds, reason, origin), calls.followWrites);
  return (
    <BulkProgress
      run={run}
      retry={retry}
      words={{ progress: t('firewall.bulk.progress'), tally: (counts) => t('firewall.bulk.tally', counts), done: t('firewall.bulk.state.done') }}
      onClose={onClose}
    />
  );
}

/**
 * What chose the addresses, in the words the appliance's log keeps (English, like its own entries):
 * `37 selected alerts`, or the filter's fields (`filter severity=high,critical; q=scan`).
 */
function chosenBy(which: AlertsChosen): string {
  if ('alertIds' in which) return `${which.alertIds.length} selected alerts`;
  const fields = Object.entries(which.filter).flatMap(([name, value]) => {
    const shown = Array.isArray(value) ? value.join(',') : value === undefined || value === null ? '' : String(value);
    return shown === '' ? [] : [`${name}=${shown}`];
  });
  return (fields.length === 0 ? 'every alert' : `filter ${fields.join('; ')}`).slice(0, 200);
}
