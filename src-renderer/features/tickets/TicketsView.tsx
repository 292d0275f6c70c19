import { useTranslation } from 'react-i18next';
import { ServiceConnection } from '../../connections/ServiceConnection.tsx';
import { NothingCached } from '../../ui/NothingCached.tsx';

export function TicketsView() {
  const { t } = useTranslation();
  return (
    <ServiceConnection service="support" title={t('views.tickets.title')} needs={t('features.tickets.needs')}>
      {() => <NothingCached title={t('features.tickets.cacheTitle')} explanation={t('features.tickets.cacheExplanation')} />}
    </ServiceConnection>
  );
}
