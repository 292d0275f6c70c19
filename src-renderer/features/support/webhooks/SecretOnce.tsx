import { useTranslation } from 'react-i18next';
import type { RegisteredSupportWebhook } from '../../../../src-shared/contract/support-webhooks.ts';

/** The one time the signing secret is on screen; dismissing it drops the last copy the window holds. */
export function SecretOnce({ webhook, onDone }: { webhook: RegisteredSupportWebhook; onDone(): void }) {
  const { t } = useTranslation();
  return (
    <div className="notice support-secret" role="alert" aria-label={t('supportDesk.webhooks.secretRegion')}>
      <strong>{t('supportDesk.webhooks.registered', { url: webhook.url })}</strong>
      <p>{t('supportDesk.webhooks.secretIntro')}</p>
      <code className="support-secret-value">{webhook.secret}</code>
      <p>{webhook.storedInKeychain ? t('supportDesk.webhooks.storedInKeychain') : t('supportDesk.webhooks.sessionOnly')}</p>
      <p className="muted">{t('supportDesk.webhooks.shownOnce')}</p>
      <button type="button" className="button-primary" onClick={onDone}>
        {t('supportDesk.webhooks.secretDone')}
      </button>
    </div>
  );
}
