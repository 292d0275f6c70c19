import type { ViewParams } from '../../src-preload/contract/workspace.ts';
import { ConversationView } from '../features/chat/ConversationView.tsx';
import { TriagePanel } from '../features/firewall/triage/TriagePanel.tsx';

/** A conversation's tab: the conversation, under what a triage of alerts proposes when it is one. */
export function ConversationTab({ params }: { params: ViewParams<'conversation'> }) {
  return (
    <>
      <TriagePanel conversationId={params.id} />
      <ConversationView params={params} />
    </>
  );
}
