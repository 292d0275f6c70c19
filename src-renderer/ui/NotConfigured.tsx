import { useTranslation } from 'react-i18next';
import { useWorkspaceStore } from '../workspace/workspace-store.ts';

interface Props {
  heading: string;
  needs: string;
}

/** What an unconfigured view shows: what to set up, and a way to Settings. */
export function NotConfigured({ heading, needs }: Props) {
  const { t } = useTranslation();
  const navigate = useWorkspaceStore((state) => state.navigate);
  return (
    <div className="empty-state">
      <h1>{heading}</h1>
      <p>{needs}</p>
      <button type="button" className="button-primary" onClick={() => navigate({ kind: 'settings' })}>
        {t('notConfigured.openSettings')}
      </button>
    </div>
  );
}
