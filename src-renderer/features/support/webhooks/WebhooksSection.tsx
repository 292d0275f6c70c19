import { useTranslation } from 'react-i18next';
import { supportCalls, useRemoteRefresh, useSupportRemote } from '../support-data.ts';
import { ErrorNotice } from '../../../ui/ErrorNotice.tsx';
import { Time } from '../../../ui/Time.tsx';
import { ScopeMissing } from '../access/ScopeGate.tsx';
import { useSupportAccess } from '../access/use-support-access.ts';
import type { SupportSectionProps } from '../section.ts';
import { ReceiverSettings } from './ReceiverSettings.tsx';
import { RegisterWebhook } from './RegisterWebhook.tsx';
import { useReceiverStatus } from './use-receiver-status.ts';

/** Webhooks: the site's registrations, registering one (its secret shown once), and OpsDesk's own receiver. */
export function WebhooksSection({ profile }: SupportSectionProps) {
  const { t } = useTranslation();
  const manageable = useSupportAccess(profile.id).allows('hooks.write');
  const receiver = useReceiverStatus();
  const refresh = useRemoteRefresh(profile.id);
  return (
    <section className="support-stack" aria-label={t('supportDesk.sections.webhooks')}>
      {manageable === false ? (
        <ScopeMissing scope="hooks.write" />
      ) : (
        <>
          <WebhookList profileId={profile.id} />
          <RegisterWebhook profileId={profile.id} receiverUrl={receiver.status?.url ?? null} onRegistered={() => refresh('webhooks')} />
        </>
      )}
      <ReceiverSettings receiver={receiver} />
    </section>
  );
}

function WebhookList({ profileId }: { profileId: string }) {
  const { t } = useTranslation();
  const state = useSupportRemote(profileId, 'webhooks', () => supportCalls(profileId).webhooks.list({}));
  return (
    <section className="card" aria-label={t('supportDesk.webhooks.listRegion')}>
      <div className="section-header">
        <h2>{t('supportDesk.webhooks.listRegion')}</h2>
        <button type="button" className="button" onClick={() => void state.refetch()}>
          {t('supportDesk.common.refresh')}
        </button>
      </div>
      {state.isPending && <p className="muted">{t('supportDesk.common.loading')}</p>}
      {state.isError && <ErrorNotice read error={state.error} title={t('supportDesk.webhooks.listFailed')} />}
      {state.isSuccess && state.data.length === 0 && <p className="muted">{t('supportDesk.webhooks.none')}</p>}
      {state.isSuccess && state.data.length > 0 && (
        <div className="support-table-wrap">
          <table className="support-table">
            <thead>
              <tr>
                <th scope="col">{t('supportDesk.webhooks.url')}</th>
                <th scope="col">{t('supportDesk.webhooks.events')}</th>
                <th scope="col">{t('supportDesk.webhooks.state')}</th>
                <th scope="col">{t('supportDesk.webhooks.created')}</th>
                <th scope="col">{t('supportDesk.webhooks.secret')}</th>
              </tr>
            </thead>
            <tbody>
              {state.data.map((hook) => (
                <tr key={hook.id}>
                  <td className="support-wrap">
                    {hook.url}
                    <div className="muted support-id">{hook.id}</div>
                  </td>
                  <td>
                    <details>
                      <summary>{t('supportDesk.webhooks.eventCount', { count: hook.events.length })}</summary>
                      <ul className="support-plain-list">
                        {hook.events.map((kind) => (
                          <li key={kind}>
                            <code>{kind}</code>
                          </li>
                        ))}
                      </ul>
                    </details>
                  </td>
                  <td>{hook.active ? t('supportDesk.webhooks.active') : t('supportDesk.webhooks.inactive')}</td>
                  <td>{hook.createdAt === null ? '—' : <Time value={hook.createdAt} />}</td>
                  <td>{hook.secretHeld ? t('supportDesk.webhooks.secretHeld') : t('supportDesk.webhooks.secretElsewhere')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
