import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { IpcError } from '../../../src-shared/contract/define.ts';
import type { ConversationSummary } from '../../../src-shared/contract/gateway.ts';
import type { ProfileView } from '../../../src-shared/contract/profiles.ts';
import { ServiceConnection } from '../connections/index.ts';
import { ErrorNotice } from '../../ui/ErrorNotice.tsx';
import { Time } from '../../ui/Time.tsx';
import { useWorkspaceStore } from '../../navigation/workspace-store.ts';
import { CallLog } from './CallLog.tsx';
import { useConversationSummaries, useCreateConversation, useDeleteConversation, useModelsReadAhead, useUpdateConversation } from './chat-data.ts';
import { useChatStore } from './chat-store.ts';
import { ConversationBody, useOpenConversation } from './ConversationView.tsx';
import { EmbeddingsPanel } from './EmbeddingsPanel.tsx';
import { ImagesPanel } from './ImagesPanel.tsx';
import { TranscriptionPanel } from './TranscriptionPanel.tsx';
import './chat.css';

/** What the Chat view shows beside its list: a conversation, or one of the gateway's other uses. */
const tools = ['images', 'transcription', 'embeddings', 'callLog'] as const;
type Shown = 'conversation' | (typeof tools)[number];

/** A title typed in place; Enter or leaving the field saves it, Esc gives up. */
function RenameField({ summary, onDone }: { summary: ConversationSummary; onDone(): void }) {
  const { t } = useTranslation();
  const update = useUpdateConversation();
  const [title, setTitle] = useState(summary.title);
  const save = () => {
    if (title.trim() && title.trim() !== summary.title) void update(summary.id, { title: title.trim() });
    onDone();
  };
  return (
    <input
      className="chat-rename"
      aria-label={t('chat.list.renameLabel')}
      value={title}
      maxLength={200}
      autoFocus
      onChange={(event) => setTitle(event.target.value)}
      onBlur={save}
      onKeyDown={(event) => {
        if (event.key === 'Enter') save();
        if (event.key === 'Escape') {
          event.stopPropagation();
          onDone();
        }
      }}
    />
  );
}

function ConversationRow({ summary, open, onOpen }: { summary: ConversationSummary; open: boolean; onOpen(): void }) {
  const { t } = useTranslation();
  const removeWithUndo = useChatStore((state) => state.removeWithUndo);
  const remove = useDeleteConversation();
  const navigate = useWorkspaceStore((state) => state.navigate);
  const [renaming, setRenaming] = useState(false);
  const title = summary.title || t('chat.untitled');
  return (
    <li className={open ? 'chat-conversation-row chat-conversation-open-row' : 'chat-conversation-row'}>
      {renaming ? (
        <RenameField summary={summary} onDone={() => setRenaming(false)} />
      ) : (
        <button type="button" className="chat-conversation-open" aria-current={open} onClick={onOpen} onDoubleClick={() => setRenaming(true)}>
          <span className="chat-conversation-title">{title}</span>
          <span className="muted chat-conversation-meta">
            {summary.model ?? t('chat.noModel')} · <Time value={summary.updatedAt} />
          </span>
        </button>
      )}
      <span className="chat-conversation-actions">
        <button type="button" className="chat-row-action" aria-label={t('chat.list.rename', { title })} title={t('chat.list.renameShort')} onClick={() => setRenaming(true)}>
          ✎
        </button>
        <button
          type="button"
          className="chat-row-action"
          aria-label={t('chat.list.openInTab', { title })}
          title={t('chat.openInTab')}
          onClick={() => navigate({ kind: 'conversation', params: { id: summary.id } })}
        >
          ↗
        </button>
        <button type="button" className="chat-row-action" aria-label={t('chat.list.delete', { title })} title={t('chat.list.deleteShort')} onClick={() => removeWithUndo(summary, remove)}>
          ×
        </button>
      </span>
    </li>
  );
}

interface ListProps {
  profile: ProfileView;
  /** The conversations shown: main's list, without the one deleted with Undo offered. */
  listed: ConversationSummary[];
  readError: IpcError | null;
  shownId: string | null;
  onOpen(id: string): void;
}

/** Past conversations, newest first and searchable, beside the open one; and a new one. */
function ConversationList({ profile, listed, readError, shownId, onOpen }: ListProps) {
  const { t } = useTranslation();
  const query = useChatStore((state) => state.query);
  const listError = useChatStore((state) => state.listError);
  const deleting = useChatStore((state) => state.deleting);
  const search = useChatStore((state) => state.setQuery);
  const create = useCreateConversation();
  const undoRemove = useChatStore((state) => state.undoRemove);
  const error = readError ?? listError;

  const startNew = async () => {
    const id = await create(profile.id);
    if (id) onOpen(id);
  };

  return (
    <section className="chat-list" aria-label={t('chat.list.label')}>
      <div className="chat-list-bar">
        <button type="button" className="button-primary" onClick={() => void startNew()}>
          {t('chat.list.new')}
        </button>
        <input type="search" aria-label={t('chat.list.search')} placeholder={t('chat.list.searchPlaceholder')} value={query} onChange={(event) => search(event.target.value)} />
      </div>
      {deleting && (
        <p role="status" className="chat-undo">
          <span>{t('chat.list.deleted', { title: deleting.title || t('chat.untitled') })}</span>
          <button type="button" className="link-button" onClick={undoRemove}>
            {t('chat.list.undo')}
          </button>
        </p>
      )}
      {error && <ErrorNotice error={error} />}
      {listed.length === 0 ? (
        <p className="muted chat-list-empty">{query ? t('chat.list.noMatch', { query }) : t('chat.list.empty')}</p>
      ) : (
        <ul className="chat-conversations">
          {listed.map((summary) => (
            <ConversationRow key={summary.id} summary={summary} open={summary.id === shownId} onOpen={() => onOpen(summary.id)} />
          ))}
        </ul>
      )}
    </section>
  );
}

function OpenConversation({ id }: { id: string }) {
  const { t } = useTranslation();
  const { conversation, loadError } = useOpenConversation(id);
  if (!conversation) return loadError ? <ErrorNotice error={loadError} /> : <p className="muted">{t('chat.loading')}</p>;
  return <ConversationBody conversation={conversation} inTab={false} />;
}

function ChatWorkspace({ profile }: { profile: ProfileView }) {
  const { t } = useTranslation();
  const query = useChatStore((state) => state.query);
  const summaries = useConversationSummaries(query);
  const deleting = useChatStore((state) => state.deleting);
  const openId = useChatStore((state) => state.openId);
  const open = useChatStore((state) => state.open);
  const [shown, setShown] = useState<Shown>('conversation');
  useModelsReadAhead(profile.id);

  const listed = (summaries.data ?? []).filter((summary) => summary.id !== deleting?.id);
  const shownId = listed.some((summary) => summary.id === openId) ? openId : (listed[0]?.id ?? null);
  const openConversation = (id: string) => {
    open(id);
    setShown('conversation');
  };

  return (
    <div className="chat-layout">
      <aside className="chat-sidebar">
        <ConversationList profile={profile} listed={listed} readError={summaries.error} shownId={shown === 'conversation' ? shownId : null} onOpen={openConversation} />
        <nav className="chat-tools" aria-label={t('chat.tools.label')}>
          {tools.map((tool) => (
            <button key={tool} type="button" className="chat-tool" aria-pressed={shown === tool} onClick={() => setShown(shown === tool ? 'conversation' : tool)}>
              {t(`chat.tools.${tool}`)}
            </button>
          ))}
        </nav>
      </aside>
      <div className={shown === 'conversation' ? 'chat-main' : 'chat-main chat-main-scrolls'}>
        {shown === 'conversation' && (shownId ? <OpenConversation key={shownId} id={shownId} /> : <p className="muted chat-none">{t('chat.list.noneOpen')}</p>)}
        {shown === 'images' && <ImagesPanel profile={profile} />}
        {shown === 'transcription' && <TranscriptionPanel profile={profile} />}
        {shown === 'embeddings' && <EmbeddingsPanel profile={profile} />}
        {shown === 'callLog' && <CallLog />}
      </div>
    </div>
  );
}

export function ChatView() {
  const { t } = useTranslation();
  return (
    <ServiceConnection service="gateway" title={t('views.chat.title')} needs={t('features.chat.needs')}>
      {(profile) => <ChatWorkspace profile={profile} />}
    </ServiceConnection>
  );
}
