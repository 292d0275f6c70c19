import { useTranslation } from 'react-i18next';
import { useTriagesOfAlert } from '../../assistant/index.ts';
import { AskModelButton } from '../../assistant/index.ts';
import { Time } from '../../../ui/Time.tsx';
import { useWorkspaceStore } from '../../../navigation/workspace-store.ts';
import { visibleText } from '../../../../src-shared/visible-text.ts';

/** In an alert's detail: "Ask the model", and the conversations already held about it. */
export function AlertConversations({ profileId, alertId }: { profileId: string; alertId: string }) {
  const { t } = useTranslation();
  const triages = useTriagesOfAlert(profileId, alertId);
  const navigate = useWorkspaceStore((state) => state.navigate);
  return (
    <div className="fw-alert-triage">
      <AskModelButton profileId={profileId} subject={{ kind: 'alerts', ids: [alertId] }} />
      {triages.data && triages.data.length > 0 && (
        <div className="fw-alert-conversations">
          <span className="field-label">{t('assistant.triage.conversations')}</span>
          <ul>
            {triages.data.map((conversation) => (
              <li key={conversation.id}>
                <button type="button" className="link-button" onClick={() => navigate({ kind: 'conversation', params: { id: conversation.id } })}>
                  <bdi>{visibleText(conversation.title)}</bdi>
                </button>{' '}
                <Time value={conversation.updatedAt} />
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
