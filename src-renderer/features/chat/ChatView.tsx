import { useTranslation } from 'react-i18next';
import { ServiceConnection } from '../../connections/ServiceConnection.tsx';
import { NothingCached } from '../../ui/NothingCached.tsx';

export function ChatView() {
  const { t } = useTranslation();
  return (
    <ServiceConnection service="gateway" title={t('views.chat.title')} needs={t('features.chat.needs')}>
      {() => <NothingCached title={t('features.chat.cacheTitle')} explanation={t('features.chat.cacheExplanation')} />}
    </ServiceConnection>
  );
}
