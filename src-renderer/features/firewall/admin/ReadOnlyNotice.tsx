import type { Permission } from '../../../../src-shared/contract/firewall.ts';
import { useTranslation } from 'react-i18next';
import { useFirewallCapabilities } from '../firewall-data.ts';

/**
 * Says before the user tries why this section's controls are read-only, unless the view's own
 * notice (OperateNotice) already says it for the same reason: each notice is shown once.
 */
export function ReadOnlyNotice({ profileId, permission }: { profileId: string; permission: Permission }) {
  const { t } = useTranslation();
  const operate = useFirewallCapabilities(profileId)?.operate;
  if (permission.state !== 'denied' || (operate?.state === 'denied' && operate.reason === permission.reason)) return null;
  return (
    <div className="notice notice-warning" role="note">
      <strong>{t('firewallAdmin.common.readOnly')}</strong>
      <p>{permission.reason}</p>
    </div>
  );
}
