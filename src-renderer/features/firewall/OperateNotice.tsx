import { useTranslation } from 'react-i18next';
import { useFirewallCapabilities } from './firewall-data.ts';
import { operateState } from './operate-state.ts';

/**
 * Says once, above a firewall view, that its block and list controls are off and why (or that a
 * change may be refused); the controls below carry the reason on hover, and a section whose own
 * controls are off for the same reason says nothing more (admin/ReadOnlyNotice.tsx).
 */
export function OperateNotice({ profileId }: { profileId: string }) {
  const { t } = useTranslation();
  const capabilities = useFirewallCapabilities(profileId);
  const operate = operateState(capabilities);
  if (operate.allowed) {
    return operate.reason ? (
      <p className="notice fw-rights-unknown" role="note">
        {operate.reason}
      </p>
    ) : null;
  }
  const everything = capabilities?.administer.state === 'denied' && capabilities.administer.reason === capabilities.operate.reason;
  return (
    <p className="notice notice-warning fw-read-only" role="note" aria-label={t('firewall.readOnly.label')}>
      <strong>{t('firewall.readOnly.heading')}</strong> {operate.reason} {t(everything ? 'firewall.readOnly.effectEverything' : 'firewall.readOnly.effect')}
    </p>
  );
}
