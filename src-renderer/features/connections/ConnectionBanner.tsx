import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import type { IpcError } from '../../../src-shared/contract/define.ts';
import type { ConnectionHealth, ProfileView } from '../../../src-shared/contract/profiles.ts';
import { ErrorNotice } from '../../ui/ErrorNotice.tsx';
import { Time } from '../../ui/Time.tsx';
import { useWorkspaceStore } from '../../navigation/workspace-store.ts';
import { CertificateChangeDialog } from './CertificateChangeDialog.tsx';
import { ConnectionSummaryText } from './ConnectionSummaryText.tsx';
import type { ConnectionState } from '../../ui/connection-above.ts';
import type { ConnectionTest } from './connections-data.ts';

interface Props {
  profile: ProfileView;
  state: ConnectionState;
  health: ConnectionHealth | undefined;
  test: ConnectionTest | undefined;
  retry(): void;
}

/** Why a back end does not answer, in a few words; the protocol detail (host, port, code) waits behind Details. */
const OFFLINE_REASONS = new Set(['connection_refused', 'connection_reset', 'timeout', 'dns_failed', 'network_unreachable', 'proxy_failed', 'tls_failed', 'server_error', 'service_unavailable']);
const CERTIFICATE_REFUSALS = new Set(['untrusted_certificate', 'hostname_mismatch', 'certificate_expired', 'certificate_not_yet_valid', 'certificate_chain_incomplete', 'certificate_invalid']);

function offlineReason(error: IpcError | undefined): string {
  if (error && OFFLINE_REASONS.has(error.code)) return error.code;
  return error && CERTIFICATE_REFUSALS.has(error.code) ? 'certificate' : 'other';
}

/** A view's connection: connecting or connected, quietly in its header; degraded, or why not and what to do, above its cached data. */
export function ConnectionBanner({ profile, state, health, test, retry }: Props) {
  const { t } = useTranslation();
  const navigate = useWorkspaceStore((store) => store.navigate);
  const [reviewing, setReviewing] = useState(false);
  const failure = state.kind === 'offline' ? state.error : state.kind === 'refused' ? state.error : state.kind === 'degraded' ? state.refusal : undefined;
  // A pinned server that presents another certificate: the one action is to compare and choose.
  const certificateChanged = failure?.code === 'certificate_changed';

  /** What the connection test learned, or the failure in full: protocol detail, there when asked for. */
  const details =
    state.kind === 'connected' && test?.state === 'passed' ? (
      <ConnectionSummaryText summary={test.report.summary} />
    ) : failure ? (
      <>
        <ErrorNotice error={failure} title={state.kind === 'degraded' ? t('connection.refusedChange', { name: profile.name }) : t('connection.cannotReach', { name: profile.name })} />
        {state.kind === 'offline' && <LastReached at={state.lastReachedAt} />}
      </>
    ) : null;

  const skew = health?.clockAheadMs !== undefined && <ClockSkew aheadMs={health.clockAheadMs} />;
  const disclosure = details && (
    <details className="connection-details">
      <summary>{t('connection.details')}</summary>
      <div className="connection-details-body">{details}</div>
    </details>
  );
  // A connection that answers is said quietly, a dot and a word in the view's header; the rest is behind Details.
  if (state.kind === 'connected' || state.kind === 'connecting') {
    return (
      <section className={`connection-quiet connection-${state.kind}`} aria-label={t('connection.region')} aria-live="polite">
        <span className="status-dot" aria-hidden="true" />
        <span title={t(`connection.${state.kind}`, { name: profile.name })}>{t(`connection.${state.kind}Short`)}</span>
        {skew}
        {disclosure}
      </section>
    );
  }

  // One line: the state, since when and why in words, the one action that helps; the rest behind Details.
  return (
    <>
    <section className={`card connection-banner connection-${state.kind}`} aria-label={t('connection.region')} aria-live="polite">
      <div className="connection-banner-line">
        {state.kind === 'degraded' && (
          <strong>
            <Trans i18nKey="connection.degraded" values={{ name: profile.name }} components={{ time: <Time value={state.refusedAt} /> }} />
          </strong>
        )}
        {state.kind === 'offline' && !certificateChanged && (
          <>
            <strong>
              {state.since ? <Trans i18nKey="connection.offlineSince" components={{ time: <Time value={state.since} /> }} /> : t('connection.offline')}
            </strong>
            <span>{t(`connection.offlineBecause.${offlineReason(state.error)}`)}</span>
            {state.lastReachedAt === null && <span className="muted">{t('connection.neverReached')}</span>}
          </>
        )}
        {state.kind === 'refused' && !certificateChanged && <strong>{t('connection.refused')}</strong>}
        {certificateChanged && <strong>{t('certificateChange.banner')}</strong>}
        {/* Retry helps a back end that answered before; one never reached more likely has a wrong address or key. */}
        {certificateChanged ? (
          <button type="button" className="button" onClick={() => setReviewing(true)}>
            {t('certificateChange.review')}
          </button>
        ) : state.kind === 'offline' && state.lastReachedAt ? (
          <button type="button" className="button" onClick={retry}>
            {t('connection.retry')}
          </button>
        ) : state.kind !== 'degraded' ? (
          <button type="button" className="button" onClick={() => navigate({ kind: 'settings', params: { section: profile.service } })}>
            {t('connection.openSettings')}
          </button>
        ) : null}
        {skew}
        {disclosure}
      </div>
    </section>
    {/* Outside the live region: the dialog is not read out as a change of the banner. */}
    {reviewing && <CertificateChangeDialog profile={profile} onClose={() => setReviewing(false)} />}
    </>
  );
}

function LastReached({ at }: { at: string | null }) {
  const { t } = useTranslation();
  if (!at) return <p className="muted">{t('connection.neverReached')}</p>;
  return (
    <p className="muted">
      <Trans i18nKey="connection.lastReached" components={{ time: <Time value={at} /> }} />
    </p>
  );
}

/** Said here once: the times the back end sends (an alert's, a block's end) are as far off as its clock. */
function ClockSkew({ aheadMs }: { aheadMs: number }) {
  const { t } = useTranslation();
  const minutes = Math.round(Math.abs(aheadMs) / 60_000);
  return <span className="muted">{aheadMs > 0 ? t('connection.clockAhead', { count: minutes }) : t('connection.clockBehind', { count: minutes })}</span>;
}
