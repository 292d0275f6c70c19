import { useState } from 'react';
import type { BlockEntry } from '../../../../src-preload/contract/firewall.ts';
import { ErrorNotice } from '../../../ui/ErrorNotice.tsx';
import { UnblockDialog } from './UnblockDialog.tsx';
import { operateState, useFirewallStatusStore } from '../firewall-status-store.ts';
import type { FirewallSectionProps } from '../section.ts';
import { cellText } from '../table/visible-text.ts';
import { useBlocklist, useFirewallWrites } from '../firewall-data.ts';
import { useNow } from '../use-now.ts';
import { DurationPicker, defaultBlockSeconds } from './DurationPicker.tsx';
import { PendingBlock } from './PendingBlock.tsx';
import { Remaining } from './Remaining.tsx';
import { useTranslation } from 'react-i18next';
import { useFormWrite } from '../../../data/use-form-write.ts';
import { Time } from '../../../ui/Time.tsx';
import { useWorkspaceStore } from '../../../workspace/workspace-store.ts';
import { useViewRequest } from '../../../workspace/view-requests.ts';
import { AddressText } from '../../../ui/AddressText.tsx';

/** Who is blocked, by whom and for how long; add a block, or lift one after asking. */
export function BlockListSection({ profile }: FirewallSectionProps) {
  const { t } = useTranslation();
  const list = useBlocklist(profile.id);
  const writes = useFirewallWrites(profile.id);
  const capabilities = useFirewallStatusStore((store) => store.capabilities[profile.id]);
  const operate = operateState(capabilities);
  const [adding, setAdding] = useState<{ address: string } | null>(null);
  const root = useViewRequest('block', ({ address }) => setAdding({ address }));
  const [unblocking, setUnblocking] = useState<BlockEntry | null>(null);
  const [search, setSearch] = useState('');
  const now = useNow(30_000);
  const navigate = useWorkspaceStore((store) => store.navigate);
  const needle = search.trim().toLowerCase();
  const entries = (list.data?.items ?? []).filter((entry) => !needle || `${entry.ip} ${entry.reason ?? ''} ${entry.source ?? ''}`.toLowerCase().includes(needle));

  return (
    <section ref={root} className="fw-list-section" aria-label={t('firewall.blocklist.title')}>
      <div className="fw-toolbar">
        <input type="search" aria-label={t('firewall.blocklist.search')} placeholder={t('firewall.blocklist.search')} value={search} onChange={(event) => setSearch(event.target.value)} />
        <span className="fw-count" role="status">
          {list.data && t('firewall.blocklist.count', { count: entries.length })}
        </span>
        <button type="button" className="button-primary" disabled={!operate.allowed} title={operate.reason} onClick={() => setAdding({ address: '' })}>
          {t('firewall.blocklist.add')}
        </button>
      </div>
      {adding && <AddBlockForm key={adding.address} profileId={profile.id} initialIp={adding.address} onDone={() => setAdding(null)} />}
      {list.isPending && <p className="muted">{t('firewall.blocklist.reading')}</p>}
      {list.isError && <ErrorNotice error={list.error} title={t(list.data ? 'firewall.blocklist.refreshFailed' : 'firewall.blocklist.readFailed')} />}
      {list.data && (
        <table className="fw-table" aria-label={t('firewall.blocklist.title')}>
          <thead>
            <tr>
              <th scope="col">{t('firewall.blocklist.columns.ip')}</th>
              <th scope="col">{t('firewall.blocklist.columns.source')}</th>
              <th scope="col">{t('firewall.blocklist.columns.reason')}</th>
              <th scope="col">{t('firewall.blocklist.columns.remaining')}</th>
              <th scope="col">{t('firewall.blocklist.columns.created')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('firewall.list.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => (
              <tr
                key={entry.id}
                aria-label={t('firewall.blocklist.row', { ip: entry.ip })}
              >
                <td>
                  <bdi>
                    <AddressText text={entry.ip} show={(piece) => cellText(piece, 64)} />
                  </bdi>
                  {entry.pending && <PendingBlock pending={entry.pending} />}
                </td>
                <td>{entry.source ? <span className="badge badge-source">{cellText(entry.source, 20)}</span> : null}</td>
                <td className="fw-wrap">
                  <bdi>
                    <AddressText text={entry.reason ?? ''} show={cellText} />
                  </bdi>
                </td>
                <td>
                  <Remaining entry={entry} now={now} />
                </td>
                <td>{entry.createdAt ? <Time value={entry.createdAt} /> : null}</td>
                <td className="fw-row-actions">
                  <button
                    type="button"
                    className="button"
                    aria-label={t('firewall.blocklist.openNamed', { ip: entry.ip })}
                    onClick={() => navigate({ kind: 'block', params: { profileId: profile.id, entryId: entry.id } })}
                  >
                    {t('firewall.blocklist.open')}
                  </button>
                  <button
                    type="button"
                    className="button-danger"
                    disabled={!operate.allowed}
                    title={operate.reason}
                    aria-label={t('firewall.blocklist.unblockNamed', { ip: entry.ip })}
                    onClick={() => setUnblocking(entry)}
                  >
                    {t('firewall.blocklist.unblock')}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {list.data && entries.length === 0 && <p className="muted">{needle ? t('firewall.blocklist.noMatch') : t('firewall.blocklist.empty')}</p>}
      {unblocking && (
        <UnblockDialog entry={unblocking} onClose={() => setUnblocking(null)} onConfirm={() => writes.unblock(unblocking.id)} />
      )}
    </section>
  );
}

/** The one form a block is made with: the block list's, an address card's and the command palette's (the address filled in). */
export function AddBlockForm({ profileId, initialIp = '', onDone }: { profileId: string; initialIp?: string; onDone(): void }) {
  const { t } = useTranslation();
  const writes = useFirewallWrites(profileId);
  // A block the appliance refused for the key's role or the edition turns this off at once, with the reason.
  const operate = operateState(useFirewallStatusStore((store) => store.capabilities[profileId]));
  const [ip, setIp] = useState(initialIp);
  const [reason, setReason] = useState('');
  const [seconds, setSeconds] = useState(defaultBlockSeconds);
  const { busy, error, fieldError, onSubmit } = useFormWrite(() => writes.block(ip, seconds, reason), onDone);

  return (
    <form className="card fw-form" aria-label={t('firewall.blocklist.add')} onSubmit={onSubmit}>
      <label className={fieldError('ip') ? 'field field-invalid' : 'field'}>
        <span className="field-label">{t('firewall.blocklist.form.ip')}</span>
        <input value={ip} onChange={(event) => setIp(event.target.value)} placeholder={t('firewall.blocklist.form.ipPlaceholder')} required />
        {fieldError('ip') && <span className="field-error">{fieldError('ip')}</span>}
      </label>
      <div className="field">
        <span className="field-label">{t('firewall.blocklist.form.duration')}</span>
        <DurationPicker seconds={seconds} onChange={setSeconds} label={t('firewall.blocklist.form.duration')} />
      </div>
      <label className={fieldError('reason') ? 'field field-invalid' : 'field'}>
        <span className="field-label">{t('firewall.blocklist.form.reason')}</span>
        <input value={reason} onChange={(event) => setReason(event.target.value)} maxLength={500} />
        {fieldError('reason') && <span className="field-error">{fieldError('reason')}</span>}
      </label>
      {error && !error.fieldErrors && <ErrorNotice error={error} title={t('firewall.blocklist.form.notBlocked')} />}
      <div className="dialog-actions">
        <button type="button" className="button" onClick={onDone}>
          {t('firewall.blocklist.form.cancel')}
        </button>
        <button type="submit" className="button-primary" disabled={busy || !operate.allowed} title={operate.reason}>
          {busy ? t('firewall.blocklist.form.blocking') : t('firewall.blocklist.form.block')}
        </button>
      </div>
    </form>
  );
}
