import { useTranslation } from 'react-i18next';
import type { IpcError } from '../../../../src-preload/contract/define.ts';
import { ErrorNotice } from '../../../ui/ErrorNotice.tsx';
import { LiveBadge } from '../../../ui/LiveBadge.tsx';
import { Time } from '../../../ui/Time.tsx';
import { useWorkspaceStore } from '../../../workspace/workspace-store.ts';
import { useSupportAccess } from './use-support-access.ts';

const knownKeyTypes = ['runtime', 'ops', 'agent'] as const;
const isKnownKeyType = (type: string): type is (typeof knownKeyTypes)[number] => (knownKeyTypes as readonly string[]).includes(type);

/** The Support view's key line: LIVE or TEST, the key's type and scopes, and why the site refuses it, if it does. */
export function AccessSummary({ profileId }: { profileId: string }) {
  const { t } = useTranslation();
  const { access, failure, checking, recheck } = useSupportAccess(profileId);
  return (
    <>
      <section className="support-access" aria-label={t('supportDesk.access.region')}>
        {access ? (
          <>
            {access.live ? <LiveBadge /> : access.keyEnv === 'test' && <TestBadge />}
            <span>
              {t('supportDesk.access.keyType', {
                type: access.keyType === null ? t('supportDesk.access.unknownType') : isKnownKeyType(access.keyType) ? t(`supportDesk.access.keyTypes.${access.keyType}`) : access.keyType,
              })}
            </span>
            <span>{t('supportDesk.access.site', { site: access.site })}</span>
            <details className="support-scopes">
              <summary>{t('supportDesk.access.scopes', { count: access.scopes.length })}</summary>
              <ul>
                {access.scopes.map((scope) => (
                  <li key={scope}>
                    <code>{scope}</code>
                  </li>
                ))}
              </ul>
            </details>
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

/** The site refuses this key altogether: what the server said, and what the user can do about it. */
function BlockedNotice({ error, site }: { error: IpcError; site: string }) {
  const { t } = useTranslation();
  const navigate = useWorkspaceStore((state) => state.navigate);
  return (
    <div className="support-blocked">
      <ErrorNotice error={error} title={t('supportDesk.access.blockedTitle', { site })} />
      {error.code === 'channel_disabled' && (
        <ol className="support-steps" aria-label={t('supportDesk.access.whatToDo')}>
          <li>{t('supportDesk.access.channelSteps.signIn')}</li>
          <li>{t('supportDesk.access.channelSteps.open', { site })}</li>
          <li>{t('supportDesk.access.channelSteps.recheck')}</li>
        </ol>
      )}
      {error.code === 'wrong_site' && (
        <p>
          {t('supportDesk.access.wrongSite', { site })}{' '}
          <button type="button" className="link-button" onClick={() => navigate('settings')}>
            {t('notConfigured.openSettings')}
          </button>
        </p>
      )}
      {error.code === 'forbidden_ip' && <p>{t('supportDesk.access.forbiddenIp')}</p>}
    </div>
  );
}
