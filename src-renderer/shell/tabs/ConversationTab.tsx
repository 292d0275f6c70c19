import type { ViewParams } from '../../../src-shared/contract/workspace.ts';
import { useTranslation } from 'react-i18next';
import { useTriage } from '../../features/assistant/index.ts';
import { ItemCases } from '../../features/cases/ItemCases.tsx';
import { knownTitle } from '../../features/chat/chat-store.ts';
import { ConversationView } from '../../features/chat/ConversationView.tsx';
import { TriagePanel } from '../../features/firewall/triage/TriagePanel.tsx';

/**
 * A conversation's tab, and the cases it is in. A triage leads with its alerts and what the model
 * proposes; its conversation follows, the prompt OpsDesk wrote folded away.
 */
export function ConversationTab({ params }: { params: ViewParams<'conversation'> }) {
  const { t } = useTranslation();
  const triage = useTriage(params.id);
  return (
    <>
      <TriagePanel conversationId={params.id} />
      <div className="case-strip-bar">
        <ItemCases item={{ kind: 'conversation', profileId: null, itemId: params.id }} label={knownTitle(params.id) ?? t('views.conversation.title')} />
      </div>
      {/* Whether OpsDesk wrote its first question is known before it is drawn, or the prompt would show as the analyst's for a moment. */}
      {triage.isPending ? <p className="view muted">{t('chat.loading')}</p> : <ConversationView params={params} openedByOpsDesk={!!triage.data} />}
    </>
  );
}
