import type { ViewParams } from '../../../src-shared/contract/workspace.ts';
import { useTranslation } from 'react-i18next';
import { ItemCases } from '../../features/cases/ItemCases.tsx';
import { knownTitle } from '../../features/chat/chat-store.ts';
import { ConversationView } from '../../features/chat/ConversationView.tsx';
import { TriagePanel } from '../../features/firewall/triage/TriagePanel.tsx';

/** A conversation's tab: the conversation, under what a triage of alerts proposes when it is one, and the cases it is in. */
export function ConversationTab({ params }: { params: ViewParams<'conversation'> }) {
  const { t } = useTranslation();
  return (
    <>
      <TriagePanel conversationId={params.id} />
      <div className="case-strip-bar">
        <ItemCases item={{ kind: 'conversation', profileId: null, itemId: params.id }} label={knownTitle(params.id) ?? t('views.conversation.title')} />
      </div>
      <ConversationView params={params} />
    </>
  );
}
