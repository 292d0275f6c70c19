import { useState } from 'react';
import type { IpcError } from '../../../../src-preload/contract/define.ts';
import type { AlertDetail } from '../../../../src-preload/contract/firewall.ts';
import { opsdesk } from '../../../bridge.ts';
import { ErrorNotice } from '../../../ui/ErrorNotice.tsx';
import { useBridgeQuery } from '../../../ui/use-bridge-query.ts';
import { useWorkspaceStore } from '../../../workspace/workspace-store.ts';
import { DurationPicker, defaultBlockSeconds } from '../blocklist/DurationPicker.tsx';
import { operateState, useFirewallStatusStore } from '../firewall-status-store.ts';
import { visibleText } from '../table/visible-text.ts';
import { formatAlertTime, SeverityBadge } from './alert-columns.tsx';
import { fill } from '../../../ui/fill-template.ts';
import { useCatalogSection } from '../../../ui/use-catalog-section.ts';

interface Props {
  profileId: string;
  alertId: string;
  /** In the alerts table: a close button and a way to open the alert in its own tab. */
  onClose?(): void;
}

/** One alert: the appliance's detail when it answers, the cached copy when not; "Block source" in one click. */
export function AlertDetailPane({ profileId, alertId, onClose }: Props) {
  const s = useCatalogSection('firewall').alerts.detail;
  const [detail, reload] = useBridgeQuery(() => opsdesk.firewall.alert({ profileId, alertId }));
  const navigate = useWorkspaceStore((state) => state.navigate);

  return (
    <aside
      className="fw-detail card"
      aria-label={fill(s.title, { id: alertId })}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && onClose && !(event.target instanceof HTMLSelectElement)) onClose();
      }}
    >
      <header className="fw-detail-header">
        <h2>
          <bdi>{fill(s.title, { id: visibleText(alertId) })}</bdi>
        </h2>
        {onClose && (
          <>
            <button type="button" className="button" onClick={() => navigate({ kind: 'alert', params: { profileId, alertId } })}>
              {s.openInTab}
            </button>
            <button type="button" className="dialog-close" aria-label={s.close} title={s.closeTitle} onClick={onClose}>
              ×
            </button>
          </>
        )}
      </header>
      {detail.status === 'loading' && <p className="muted">{s.loading}</p>}
      {detail.status === 'failed' && (
        <>
          <ErrorNotice error={detail.error} title={s.readFailed} />
          <button type="button" className="button" onClick={reload}>
            {s.tryAgain}
          </button>
        </>
      )}
      {detail.status === 'ready' && <AlertFields profileId={profileId} detail={detail.data} onBlocked={reload} />}
    </aside>
  );
}

function AlertFields({ profileId, detail, onBlocked }: { profileId: string; detail: AlertDetail; onBlocked(): void }) {
  const alertStrings = useCatalogSection('firewall').alerts;
  const s = alertStrings.detail;
  const alertFieldTitles = alertStrings.fields;
  const fields: [string, string | number | null][] = [
    [alertFieldTitles.occurredAt, formatAlertTime(detail.occurredAt)],
    [alertFieldTitles.srcIp, detail.srcIp],
    [alertFieldTitles.srcPort, detail.srcPort],
    [alertFieldTitles.dstIp, detail.dstIp],
    [alertFieldTitles.dstPort, detail.dstPort],
    [alertFieldTitles.protocol, detail.protocol],
    [alertFieldTitles.category, detail.category],
    [alertFieldTitles.action, detail.action],
    [alertFieldTitles.signature, detail.signature],
    [alertStrings.fields.message, detail.message],
    [alertFieldTitles.deviceId, detail.deviceId],
    [alertStrings.fields.ruleId, detail.ruleId],
    [alertStrings.fields.payloadExcerpt, detail.payloadExcerpt],
    ...detail.otherFields.map(({ name, value }): [string, string] => [visibleText(name), value]),
  ];

  return (
    <>
      {detail.from === 'cache' && (
        <p className="notice notice-warning" role="note">
          {detail.error ? fill(s.fromCacheBecause, { reason: detail.error.message }) : s.fromCache}
        </p>
      )}
      <p>
        <SeverityBadge severity={detail.severity} />
      </p>
      {detail.srcIp && <BlockSource profileId={profileId} detail={detail} onBlocked={onBlocked} />}
      <dl className="fw-fields">
        {fields
          .filter(([, value]) => value !== null && value !== '')
          .map(([label, value]) => (
            <div key={label} className="fw-field">
              <dt>{label}</dt>
              <dd>
                <bdi>{visibleText(String(value))}</bdi>
              </dd>
            </div>
          ))}
      </dl>
    </>
  );
}

function BlockSource({ profileId, detail, onBlocked }: { profileId: string; detail: AlertDetail; onBlocked(): void }) {
  const alertStrings = useCatalogSection('firewall').alerts;
  const s = alertStrings.detail;
  const capabilities = useFirewallStatusStore((state) => state.capabilities[profileId]);
  const operate = operateState(capabilities);
  const [seconds, setSeconds] = useState(defaultBlockSeconds);
  const [state, setState] = useState<{ kind: 'idle' } | { kind: 'blocking' } | { kind: 'failed'; error: IpcError }>({ kind: 'idle' });

  if (detail.sourceBlocked) {
    return (
      <p className="fw-blocked-note" role="status">
        <span className="badge badge-blocked">{alertStrings.blockedBadge}</span>
        <span>
          {s.sourceBlocked} <bdi>{visibleText(detail.srcIp ?? '')}</bdi>
        </span>
      </p>
    );
  }

  const block = async () => {
    setState({ kind: 'blocking' });
    const result = await opsdesk.firewall.blockAlertSource({ profileId, alertId: detail.id, durationSeconds: seconds });
    if (result.ok) {
      setState({ kind: 'idle' });
      onBlocked();
    } else {
      setState({ kind: 'failed', error: result.error });
    }
  };

  return (
    <div className="fw-block-source">
      <button
        type="button"
        className="button-primary"
        disabled={!operate.allowed || state.kind === 'blocking'}
        title={operate.allowed ? fill(s.reasonTitle, { id: detail.id, signature: detail.signature ?? '' }) : operate.reason}
        onClick={() => void block()}
      >
        {state.kind === 'blocking' ? s.blocking : <>{s.blockSource} <bdi>{visibleText(detail.srcIp ?? '')}</bdi></>}
      </button>
      <DurationPicker seconds={seconds} onChange={setSeconds} disabled={!operate.allowed} />
      {!operate.allowed && <span className="muted">{operate.reason}</span>}
      {state.kind === 'failed' && <ErrorNotice error={state.error} title={s.notBlocked} />}
    </div>
  );
}
