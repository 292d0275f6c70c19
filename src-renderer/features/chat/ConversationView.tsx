import { useMemo, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { IpcError } from '../../../src-shared/contract/define.ts';
import type { Conversation } from '../../../src-shared/contract/gateway.ts';
import type { ViewParams } from '../../../src-shared/contract/workspace.ts';
import { ServiceConnection } from '../connections/index.ts';
import { profilesOf, useProfiles } from '../connections/index.ts';
import { ErrorNotice } from '../../ui/ErrorNotice.tsx';
import { useWorkspaceStore } from '../../navigation/workspace-store.ts';
import { exportMarkdown, stopAnswer, useConversation, useDraftSaver, useSend, useSettingsOpen } from './chat-data.ts';
import { useChatStore } from './chat-store.ts';
import { ConversationLine, ConversationSettings, settingsPanelId } from './ConversationSettings.tsx';
import { MessageList } from './MessageList.tsx';
import './chat.css';

/**
 * Where the question is written. While an answer streams, Stop takes Send's place (and Esc, anywhere
 * in the conversation, stops it too). Enter sends, Shift+Enter adds a line, Ctrl/Cmd+Enter sends from
 * anywhere in the composer. What is typed is kept in main as the conversation's draft.
 */
function Composer({ conversation }: { conversation: Conversation }) {
  const { t } = useTranslation();
  const send = useSend(conversation.id);
  // Main's draft until this window types: then the window's, which every composer of the conversation shares.
  const text = useChatStore((state) => state.drafts[conversation.id] ?? conversation.draft);
  const setDraft = useChatStore((state) => state.setDraft);
  const setText = (typed: string) => setDraft(conversation.id, typed);
  const [sending, setSending] = useState(false);
  const draft = useDraftSaver(conversation.id);
  const streaming = conversation.latestMessages.find((message) => message.outcome === 'streaming');
  const ready = !!conversation.profileId && !!conversation.model;
  const submit = async () => {
    if (!text.trim() || streaming || !ready || sending) return;
    setSending(true);
    draft.sent();
    if (await send(text)) setText('');
    else draft.typed(text);
    setSending(false);
  };
  const sendKey = (event: KeyboardEvent, anywhere: boolean) => {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    const withModifier = event.ctrlKey || event.metaKey;
    if (anywhere ? !withModifier : event.shiftKey || withModifier) return;
    event.preventDefault();
    event.stopPropagation();
    void submit();
  };
  return (
    <form
      className="chat-composer"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      onKeyDown={(event) => sendKey(event, true)}
    >
      <textarea
        aria-label={t('chat.composer.label')}
        placeholder={t(ready ? 'chat.composer.placeholder' : conversation.profileId ? 'chat.composer.pickModelFirst' : 'chat.composer.pickConnectionFirst')}
        rows={3}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          draft.typed(event.target.value);
        }}
        onKeyDown={(event) => sendKey(event, false)}
      />
      {streaming ? (
        <button type="button" className="button chat-stop" onClick={() => void stopAnswer(streaming.id)} title={t('chat.composer.stopKey')}>
          {t('chat.stop')}
        </button>
      ) : (
        <button type="submit" className="button-primary" disabled={!text.trim() || !ready || sending} title={t('chat.composer.sendKey')}>
          {t('chat.composer.send')}
        </button>
      )}
    </form>
  );
}

interface BodyProps {
  conversation: Conversation;
  inTab: boolean;
  /** OpsDesk opened it with a prompt of its own (a triage): that prompt is folded and the header is small. */
  openedByOpsDesk?: boolean;
}

/** A conversation: its one-line header, its settings folded under it, the messages and the composer. */
export function ConversationBody({ conversation, inTab, openedByOpsDesk = false }: BodyProps) {
  const { t } = useTranslation();
  const allProfiles = useProfiles();
  const profiles = useMemo(() => profilesOf(allProfiles, 'gateway'), [allProfiles]);
  const profile = profiles.find((candidate) => candidate.id === conversation.profileId);
  const actionError = useChatStore((state) => state.actionErrors[conversation.id]);
  const navigate = useWorkspaceStore((state) => state.navigate);
  const [settingsOpen, setSettingsOpen] = useSettingsOpen();
  const [saveError, setSaveError] = useState<IpcError | null>(null);
  const [exportedTo, setExportedTo] = useState<string | null>(null);
  const { promptTokens, completionTokens, totalTokens } = conversation.usage;

  return (
    <div
      className="chat-conversation"
      onKeyDown={(event) => {
        const streaming = conversation.latestMessages.find((message) => message.outcome === 'streaming');
        if (event.key === 'Escape' && streaming) {
          event.preventDefault();
          void stopAnswer(streaming.id);
        }
      }}
    >
      <header className={openedByOpsDesk ? 'chat-header chat-header-small' : 'chat-header'}>
        {!inTab && (
          <h2 className="chat-header-title" title={conversation.title || t('chat.untitled')}>
            {conversation.title || t('chat.untitled')}
          </h2>
        )}
        <ConversationLine conversation={conversation} profiles={profiles} onSaved={setSaveError} />
        <span className="chat-header-end">
          <span className="muted chat-header-usage" title={t('chat.usage.conversation', { prompt: promptTokens, completion: completionTokens, total: totalTokens })}>
            {t('chat.usage.short', { total: totalTokens })}
          </span>
          <button
            type="button"
            className="button chat-small"
            aria-expanded={settingsOpen}
            aria-controls={settingsPanelId(conversation.id)}
            onClick={() => setSettingsOpen(!settingsOpen)}
          >
            {t('chat.settings.toggle')}
          </button>
          <button
            type="button"
            className="button chat-small"
            aria-label={t('chat.export.save')}
            title={t('chat.export.save')}
            disabled={conversation.messageCount === 0}
            onClick={() => void exportMarkdown(conversation.id).then((saved) => saved?.path && setExportedTo(saved.path))}
          >
            ⤓
          </button>
          {!inTab && (
            <button
              type="button"
              className="button chat-small"
              aria-label={t('chat.openInTab')}
              title={t('chat.openInTab')}
              onClick={() => navigate({ kind: 'conversation', params: { id: conversation.id } })}
            >
              ↗
            </button>
          )}
        </span>
      </header>
      {exportedTo && (
        <p role="status" className="chat-export">
          {t('chat.export.saved', { path: exportedTo })}
        </p>
      )}
      {settingsOpen && <ConversationSettings conversation={conversation} error={saveError} onSaved={setSaveError} />}
      {saveError && !saveError.fieldErrors && <ErrorNotice error={saveError} />}
      <MessageList conversation={conversation} profile={profile} openedByOpsDesk={openedByOpsDesk} />
      {actionError && <ErrorNotice error={actionError} />}
      <Composer key={conversation.id} conversation={conversation} />
    </div>
  );
}

/** A conversation read from main by its id, shown as `ConversationBody`, or why it cannot be. */
export function useOpenConversation(id: string) {
  const { data: conversation, error } = useConversation(id);
  return { conversation, loadError: conversation ? null : error };
}

/** One conversation in its own tab; one OpsDesk opened (a triage) says its connection in a small line under it. */
export function ConversationView({ params: { id }, openedByOpsDesk = false }: { params: ViewParams<'conversation'>; openedByOpsDesk?: boolean }) {
  const { t } = useTranslation();
  const { conversation, loadError } = useOpenConversation(id);

  if (!conversation) {
    return <div className="view">{loadError ? <ErrorNotice error={loadError} /> : <p className="muted">{t('chat.loading')}</p>}</div>;
  }
  return (
    <ServiceConnection
      service="gateway"
      title={conversation.title || t('chat.untitled')}
      needs={t('features.chat.needs')}
      {...(conversation.profileId && { profileId: conversation.profileId })}
      secondary={openedByOpsDesk}
    >
      {() => <ConversationBody conversation={conversation} inTab openedByOpsDesk={openedByOpsDesk} />}
    </ServiceConnection>
  );
}
