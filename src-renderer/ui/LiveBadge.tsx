import { useTranslation } from 'react-i18next';

/** Marks a connection that uses a live (production) key: writes change real customer data. */
export function LiveBadge() {
  const { t } = useTranslation();
  return (
    <span className="badge badge-live" title={t('live.tooltip')}>
      {t('live.badge')}
    </span>
  );
}
