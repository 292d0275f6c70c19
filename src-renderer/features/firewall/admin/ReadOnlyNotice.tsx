import type { Permission } from '../../../../src-preload/contract/firewall.ts';
import { useTranslation } from 'react-i18next';

/** Says before the user tries why this section's controls are read-only. */
export function ReadOnlyNotice({ permission }: { permission: Permission }) {
  const { t } = useTranslation();
  if (permission.state !== 'denied') return null;
  return (
    <div className="notice notice-warning" role="note">
      <strong>{t('firewallAdmin.common.readOnly')}</strong>
      <p>{permission.reason}</p>
    </div>
  );
}
