import { useTranslation } from 'react-i18next';

/** What a view or a section shows while its chunk is fetched; it appears only if that takes long enough to notice. */
export function ViewLoading() {
  const { t } = useTranslation();
  return (
    <p className="view-loading" role="status">
      {t('workspace.loadingView')}
    </p>
  );
}
