import { useTranslation } from 'react-i18next';
import { ServiceConnection } from '../../connections/ServiceConnection.tsx';
import { NothingCached } from '../../ui/NothingCached.tsx';

export function FirewallView() {
  const { t } = useTranslation();
  return (
    <ServiceConnection service="firewall" title={t('views.firewall.title')} needs={t('features.firewall.needs')}>
      {() => <NothingCached title={t('features.firewall.cacheTitle')} explanation={t('features.firewall.cacheExplanation')} />}
    </ServiceConnection>
  );
}
