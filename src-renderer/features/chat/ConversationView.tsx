import { useEffect, useMemo, useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { Conversation } from '../../../src-preload/contract/gateway.ts';
import type { ViewParams } from '../../../src-preload/contract/workspace.ts';
import { ServiceConnection } from '../../connections/ServiceConnection.tsx';
import { profilesOf, useProfilesStore } from '../../connections/profiles-store.ts';
import { ErrorNotice } from '../../ui/ErrorNotice.tsx';
import { knownTitle, useChatStore } from './chat-store.ts';
import { ConversationSettings } from './ConversationSettings.tsx';
import { MessageList } from './MessageList.tsx';
import './chat.css';

export const conversationTitle = ({ id }: ViewParams<'conversation'>, t: TFunction): string => knownTitle(id) ?? t('views.conversation.title');

function Composer({ conversation }: { conversation: Conversation }) {
  const { t } = useTranslation();
  const send = useChatStore((state) => state.send);
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const busy = conversation.latestMessages.some((message) => message.outcome === 'streaming');
  const ready = !!conversation.profileId && !!conversation.model;
  const submit = async () => {
    if (!text.trim() || busy || !ready) return;
    setSending(true);
    if (await send(conversation.id, text)) setText('');
    setSending(false);
  };
  return (
    <form
      className="chat-composer"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <textarea
        aria-label={t('chat.composer.label')}
        placeholder={ready ? t('chat.composer.placeholder') : t('chat.composer.pickModelFirst')}
        rows={3}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
            event.preventDefault();
            void submit();
          }
        }}
      />
      <button type="submit" className="button-primary" disabled={!text.trim() || busy || !ready || sending}>
        {t('chat.composer.send')}
      </button>
    </form>
  );
}

function ConversationBody({ conversation }: { conversation: Conversation }) {
  const { t } = useTranslation();
  const allProfiles = useProfilesStore((state) => state.profiles);
  const profiles = useMemo(() => profilesOf(allProfiles, 'gateway'), [allProfiles]);
  const profile = profiles.find((candidate) => candidate.id === conversation.profileId);
  const actionError = useChatStore((state) => state.actionErrors[conversation.id]);
  const exportMarkdown = useChatStore((state) => state.exportMarkdown);
  const [exportedTo, setExportedTo] = useState<string | null>(null);
  const { promptTokens, completionTokens, totalTokens } = conversation.usage;

  return (
    <div className="chat-conversation">
      <ConversationSettings conversation={conversation} profiles={profiles} />
      <div className="chat-conversation-bar">
        <span className="muted">{t('chat.usage.conversation', { prompt: promptTokens, completion: completionTokens, total: totalTokens })}</span>
        <span className="chat-export">
          {exportedTo && <span role="status">{t('chat.export.saved', { path: exportedTo })}</span>}
          <button
            type="button"
            className="button chat-small"
            disabled={conversation.messageCount === 0}
            onClick={() => void exportMarkdown(conversation.id).then((saved) => saved?.path && setExportedTo(saved.path))}
          >
            {t('chat.export.save')}
          </button>
        </span>
      </div>
      <MessageList conversation={conversation} profile={profile} />
      {actionError && <ErrorNotice error={actionError} />}
      <Composer conversation={conversation} />
    </div>
  );
}

/** One conversation in its own tab. */
export function ConversationView({ params: { id } }: { params: ViewParams<'conversation'> }) {
  const { t } = useTranslation();
  const conversation = useChatStore((state) => state.conversations[id]);
  const loadError = useChatStore((state) => (state.conversations[id] ? null : state.actionErrors[id]));
  const load = useChatStore((state) => state.load);
  const follow = useChatStore((state) => state.follow);
  useEffect(() => {
    follow();
    void load(id);
  }, [follow, load, id]);

  if (!conversation) {
    return <div className="view">{loadError ? <ErrorNotice error={loadError} /> : <p className="muted">{t('chat.loading')}</p>}</div>;
  }
  return (
    <ServiceConnection
      service="gateway"
      title={conversation.title || t('chat.untitled')}
      needs={t('features.chat.needs')}
      {...(conversation.profileId && { profileId: conversation.profileId })}
    >
      {() => <ConversationBody conversation={conversation} />}
    </ServiceConnection>
  );
}
