import { useState } from 'react';
import type { BlockEntry } from '../../../../src-shared/contract/firewall.ts';
import { ErrorNotice } from '../../../ui/ErrorNotice.tsx';
import { UnblockDialog } from './UnblockDialog.tsx';
import { useOperateState } from '../operate-state.ts';
import type { FirewallSectionProps } from '../section.ts';
import { useBlocklist, useFirewallWrites } from '../firewall-data.ts';
import { useNow } from '../use-now.ts';
import { BlockDialog } from './BlockDialog.tsx';
import { BlockListRow } from './BlockListRow.tsx';
import { useTranslation } from 'react-i18next';
import { useWorkspaceStore } from '../../../navigation/workspace-store.ts';
import { useViewRequest } from '../../../navigation/view-requests.ts';
import { useKeptFilter } from '../../../ui/view-filters-store.ts';
import { isChecked, noChecks, toggleHeader, toggleRow, type CheckableRows, type RowChecks } from '../../../ui/row-checks.ts';
import type { MAX_BULK_ADDRESSES } from '../../../../src-shared/contract/firewall.ts';
import { BlockListBulkDialog, type BlockListAction } from './BlockListBulkDialog.tsx';

/** As many blocks as one bulk change takes; the contract's figure, checked by the compiler. */
const BULK_LIMIT: typeof MAX_BULK_ADDRESSES = 5000;

/** Who is blocked, by whom and for how long; add, extend or lift a block, or many checked together, each asked first. */
export function BlockListSection({ profile }: FirewallSectionProps) {
  const { t } = useTranslation();
  const list = useBlocklist(profile.id);
  const writes = useFirewallWrites(profile.id);
  const operate = useOperateState(profile.id);
  const [adding, setAdding] = useState<{ address: string } | null>(null);
  const root = useViewRequest('block', ({ address }) => setAdding({ address }));
  const [unblocking, setUnblocking] = useState<BlockEntry | null>(null);
  const [extending, setExtending] = useState<BlockEntry | null>(null);
  const [{ search }, keepFilter] = useKeptFilter(profile.id, 'firewall.blocklist', { search: '' });
  const now = useNow(30_000);
  const navigate = useWorkspaceStore((store) => store.navigate);
  const needle = search.trim().toLowerCase();
  const entries = (list.data?.items ?? []).filter((entry) => !needle || `${entry.ip} ${entry.reason ?? ''} ${entry.source ?? ''}`.toLowerCase().includes(needle));
  const [checks, setChecks] = useState<RowChecks>(noChecks);
  const [bulk, setBulk] = useState<{ action: BlockListAction; entries: BlockEntry[] } | null>(null);
  const rows: CheckableRows = { idAt: (index) => entries[index]?.id, loadedIds: () => entries.map((entry) => entry.id), limit: BULK_LIMIT };
  const checked = entries.filter((entry) => isChecked(checks, entry.id));
  const openBulk = (action: BlockListAction) => {
    setBulk({ action, entries: checked });
    setChecks(noChecks);
  };

  return (
    <section ref={root} className="fw-list-section" aria-label={t('firewall.blocklist.title')}>
      <div className="fw-toolbar">
        <input
          type="search"
          aria-label={t('firewall.blocklist.search')}
          placeholder={t('firewall.blocklist.search')}
          value={search}
          onChange={(event) => {
            keepFilter({ search: event.target.value });
            setChecks(noChecks);
          }}
        />
        <span className="fw-count" role="status">
          {list.data && t('firewall.blocklist.count', { count: entries.length })}
        </span>
        {checked.length > 0 && (
          <span className="fw-selection" role="toolbar" aria-label={t('firewall.blocklist.bulk.bar')}>
            <strong>{t('firewall.blocklist.bulk.count', { count: checked.length })}</strong>
            <button type="button" className="button" disabled={!operate.allowed} title={operate.reason} onClick={() => openBulk('extend')}>
              {t('firewall.blocklist.bulk.extend')}
            </button>
            <button type="button" className="button-danger" disabled={!operate.allowed} title={operate.reason} onClick={() => openBulk('unblock')}>
              {t('firewall.blocklist.bulk.unblock')}
            </button>
            <button type="button" className="link-button" onClick={() => setChecks(noChecks)}>
              {t('firewall.blocklist.bulk.clear')}
            </button>
          </span>
        )}
        <button type="button" className="button-primary" disabled={!operate.allowed} title={operate.reason} onClick={() => setAdding({ address: '' })}>
          {t('firewall.blocklist.add')}
        </button>
      </div>
      {bulk && <BlockListBulkDialog profileId={profile.id} action={bulk.action} entries={bulk.entries} onClose={() => setBulk(null)} />}
      {adding && <BlockDialog key={adding.address} profileId={profile.id} ip={adding.address} origin={{ kind: 'manual' }} onClose={() => setAdding(null)} />}
      {extending && (
        <BlockDialog profileId={profile.id} ip={extending.ip} purpose="extend" origin={{ kind: 'kept' }} reason={extending.reason ?? ''} onClose={() => setExtending(null)} />
      )}
      {list.isPending && <p className="muted">{t('firewall.blocklist.reading')}</p>}
      {list.isError && <ErrorNotice read error={list.error} title={t(list.data ? 'firewall.blocklist.refreshFailed' : 'firewall.blocklist.readFailed')} />}
      {list.data && (
        <table className="fw-table" aria-label={t('firewall.blocklist.title')}>
          <thead>
            <tr>
              <th scope="col" className="fw-list-check">
                <input
                  type="checkbox"
                  aria-label={t('firewall.blocklist.bulk.checkShown')}
                  checked={checked.length > 0}
                  ref={(box) => {
                    if (box) box.indeterminate = checked.length > 0 && checked.length < entries.length;
                  }}
                  onChange={() => setChecks((current) => toggleHeader(current, rows))}
                />
              </th>
              <th scope="col">{t('firewall.blocklist.columns.ip')}</th>
              <th scope="col">{t('firewall.blocklist.columns.source')}</th>
              <th scope="col">{t('firewall.blocklist.columns.reason')}</th>
              <th scope="col">{t('firewall.blocklist.columns.state')}</th>
              <th scope="col">{t('firewall.blocklist.columns.created')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('firewall.list.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry, index) => (
              <BlockListRow
                key={entry.id}
                entry={entry}
                now={now}
                checked={isChecked(checks, entry.id)}
                onCheck={(range) => setChecks((current) => toggleRow(current, index, range, rows))}
                operate={operate}
                onOpen={() => navigate({ kind: 'block', params: { profileId: profile.id, entryId: entry.id } })}
                onExtend={() => setExtending(entry)}
                onUnblock={() => setUnblocking(entry)}
              />
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
