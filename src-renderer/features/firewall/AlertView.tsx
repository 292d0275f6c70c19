import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { TabParams } from '../../../src-preload/contract/workspace.ts';
import { ServiceConnection } from '../../connections/ServiceConnection.tsx';
import { NothingCached } from '../../ui/NothingCached.tsx';

export const alertTitle = (params: TabParams, t: TFunction): string =>
  params.alertId === undefined ? t('views.alert.title') : t('views.alert.titleWithId', { alertId: params.alertId });

/** One alert, opened by `navigate('alert', { profileId, alertId })` (from a notification, later a list). */
export function AlertView({ params }: { params: TabParams }) {
  const { t } = useTranslation();
  return (
    <ServiceConnection
      service="firewall"
      title={alertTitle(params, t)}
      profileId={typeof params.profileId === 'string' ? params.profileId : ''}
      needs={t('features.alert.needs')}
    >
      {() => <NothingCached title={t('features.alert.cacheTitle')} explanation={t('features.alert.cacheExplanation')} />}
    </ServiceConnection>
  );
}
