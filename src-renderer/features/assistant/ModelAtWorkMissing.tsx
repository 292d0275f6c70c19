import './assistant.css';
import { useTranslation } from 'react-i18next';
import { useWorkspaceStore } from '../../navigation/workspace-store.ts';

/** What a model-at-work button says in place of acting when none is set up: where to set one, and a way there. */
export function ModelAtWorkMissing() {
  const { t } = useTranslation();
  const navigate = useWorkspaceStore((state) => state.navigate);
  return (
    <p className="model-at-work-missing" role="note">
      <span>{t('assistant.notSetUp')}</span>{' '}
      <button type="button" className="link-button" onClick={() => navigate({ kind: 'settings', params: { section: 'modelAtWork' } })}>
        {t('assistant.openSettings')}
      </button>
    </p>
  );
}
