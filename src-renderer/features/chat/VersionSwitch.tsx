import { useTranslation } from 'react-i18next';
import type { ChatMessage } from '../../../src-shared/contract/gateway.ts';
import { useShowVersion } from './chat-data.ts';

type Versions = NonNullable<ChatMessage['versions']>;

/** ‹ 2/3 ›: the versions a regenerated answer or an edited question left at this place; none while an answer streams. */
export function VersionSwitch({ conversationId, message, busy }: { conversationId: string; message: ChatMessage; busy: boolean }) {
  // Most messages have one version: their rows skip the hooks below.
  return message.versions ? <VersionSteps conversationId={conversationId} message={message} versions={message.versions} busy={busy} /> : null;
}

function VersionSteps({ conversationId, message, versions, busy }: { conversationId: string; message: ChatMessage; versions: Versions; busy: boolean }) {
  const { t } = useTranslation();
  const showVersion = useShowVersion(conversationId);
  return (
    <span className="chat-versions" role="group" aria-label={t('chat.versions.label', { index: versions.index, count: versions.count })}>
      <button
        type="button"
        className="chat-version-step"
        aria-label={t('chat.versions.previous')}
        disabled={busy || versions.index <= 1}
        onClick={() => void showVersion({ messageId: message.id, step: -1 })}
      >
        ‹
      </button>
      <span aria-hidden>{t('chat.versions.position', { index: versions.index, count: versions.count })}</span>
      <button
        type="button"
        className="chat-version-step"
        aria-label={t('chat.versions.next')}
        disabled={busy || versions.index >= versions.count}
        onClick={() => void showVersion({ messageId: message.id, step: 1 })}
      >
        ›
      </button>
    </span>
  );
}
