import { useTranslation } from 'react-i18next';
import type { ChatMessage } from '../../../src-shared/contract/gateway.ts';
import { useChatStore } from './chat-store.ts';

type Versions = NonNullable<ChatMessage['versions']>;

/** ‹ 2/3 ›: the versions a regenerated answer or an edited question left at this place; none while an answer streams. */
export function VersionSwitch({ conversationId, message }: { conversationId: string; message: ChatMessage }) {
  // Most messages have one version: their rows skip the hooks below.
  return message.versions ? <VersionSteps conversationId={conversationId} message={message} versions={message.versions} /> : null;
}

function VersionSteps({ conversationId, message, versions }: { conversationId: string; message: ChatMessage; versions: Versions }) {
  const { t } = useTranslation();
  const showVersion = useChatStore((state) => state.showVersion);
  const busy = useChatStore((state) => state.conversations[conversationId]?.latestMessages.some((candidate) => candidate.outcome === 'streaming') ?? false);
  return (
    <span className="chat-versions" role="group" aria-label={t('chat.versions.label', { index: versions.index, count: versions.count })}>
      <button
        type="button"
        className="chat-version-step"
        aria-label={t('chat.versions.previous')}
        disabled={busy || versions.index <= 1}
        onClick={() => void showVersion(conversationId, message.id, -1)}
      >
        ‹
      </button>
      <span aria-hidden>{t('chat.versions.position', { index: versions.index, count: versions.count })}</span>
      <button
        type="button"
        className="chat-version-step"
        aria-label={t('chat.versions.next')}
        disabled={busy || versions.index >= versions.count}
        onClick={() => void showVersion(conversationId, message.id, 1)}
      >
        ›
      </button>
    </span>
  );
}
