import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import type { IpcError } from '../../src-preload/contract/define.ts';
import type { ConnectionHealth, ProfileView } from '../../src-preload/contract/profiles.ts';
import { ErrorNotice } from '../ui/ErrorNotice.tsx';
import { Time } from '../ui/Time.tsx';
import { useWorkspaceStore } from '../workspace/workspace-store.ts';
import { CertificateChangeDialog } from './CertificateChangeDialog.tsx';
import { ConnectionSummaryText } from './ConnectionSummaryText.tsx';
import type { ConnectionTest } from './profiles-store.ts';

interface Props {
  profile: ProfileView;
  health: ConnectionHealth | undefined;
  test: ConnectionTest | undefined;
  retry(): void;
}

type BannerState =
  | { kind: 'connecting' }
  | { kind: 'connected' }
  /** The back end did not answer (network, TLS, timeout, 5xx). */
  | { kind: 'offline'; error: IpcError | undefined }
  /** The back end answered but refused (a bad key, a missing scope). */
  | { kind: 'refused'; error: IpcError };

function bannerState(health: ConnectionHealth | undefined, test: ConnectionTest | undefined): BannerState {
  if (!test || test.state === 'running') return { kind: 'connecting' };
  if (health?.state === 'unreachable') return { kind: 'offline', error: health.error ?? (test.state === 'failed' ? test.error : undefined) };
  if (test.state === 'failed') return { kind: 'refused', error: test.error };
  return { kind: 'connected' };
}

/** A view's connection, above its cached data: connecting, connected, or why not and what to do. */
export function ConnectionBanner({ profile, health, test, retry }: Props) {
  const { t } = useTranslation();
  const navigate = useWorkspaceStore((state) => state.navigate);
  const state = bannerState(health, test);
  const [reviewing, setReviewing] = useState(false);
  // A pinned server that presents another certificate: the one action is to compare and choose.
  const certificateChanged = (state.kind === 'offline' || state.kind === 'refused') && state.error?.code === 'certificate_changed';
  const lastReached = <LastReached at={health?.lastReachedAt ?? null} />;

  /** What the connection test learned, or why it failed: protocol detail, there when asked for. */
  const details =
    state.kind === 'connected' && test?.state === 'passed' ? (
      <ConnectionSummaryText summary={test.report.summary} />
    ) : (state.kind === 'offline' || state.kind === 'refused') && state.error ? (
      <ErrorNotice error={state.error} title={t('connection.cannotReach', { name: profile.name })} />
    ) : null;

  // One line: the state, when the back end last answered, the one action that helps; the rest behind Details.
  return (
    <>
    <section className={`card connection-banner connection-${state.kind}`} aria-label={t('connection.region')} aria-live="polite">
      <div className="connection-banner-line">
        {state.kind === 'connecting' && <span className="muted">{t('connection.connecting', { name: profile.name })}</span>}
        {state.kind === 'connected' && <span className="text-ok">{t('connection.connected', { name: profile.name })}</span>}
        {(state.kind === 'offline' || state.kind === 'refused') && (
          <>
            <strong>{certificateChanged ? t('certificateChange.banner') : state.kind === 'offline' ? t('connection.offline') : t('connection.refused')}</strong>
            <span className="muted">{lastReached}</span>
            {/* Retry helps a back end that answered before; one never reached more likely has a wrong address or key. */}
            {certificateChanged ? (
              <button type="button" className="button" onClick={() => setReviewing(true)}>
                {t('certificateChange.review')}
              </button>
            ) : state.kind === 'offline' && health?.lastReachedAt ? (
              <button type="button" className="button" onClick={retry}>
                {t('connection.retry')}
              </button>
            ) : (
              <button type="button" className="button" onClick={() => navigate({ kind: 'settings' })}>
                {t('connection.openSettings')}
              </button>
            )}
          </>
        )}
        {details && (
          <details className="connection-details">
            <summary>{t('connection.details')}</summary>
            <div className="connection-details-body">{details}</div>
          </details>
        )}
      </div>
    </section>
    {/* Outside the live region: the dialog is not read out as a change of the banner. */}
    {reviewing && <CertificateChangeDialog profile={profile} onClose={() => setReviewing(false)} />}
    </>
  );
}

function LastReached({ at }: { at: string | null }) {
  const { t } = useTranslation();
  if (!at) return <span>{t('connection.neverReached')}</span>;
  return (
    <span>
      <Trans i18nKey="connection.lastReached" components={{ time: <Time value={at} /> }} />
    </span>
  );
}
