import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { TabParams } from '../../../src-preload/contract/workspace.ts';
import { ServiceConnection } from '../../connections/ServiceConnection.tsx';
import { AlertDetailPane } from './alerts/AlertDetailPane.tsx';
import './firewall.css';

export const alertTitle = (params: TabParams, t: TFunction): string =>
  params.alertId === undefined ? t('views.alert.title') : t('views.alert.titleWithId', { alertId: params.alertId });

/** One alert in its own tab, opened by `navigate('alert', { profileId, alertId })` from a list or a notification. */
export function AlertView({ params }: { params: TabParams }) {
  const { t } = useTranslation();
  const profileId = typeof params.profileId === 'string' ? params.profileId : '';
  const alertId = params.alertId === undefined ? '' : String(params.alertId);
  return (
    <ServiceConnection
      service="firewall"
      title={alertTitle(params, t)}
      profileId={profileId}
      needs={t('firewall.alerts.detail.removed')}
    >
      {() => <AlertDetailPane profileId={profileId} alertId={alertId} />}
    </ServiceConnection>
  );
}
