import { useTranslation } from 'react-i18next';
import type { IpcError } from '../../../../src-shared/contract/define.ts';
import { useErrorText } from '../../../language/use-error-text.ts';
import { ErrorNotice } from '../../../ui/ErrorNotice.tsx';
import { LiveBadge } from '../../../ui/LiveBadge.tsx';
import { Time } from '../../../ui/Time.tsx';
import { useWorkspaceStore } from '../../../navigation/workspace-store.ts';
import { useSupportAccess } from './use-support-access.ts';
import { KeyAccess, useKeyTypeText } from '../../connections/index.ts';

/**
 * The Support view's key line: TEST (the view's header already shows LIVE for a live key), the key's
 * type and scopes, and why the site refuses it, if it does.
 */
export function AccessSummary({ profileId, headerShowsLive }: { profileId: string; headerShowsLive: boolean }) {
  const { t } = useTranslation();
  const { access, failure, checking, recheck } = useSupportAccess(profileId);
  const keyTypeText = useKeyTypeText();
  // A refused /meta names no type or scopes; "0 scopes" would say the key has none.
  const scopesKnown = access !== null && !(access.blocked && access.scopes.length === 0 && access.keyType === null);
  return (
    <>
      <section className="support-access" aria-label={t('supportDesk.access.region')}>
        {access ? (
          <>
            {access.live ? !headerShowsLive && <LiveBadge /> : access.keyEnv === 'test' && <TestBadge />}
            {scopesKnown && <span>{keyTypeText(access.keyType)}</span>}
            <span>{t('supportDesk.access.site', { site: access.site })}</span>
            {/* In words, and long: on demand here, above the inbox; Settings shows it whole. */}
            {scopesKnown && (
              <details className="support-key-access">
                <summary>{t('supportDesk.access.mayDo')}</summary>
                <KeyAccess scopes={access.scopes} />
              </details>
            )}
            {access.from === 'cache' && (
              <span className="muted">
                {t('supportDesk.access.asOf')} <Time value={access.checkedAt} />
              </span>
            )}
          </>
        ) : (
          checking && <span className="muted">{t('supportDesk.access.checking')}</span>
        )}
        <button type="button" className="button support-recheck" disabled={checking} onClick={recheck}>
          {t('supportDesk.access.recheck')}
        </button>
      </section>
      {access?.blocked ? <BlockedNotice error={access.blocked} site={access.site} /> : failure && <ErrorNotice error={failure} title={t('supportDesk.access.failed')} />}
    </>
  );
}

function TestBadge() {
  const { t } = useTranslation();
  return (
    <span className="badge badge-test" title={t('supportDesk.access.testTooltip')}>
      {t('supportDesk.access.testBadge')}
    </span>
  );
}

/** The site refuses this key altogether: what the server said, and what the user can do about it, step by step. */
function BlockedNotice({ error, site }: { error: IpcError; site: string }) {
  const { t } = useTranslation();
  const navigate = useWorkspaceStore((state) => state.navigate);
  const { message, hint } = useErrorText(error);
  return (
    <div className="notice notice-error support-blocked" role="alert">
      <strong>{t('supportDesk.access.blockedTitle', { site })}</strong>
      <p className="notice-message">{message}</p>
      {error.code === 'channel_disabled' ? (
        <ol className="support-steps" aria-label={t('supportDesk.access.whatToDo')}>
          <li>{t('supportDesk.access.channelSteps.signIn')}</li>
          <li>{t('supportDesk.access.channelSteps.open', { site })}</li>
          <li>{t('supportDesk.access.channelSteps.recheck')}</li>
        </ol>
      ) : error.code === 'wrong_site' ? (
        <p>
          {t('supportDesk.access.wrongSite', { site })}{' '}
          <button type="button" className="link-button" onClick={() => navigate({ kind: 'settings', params: { section: 'support' } })}>
            {t('notConfigured.openSettings')}
          </button>
        </p>
      ) : error.code === 'forbidden_ip' ? (
        <p>{t('supportDesk.access.forbiddenIp')}</p>
      ) : (
        hint && <p className="notice-hint">{hint}</p>
      )}
      <p className="notice-meta">
        {error.status !== undefined && <span>{t('errorNotice.status', { status: error.status })}</span>}
        <span>{error.code}</span>
        {error.requestId && <span>{t('errorNotice.request', { id: error.requestId })}</span>}
      </p>
    </div>
  );
}
