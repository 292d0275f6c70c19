import { ItemHistory } from '../../activity/index.ts';
import { SimilarItems } from '../../assistant/index.ts';
import { ItemCases } from '../../cases/index.ts';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { IpcError } from '../../../../src-shared/contract/define.ts';
import type { AlertDetail, PendingBlockChange } from '../../../../src-shared/contract/firewall.ts';
import { useConnectionState } from '../../connections/index.ts';
import { failedToReach } from '../../../ui/connection-above.ts';
import { useErrorText } from '../../../language/use-error-text.ts';
import { offersActions, WriteActions, WriteStateWords } from '../../outbox/index.ts';
import { useOutboxEntry } from '../../outbox/index.ts';
import { AddressText } from '../../../ui/AddressText.tsx';
import { ErrorNotice } from '../../../ui/ErrorNotice.tsx';
import { Time } from '../../../ui/Time.tsx';
import { useWorkspaceStore } from '../../../navigation/workspace-store.ts';
import { AllowButton } from '../allowlist/AllowDialog.tsx';
import { BlockDialog } from '../blocklist/BlockDialog.tsx';
import { Remaining } from '../parts/Remaining.tsx';
import { UnblockDialog } from '../blocklist/UnblockDialog.tsx';
import { BlockCautionLine, cautionsAt } from '../parts/BlockCautions.tsx';
import { blockOf, useAlertDetail, useBlockCautions, useBlocklist, useFirewallWrites } from '../firewall-data.ts';
import { useNow } from '../use-now.ts';
import { useOperateState } from '../operate-state.ts';
import { visibleText } from '../../../../src-shared/visible-text.ts';
import { AlertConversations } from '../triage/AlertConversations.tsx';
import { SeverityBadge } from '../parts/SeverityBadge.tsx';
import { useAlertCodeWords } from '../parts/alert-code-words.ts';
import { AlertLinks } from './AlertWorkItems.tsx';

interface Props {
  profileId: string;
  alertId: string;
  /** In the alerts table: a close button and a way to open the alert in its own tab. */
  onClose?(): void;
}

/** One alert: the appliance's detail when it answers, the cached copy when not; Block source and Allow, each asked first and undoable. */
export function AlertDetailPane({ profileId, alertId, onClose }: Props) {
  const { t } = useTranslation();
  const detail = useAlertDetail(profileId, alertId);
  const navigate = useWorkspaceStore((state) => state.navigate);

  return (
    <aside
      className="fw-detail card"
      aria-label={t('firewall.alerts.detail.title', { id: alertId })}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && onClose && !(event.target instanceof HTMLSelectElement)) onClose();
      }}
    >
      <header className="fw-detail-header">
        <h2>
          <bdi>{t('firewall.alerts.detail.title', { id: visibleText(alertId) })}</bdi>
        </h2>
        {onClose && (
          <>
            <button type="button" className="button" onClick={() => navigate({ kind: 'alert', params: { profileId, alertId } })}>
              {t('firewall.alerts.detail.openInTab')}
            </button>
            <button type="button" className="dialog-close" aria-label={t('firewall.alerts.detail.close')} title={t('firewall.alerts.detail.closeTitle')} onClick={onClose}>
              ×
            </button>
          </>
        )}
      </header>
      {detail.isPending && <p className="muted">{t('firewall.alerts.detail.loading')}</p>}
      {detail.isError && (
        <>
          <ErrorNotice read error={detail.error} title={t('firewall.alerts.detail.readFailed')} />
          <button type="button" className="button" onClick={() => void detail.refetch()}>
            {t('firewall.alerts.detail.tryAgain')}
          </button>
        </>
      )}
      {detail.isSuccess && <AlertFields profileId={profileId} detail={detail.data} />}
    </aside>
  );
}

function AlertFields({ profileId, detail }: { profileId: string; detail: AlertDetail }) {
  const { t } = useTranslation();
  const field = (name: string) => t(`firewall.alerts.fields.${name}`);
  const words = useAlertCodeWords();
  const fields: [string, string | number | null][] = [
    [field('srcIp'), detail.srcIp],
    [field('srcPort'), detail.srcPort],
    [field('dstIp'), detail.dstIp],
    [field('dstPort'), detail.dstPort],
    [field('protocol'), detail.protocol],
    [field('category'), detail.category && words.category(detail.category)],
    [field('action'), detail.action && words.action(detail.action)],
    [field('signature'), detail.signature],
    [field('message'), detail.message],
    [field('deviceId'), detail.deviceId],
    [field('ruleId'), detail.ruleId],
    [field('payloadExcerpt'), detail.payloadExcerpt],
    ...detail.otherFields.map(({ name, value }): [string, string] => [visibleText(name), value]),
  ];

  return (
    <>
      <WhereFrom profileId={profileId} detail={detail} />
      <p>
        <SeverityBadge severity={detail.severity} />
      </p>
      {detail.srcIp && <BlockSource profileId={profileId} detail={detail} />}
      <AlertLinks profileId={profileId} detail={detail} />
      <AlertConversations profileId={profileId} alertId={detail.id} />
      <ItemCases item={{ kind: 'alert', profileId, itemId: detail.id }} label={detail.signature ?? detail.message ?? detail.id} />
      <dl className="fw-fields">
        {detail.occurredAt && (
          <div className="fw-field">
            <dt>{field('occurredAt')}</dt>
            <dd>
              <Time value={detail.occurredAt} />
            </dd>
          </div>
        )}
        {fields
          .filter(([, value]) => value !== null && value !== '')
          .map(([label, value]) => (
            <div key={label} className="fw-field">
              <dt>{label}</dt>
              <dd>
                <bdi>
                  <AddressText text={String(value)} />
                </bdi>
              </dd>
            </div>
          ))}
      </dl>
      <SimilarItems kind="alert" profileId={profileId} id={detail.id} />
      {detail.srcIp && <ItemHistory target={{ address: detail.srcIp }} />}
    </>
  );
}

/**
 * Where the copy shown comes from. Whether the appliance answers is the connection's one state to
 * say (its reason is the banner's, told once): offline, the pane says so whatever it read before;
 * answering again, a copy read from the cache because it did not is read again (invalidations.ts).
 */
function WhereFrom({ profileId, detail }: { profileId: string; detail: AlertDetail }) {
  const { t } = useTranslation();
  const connection = useConnectionState(profileId);
  const note = (words: ReactNode) => (
    <p className="notice notice-warning" role="note">
      {words}
    </p>
  );
  if (connection.kind === 'offline') return note(t('firewall.alerts.detail.offline'));
  if (detail.from !== 'cache') return null;
  if (!detail.error) return note(t('firewall.alerts.detail.fromCache'));
  if (failedToReach(detail.error)) return note(t('firewall.alerts.detail.readingAgain'));
  return note(<FromCacheBecause error={detail.error} />);
}

function FromCacheBecause({ error }: { error: IpcError }) {
  const { t } = useTranslation();
  return <>{t('firewall.alerts.detail.fromCacheBecause', { reason: useErrorText(error).message })}</>;
}

/** A block made here that the appliance has not taken: where its write stands, with Retry and Discard (its undo) until it goes. */
function WaitingBlock({ ip, pending }: { ip: string; pending: PendingBlockChange }) {
  const { t } = useTranslation();
  const write = useOutboxEntry(pending.writeId);
  return (
    <p className="fw-blocked-note fw-block-waiting" role="status">
      <span className="badge badge-waiting">{t('firewall.alerts.waitingBadge')}</span>
      <span>
        {t('firewall.alerts.detail.blockWaiting')} <bdi>{visibleText(ip)}</bdi> {t('firewall.alerts.detail.blockWaitingEnd')}
        {write && (
          <>
            {' · '}
            <WriteStateWords entry={write} />
          </>
        )}
      </span>
      {write && offersActions(write) && <WriteActions entry={write} />}
    </p>
  );
}

function BlockSource({ profileId, detail }: { profileId: string; detail: AlertDetail }) {
  const { t } = useTranslation();
  const operate = useOperateState(profileId);
  const blocklist = useBlocklist(profileId);
  const writes = useFirewallWrites(profileId);
  const now = useNow(30_000);
  const [asking, setAsking] = useState<'block' | 'extend' | 'unblock' | null>(null);
  const ip = detail.srcIp ?? '';
  const entry = blockOf(blocklist.data, ip);
  const waiting = entry?.pending?.change === 'block' ? entry.pending : undefined;
  const { cautions } = useBlockCautions(profileId, ip);
  const refused = cautionsAt(cautions, 'refuse').length > 0;
  // Said while Block source is offered; a block made or waiting has said it already.
  const offered = !detail.sourceBlocked && !entry;

  return (
    <div className="fw-block-source">
      {waiting && !detail.sourceBlocked ? (
        <WaitingBlock ip={ip} pending={waiting} />
      ) : detail.sourceBlocked || entry ? (
        <p className="fw-blocked-note" role="status">
          <span className="badge badge-blocked">{t('firewall.alerts.blockedBadge')}</span>
          <span>
            {t('firewall.alerts.detail.sourceBlocked')} <bdi>{visibleText(ip)}</bdi>
            {entry && (
              <>
                {' · '}
                {t('firewall.alerts.detail.blockLeft')} <Remaining entry={entry} now={now} />
              </>
            )}
          </span>
        </p>
      ) : (
        <button
          type="button"
          className="button-primary"
          disabled={!operate.allowed || refused}
          title={operate.allowed ? t('firewall.alerts.detail.reasonTitle', { id: detail.id, signature: detail.signature ?? '' }) : operate.reason}
          onClick={() => setAsking('block')}
        >
          {t('firewall.alerts.detail.blockSource')} <bdi>{visibleText(ip)}</bdi>
        </button>
      )}
      {entry && !waiting && (
        <>
          <button type="button" className="button" disabled={!operate.allowed} title={operate.reason} onClick={() => setAsking('extend')}>
            {t('firewall.blocklist.extend')}
          </button>
          <button type="button" className="button-danger" disabled={!operate.allowed} title={operate.reason} onClick={() => setAsking('unblock')}>
            {t('firewall.blocklist.unblock')}
          </button>
        </>
      )}
      <AllowButton profileId={profileId} ip={ip} domain={detail.domain} reason={`OpsDesk: alert ${detail.id}: ${detail.signature ?? detail.category ?? ''}`} />
      {offered && <BlockCautionLine cautions={cautions} />}
      {(asking === 'block' || asking === 'extend') && (
        <BlockDialog
          profileId={profileId}
          ip={ip}
          purpose={asking}
          origin={{ kind: 'alert', alertId: detail.id }}
          reason={asking === 'extend' && entry ? (entry.reason ?? '') : (detail.signature ?? detail.category ?? '')}
          onClose={() => setAsking(null)}
        />
      )}
      {asking === 'unblock' && entry && <UnblockDialog entry={entry} onClose={() => setAsking(null)} onConfirm={() => writes.unblockMade(entry)} />}
    </div>
  );
}
