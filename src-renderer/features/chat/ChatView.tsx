import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProfileView } from '../../../src-preload/contract/profiles.ts';
import { ServiceConnection } from '../../connections/ServiceConnection.tsx';
import { ErrorNotice } from '../../ui/ErrorNotice.tsx';
import { Time } from '../../ui/Time.tsx';
import { useWorkspaceStore } from '../../workspace/workspace-store.ts';
import { CallLog } from './CallLog.tsx';
import { useChatStore } from './chat-store.ts';
import { EmbeddingsPanel } from './EmbeddingsPanel.tsx';
import { ImagesPanel } from './ImagesPanel.tsx';
import { TranscriptionPanel } from './TranscriptionPanel.tsx';
import './chat.css';

/** Past conversations, searchable, each reopened in its own tab; and a new one. */
function ConversationList({ profile }: { profile: ProfileView }) {
  const { t } = useTranslation();
  const summaries = useChatStore((state) => state.summaries);
  const query = useChatStore((state) => state.query);
  const listError = useChatStore((state) => state.listError);
  const search = useChatStore((state) => state.search);
  const create = useChatStore((state) => state.create);
  const remove = useChatStore((state) => state.remove);
  const follow = useChatStore((state) => state.follow);
  const navigate = useWorkspaceStore((state) => state.navigate);

  useEffect(() => {
    follow();
    void search(useChatStore.getState().query);
  }, [follow, search]);

  const startNew = async () => {
    const id = await create(profile.id);
    if (id) navigate({ kind: 'conversation', params: { id } });
  };

  return (
    <section className="chat-list" aria-label={t('chat.list.label')}>
      <div className="chat-list-bar">
        <button type="button" className="button-primary" onClick={() => void startNew()}>
          {t('chat.list.new')}
        </button>
        <input type="search" aria-label={t('chat.list.search')} placeholder={t('chat.list.searchPlaceholder')} value={query} onChange={(event) => void search(event.target.value)} />
      </div>
      {listError && <ErrorNotice error={listError} />}
      {summaries.length === 0 ? (
        <p className="muted">{query ? t('chat.list.noMatch', { query }) : t('chat.list.empty')}</p>
      ) : (
        <ul className="chat-conversations">
          {summaries.map((summary) => (
            <li key={summary.id} className="chat-conversation-row">
              <button type="button" className="chat-conversation-open" onClick={() => navigate({ kind: 'conversation', params: { id: summary.id } })}>
                <span className="chat-conversation-title">{summary.title || t('chat.untitled')}</span>
                <span className="muted">
                  {summary.model ?? t('chat.noModel')} · <Time value={summary.updatedAt} />
                </span>
              </button>
              <button type="button" className="button" aria-label={t('chat.list.delete', { title: summary.title || t('chat.untitled') })} onClick={() => void remove(summary.id)}>
                {t('chat.list.deleteShort')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function ChatView() {
  const { t } = useTranslation();
  return (
    <ServiceConnection service="gateway" title={t('views.chat.title')} needs={t('features.chat.needs')}>
      {(profile) => (
        <>
          <ConversationList profile={profile} />
          <EmbeddingsPanel profile={profile} />
          <ImagesPanel profile={profile} />
          <TranscriptionPanel profile={profile} />
          <CallLog />
        </>
      )}
    </ServiceConnection>
  );
}
