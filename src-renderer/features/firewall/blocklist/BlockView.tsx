import { useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AlertRow, BlockEntry } from '../../../../src-shared/contract/firewall.ts';
import type { ViewParams } from '../../../../src-shared/contract/workspace.ts';
import { alertIdInBlockReason } from '../../../../src-shared/block-reason.ts';
import { ItemHistory } from '../../activity/index.ts';
import { ItemCases } from '../../cases/index.ts';
import { ServiceConnection } from '../../connections/index.ts';
import { ErrorNotice } from '../../../ui/ErrorNotice.tsx';
import { useWorkspaceStore } from '../../../navigation/workspace-store.ts';
import { SeverityBadge } from '../parts/SeverityBadge.tsx';
import { Time } from '../../../ui/Time.tsx';
import { UnblockDialog } from './UnblockDialog.tsx';
import { useOperateState } from '../operate-state.ts';
import { visibleText } from '../../../../src-shared/visible-text.ts';
import { cellText } from '../table/visible-text.ts';
import { useAlertDetail, useAlertsFrom, useBlocklist, useFirewallWrites } from '../firewall-data.ts';
import { useNow } from '../use-now.ts';
import { PendingBlock } from './PendingBlock.tsx';
import { Remaining } from '../parts/Remaining.tsx';
import '../firewall.css';
import { AddressText } from '../../../ui/AddressText.tsx';
import { blockTitle } from '../../../navigation/tab-titles.ts';

/** The alerts a block without a named alert is shown with: the newest few from its address. */
const RECENT_ALERTS = 5;

/** One block-list entry in its own tab, opened by `navigate({ kind: 'block', params: { profileId, entryId } })` from the list or a notification. */
export function BlockView({ params }: { params: ViewParams<'block'> }) {
  const { t } = useTranslation();
  const { profileId, entryId } = params;
  return (
    <ServiceConnection service="firewall" title={blockTitle(params, t)} profileId={profileId} needs={t('firewall.blockTab.profileRemoved')}>
      {() => <BlockEntryPane profileId={profileId} entryId={entryId} />}
    </ServiceConnection>
  );
}

function BlockEntryPane({ profileId, entryId }: { profileId: string; entryId: string }) {
  const { t } = useTranslation();
  const list = useBlocklist(profileId);
  const writes = useFirewallWrites(profileId);
  const operate = useOperateState(profileId);
  const [confirming, setConfirming] = useState(false);
  const [unblockedIp, setUnblockedIp] = useState<string | null>(null);
  const now = useNow(30_000);
  const entry = list.data?.items.find((candidate) => candidate.id === entryId);
  // A block not sent yet: it ends only once sent, and it is taken back by discarding its write.
  const waiting = entry?.pending?.change === 'block';

  if (list.isPending) return <p className="muted">{t('firewall.blocklist.reading')}</p>;
  if (list.isError && !list.data) return <ErrorNotice error={list.error} title={t('firewall.blocklist.readFailed')} />;
  if (!entry) {
    return (
      <section className="card fw-block-tab" aria-label={t('firewall.blockTab.region')}>
        <p role="status">
          {unblockedIp === null ? t('firewall.blockTab.gone', { id: visibleText(entryId) }) : t('firewall.blockTab.unblocked', { ip: visibleText(unblockedIp) })}
        </p>
      </section>
    );
  }

  const fields: [string, ReactNode][] = [
    [t('firewall.blockTab.fields.ip'), <bdi key="ip">
        <AddressText text={entry.ip} show={(piece) => cellText(piece, 64)} />
      </bdi>],
    [t('firewall.blockTab.fields.remaining'), <Remaining key="remaining" entry={entry} now={now} />],
    [t('firewall.blockTab.fields.expires'), entry.expiresAt ? <Time key="expires" value={entry.expiresAt} /> : waiting ? <Remaining key="expires" entry={entry} now={now} /> : t('firewall.blocklist.permanent')],
    [t('firewall.blockTab.fields.source'), entry.source ? <span key="source" className="badge badge-source">{cellText(entry.source, 20)}</span> : t('firewall.blockTab.notSaid')],
    [t('firewall.blockTab.fields.reason'), entry.reason ? <bdi key="reason">
          <AddressText text={entry.reason} show={cellText} />
        </bdi> : t('firewall.blockTab.notSaid')],
    [t('firewall.blockTab.fields.created'), entry.createdAt ? <Time key="created" value={entry.createdAt} /> : t('firewall.blockTab.notSaid')],
    [t('firewall.blockTab.fields.id'), <bdi key="id">{cellText(entry.id, 200)}</bdi>],
  ];

  return (
    <section className="card fw-block-tab" aria-label={t('firewall.blockTab.region')}>
      <header className="fw-block-tab-header">
        <h2>
          <bdi>{t('firewall.blockTab.heading', { ip: visibleText(entry.ip) })}</bdi>
        </h2>
        {/* A change of it not sent yet (the block itself, an extension, an unblock): where it stands, Retry and Discard. */}
        {entry.pending && <PendingBlock pending={entry.pending} />}
        {!entry.pending || entry.pending.change === 'extend' ? (
          <button type="button" className="button-danger" disabled={!operate.allowed} title={operate.reason} onClick={() => setConfirming(true)}>
            {t('firewall.blocklist.unblock')}
          </button>
        ) : null}
      </header>
      {!operate.allowed && (
        <p className="notice notice-warning" role="note">
          {operate.reason}
        </p>
      )}
      <dl className="fw-fields">
        {fields.map(([title, value]) => (
          <div key={title} className="fw-field">
            <dt>{title}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <BlockOrigin profileId={profileId} entry={entry} />
      <ItemCases item={{ kind: 'block', profileId, itemId: entry.id }} label={entry.ip} />
      <ItemHistory target={{ address: entry.ip }} />
      {confirming && (
        <UnblockDialog
          entry={entry}
          onClose={() => setConfirming(false)}
          onConfirm={async () => {
            const result = await writes.unblock(entry.id);
            if (result.ok) setUnblockedIp(entry.ip);
            return result;
          }}
        />
      )}
    </section>
  );
}

/** The alert a block came from when its reason names one (OpsDesk's "Block source"), else the newest alerts from its address. */
function BlockOrigin({ profileId, entry }: { profileId: string; entry: BlockEntry }) {
  const { t } = useTranslation();
  const alertId = alertIdInBlockReason(entry.reason);
  return (
    <section className="fw-block-origin" aria-label={alertId ? t('firewall.blockTab.fromAlert') : t('firewall.blockTab.fromAddress')}>
      <h3>{alertId ? t('firewall.blockTab.fromAlert') : t('firewall.blockTab.fromAddress')}</h3>
      {alertId ? <NamedAlert profileId={profileId} alertId={alertId} /> : <AlertsFrom profileId={profileId} ip={entry.ip} />}
    </section>
  );
}

function NamedAlert({ profileId, alertId }: { profileId: string; alertId: string }) {
  const { t } = useTranslation();
  const detail = useAlertDetail(profileId, alertId);
  if (detail.isPending) return <p className="muted">{t('firewall.blockTab.readingAlerts')}</p>;
  if (detail.isError) {
    return (
      <>
        <ErrorNotice error={detail.error} title={t('firewall.blockTab.alertUnread', { id: visibleText(alertId) })} />
        <OriginAlertList profileId={profileId} alerts={[{ id: alertId, severity: null, occurredAt: null, signature: null }]} />
      </>
    );
  }
  return <OriginAlertList profileId={profileId} alerts={[detail.data]} />;
}

function AlertsFrom({ profileId, ip }: { profileId: string; ip: string }) {
  const { t } = useTranslation();
  const page = useAlertsFrom(profileId, ip, RECENT_ALERTS);
  if (page.isPending) return <p className="muted">{t('firewall.blockTab.readingAlerts')}</p>;
  if (page.isError) return <ErrorNotice error={page.error} title={t('firewall.blockTab.alertsUnread')} />;
  if (page.data.rows.length === 0) return <p className="muted">{t('firewall.blockTab.noAlerts')}</p>;
  return <OriginAlertList profileId={profileId} alerts={page.data.rows} />;
}

type OriginAlert = Pick<AlertRow, 'id' | 'severity' | 'occurredAt' | 'signature'>;

function OriginAlertList({ profileId, alerts }: { profileId: string; alerts: readonly OriginAlert[] }) {
  const { t } = useTranslation();
  const navigate = useWorkspaceStore((store) => store.navigate);
  return (
    <ul className="fw-origin-alerts">
      {alerts.map((alert) => (
        <li key={alert.id} className="fw-origin-alert">
          <SeverityBadge severity={alert.severity} />
          {alert.occurredAt && <Time value={alert.occurredAt} />}
          <bdi className="fw-origin-signature">{cellText(alert.signature ?? t('firewall.blockTab.alertWithId', { id: alert.id }))}</bdi>
          <button type="button" className="button" aria-label={t('firewall.blockTab.openAlertNamed', { id: alert.id })} onClick={() => navigate({ kind: 'alert', params: { profileId, alertId: alert.id } })}>
            {t('firewall.blockTab.openAlert')}
          </button>
        </li>
      ))}
    </ul>
  );
}
