import type { Permission } from './use-admin-access.ts';
import { useAdminText } from './use-admin-text.ts';

/** Says before the user tries why this section's controls are read-only. */
export function ReadOnlyNotice({ permission }: { permission: Permission }) {
  const { t } = useAdminText();
  if (permission.state !== 'denied') return null;
  return (
    <div className="notice notice-warning" role="note">
      <strong>{t('common.readOnly')}</strong>
      <p>{permission.reason}</p>
    </div>
  );
}
