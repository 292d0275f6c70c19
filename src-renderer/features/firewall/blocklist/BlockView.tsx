import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { AlertRow, BlockEntry } from '../../../../src-preload/contract/firewall.ts';
import type { ViewParams } from '../../../../src-preload/contract/workspace.ts';
import { alertIdInBlockReason } from '../../../../src-shared/alert-block-reason.ts';
import { opsdesk } from '../../../bridge.ts';
import { ServiceConnection } from '../../../connections/ServiceConnection.tsx';
import { ErrorNotice } from '../../../ui/ErrorNotice.tsx';
import { fill } from '../../../ui/fill-template.ts';
import { useBridgeQuery } from '../../../ui/use-bridge-query.ts';
import { useCatalogSection } from '../../../ui/use-catalog-section.ts';
import { useWorkspaceStore } from '../../../workspace/workspace-store.ts';
import { formatAlertTime, SeverityBadge } from '../alerts/alert-columns.tsx';
import { ConfirmDialog } from '../ConfirmDialog.tsx';
import { operateState, useFirewallStatusStore } from '../firewall-status-store.ts';
import { cellText, visibleText } from '../table/visible-text.ts';
import { useFirewallList } from '../use-firewall-list.ts';
import { useNow } from '../use-now.ts';
import { Remaining } from './Remaining.tsx';
import '../firewall.css';

export const blockTitle = ({ entryId }: ViewParams<'block'>, t: TFunction): string => t('views.block.titleWithId', { entryId });

const readBlocklist = (profileId: string) => opsdesk.firewall.blocklist({ profileId });
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
  const s = useCatalogSection('firewall').blockTab;
  const blocklistStrings = useCatalogSection('firewall').blocklist;
  const [state, reload] = useFirewallList(profileId, readBlocklist, 'blocklist');
  const follow = useFirewallStatusStore((store) => store.follow);
  const operate = operateState(useFirewallStatusStore((store) => store.capabilities[profileId]));
  const [confirming, setConfirming] = useState(false);
  const [unblockedIp, setUnblockedIp] = useState<string | null>(null);
  const now = useNow(30_000);
  const entry = state.status === 'ready' ? state.list.items.find((candidate) => candidate.id === entryId) : undefined;

  useEffect(() => {
    void follow(profileId);
  }, [follow, profileId]);

  if (state.status === 'loading') return <p className="muted">{blocklistStrings.reading}</p>;
  if (state.status === 'failed') return <ErrorNotice error={state.error} title={blocklistStrings.readFailed} />;
  if (!entry) {
    return (
      <section className="card fw-block-tab" aria-label={s.region}>
        <p role="status">
          {unblockedIp === null ? fill(s.gone, { id: visibleText(entryId) }) : fill(s.unblocked, { ip: visibleText(unblockedIp) })}
        </p>
      </section>
    );
  }

  const fields: [string, ReactNode][] = [
    [s.fields.ip, <bdi key="ip">{cellText(entry.ip, 64)}</bdi>],
    [s.fields.remaining, <Remaining key="remaining" entry={entry} now={now} />],
    [s.fields.expires, entry.expiresAt ? formatAlertTime(entry.expiresAt) : blocklistStrings.permanent],
    [s.fields.source, entry.source ? <span key="source" className="badge badge-source">{cellText(entry.source, 20)}</span> : s.notSaid],
    [s.fields.reason, entry.reason ? <bdi key="reason">{cellText(entry.reason)}</bdi> : s.notSaid],
    [s.fields.created, entry.createdAt ? formatAlertTime(entry.createdAt) : s.notSaid],
    [s.fields.id, <bdi key="id">{cellText(entry.id, 200)}</bdi>],
  ];

  return (
    <section className="card fw-block-tab" aria-label={s.region}>
      <header className="fw-block-tab-header">
        <h2>
          <bdi>{fill(s.heading, { ip: visibleText(entry.ip) })}</bdi>
        </h2>
        <button type="button" className="button-danger" disabled={!operate.allowed} title={operate.reason} onClick={() => setConfirming(true)}>
          {blocklistStrings.unblock}
        </button>
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
      {confirming && (
        <ConfirmDialog
          title={fill(blocklistStrings.unblockTitle, { ip: visibleText(entry.ip) })}
          confirmLabel={blocklistStrings.unblock}
          onClose={() => setConfirming(false)}
          onConfirm={async () => {
            const result = await opsdesk.firewall.unblock({ profileId, entryId: entry.id });
            if (result.ok) {
              setUnblockedIp(entry.ip);
              void reload();
            }
            return result;
          }}
        >
          <p>
            {blocklistStrings.unblockBody} <bdi>{visibleText(entry.ip)}</bdi>
          </p>
        </ConfirmDialog>
      )}
    </section>
  );
}

/** The alert a block came from when its reason names one (OpsDesk's "Block source"), else the newest alerts from its address. */
function BlockOrigin({ profileId, entry }: { profileId: string; entry: BlockEntry }) {
  const s = useCatalogSection('firewall').blockTab;
  const alertId = alertIdInBlockReason(entry.reason);
  return (
    <section className="fw-block-origin" aria-label={alertId ? s.fromAlert : s.fromAddress}>
      <h3>{alertId ? s.fromAlert : s.fromAddress}</h3>
      {alertId ? <NamedAlert profileId={profileId} alertId={alertId} /> : <AlertsFrom profileId={profileId} ip={entry.ip} />}
    </section>
  );
}

function NamedAlert({ profileId, alertId }: { profileId: string; alertId: string }) {
  const s = useCatalogSection('firewall').blockTab;
  const [detail] = useBridgeQuery(() => opsdesk.firewall.alert({ profileId, alertId }));
  if (detail.status === 'loading') return <p className="muted">{s.readingAlerts}</p>;
  if (detail.status === 'failed') {
    return (
      <>
        <ErrorNotice error={detail.error} title={fill(s.alertUnread, { id: visibleText(alertId) })} />
        <OriginAlertList profileId={profileId} alerts={[{ id: alertId, severity: null, occurredAt: null, signature: null }]} />
      </>
    );
  }
  return <OriginAlertList profileId={profileId} alerts={[detail.data]} />;
}

function AlertsFrom({ profileId, ip }: { profileId: string; ip: string }) {
  const s = useCatalogSection('firewall').blockTab;
  const [page] = useBridgeQuery(() =>
    opsdesk.firewall.alerts({ profileId, filter: { cells: [{ field: 'srcIp', value: ip, mode: 'in' }] }, limit: RECENT_ALERTS }),
  );
  if (page.status === 'loading') return <p className="muted">{s.readingAlerts}</p>;
  if (page.status === 'failed') return <ErrorNotice error={page.error} title={s.alertsUnread} />;
  if (page.data.rows.length === 0) return <p className="muted">{s.noAlerts}</p>;
  return <OriginAlertList profileId={profileId} alerts={page.data.rows} />;
}

type OriginAlert = Pick<AlertRow, 'id' | 'severity' | 'occurredAt' | 'signature'>;

function OriginAlertList({ profileId, alerts }: { profileId: string; alerts: readonly OriginAlert[] }) {
  const s = useCatalogSection('firewall').blockTab;
  const navigate = useWorkspaceStore((store) => store.navigate);
  return (
    <ul className="fw-origin-alerts">
      {alerts.map((alert) => (
        <li key={alert.id} className="fw-origin-alert">
          <SeverityBadge severity={alert.severity} />
          {alert.occurredAt && <time dateTime={alert.occurredAt}>{formatAlertTime(alert.occurredAt)}</time>}
          <bdi className="fw-origin-signature">{cellText(alert.signature ?? fill(s.alertWithId, { id: alert.id }))}</bdi>
          <button type="button" className="button" aria-label={fill(s.openAlertNamed, { id: alert.id })} onClick={() => navigate({ kind: 'alert', params: { profileId, alertId: alert.id } })}>
            {s.openAlert}
          </button>
        </li>
      ))}
    </ul>
  );
}
