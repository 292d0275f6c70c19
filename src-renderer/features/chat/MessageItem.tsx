import { useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import type { ChatMessage } from '../../../src-preload/contract/gateway.ts';
import type { ProfileView } from '../../../src-preload/contract/profiles.ts';
import { AnswerNotice } from './AnswerNotice.tsx';
import { useChatStore } from './chat-store.ts';
import { copyText } from '../../ui/copy-text.ts';
import { Markdown } from './Markdown.tsx';
import { awaitMarkdownTurn, markdownFitsThisTask } from './markdown-turns.ts';
import { VersionSwitch } from './VersionSwitch.tsx';

export function CopyButton({ text }: { text: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState<boolean | null>(null);
  return (
    <button type="button" className="button chat-small" onClick={() => void copyText(text).then(setCopied)}>
      {copied === null ? t('chat.copy') : copied ? t('chat.copied') : t('chat.copyFailed')}
    </button>
  );
}

function Usage({ message }: { message: ChatMessage }) {
  const { t } = useTranslation();
  if (!message.usage) return null;
  const { promptTokens, completionTokens, totalTokens } = message.usage;
  return <span className="muted chat-usage">{t('chat.usage.message', { prompt: promptTokens, completion: completionTokens, total: totalTokens })}</span>;
}

interface AnswerProps {
  conversationId: string;
  message: ChatMessage;
  isLast: boolean;
  profile: ProfileView | undefined;
  /** Whether it comes on screen in a fling: its Markdown is drawn once the fling stops. */
  passingBy: boolean;
}

/** A model's answer: reasoning folded away, the text as Markdown, how it ended, and what can be done with it. */
export function AnswerItem({ conversationId, message, isLast, profile, passingBy }: AnswerProps) {
  const { t } = useTranslation();
  const streamed = useChatStore((state) => state.streams[message.id]);
  const regenerate = useChatStore((state) => state.regenerate);
  const streaming = message.outcome === 'streaming';
  const content = streaming ? (streamed?.content ?? '') : message.content;
  const reasoning = streaming ? (streamed?.reasoning ?? '') : message.reasoning;
  // Rows passing by in a fling show their text only: Markdown for each would be a long task per
  // frame. Otherwise an answer draws its Markdown at once while the task has time left, else in a
  // task of its own (markdown-turns.ts).
  const [drawn, setDrawn] = useState(() => streaming || (!passingBy && markdownFitsThisTask()));
  useEffect(() => {
    if (drawn || passingBy) return;
    // Drawn inside its turn, so that two turns never share one render.
    return awaitMarkdownTurn(() => flushSync(() => setDrawn(true)));
  }, [drawn, passingBy]);
  return (
    <article className="chat-message chat-message-assistant" aria-label={t('chat.answer.label', { model: message.model ?? '' })} aria-busy={streaming}>
      {reasoning && (
        <details className="chat-reasoning">
          <summary>{t('chat.answer.reasoning')}</summary>
          <div className="chat-reasoning-text">{reasoning}</div>
        </details>
      )}
      <div className="chat-markdown">
        {drawn ? <Markdown text={content} /> : <p className="chat-plain">{content}</p>}
      </div>
      {streaming && !content && <p className="muted">{t('chat.answer.waiting')}</p>}
      <AnswerNotice message={message} profile={profile} onRetry={() => void regenerate(conversationId)} />
      <footer className="chat-message-footer">
        <VersionSwitch conversationId={conversationId} message={message} />
        <span className="muted">{message.model}</span>
        <Usage message={message} />
        {!streaming && (
          <>
            {content && <CopyButton text={content} />}
            {isLast && message.outcome !== 'failed' && (
              <button type="button" className="button chat-small" onClick={() => void regenerate(conversationId)}>
                {t('chat.regenerate')}
              </button>
            )}
          </>
        )}
      </footer>
    </article>
  );
}

/** The user's message; it can be edited and sent again, the question as it was staying an earlier version. */
export function QuestionItem({ conversationId, message, busy }: { conversationId: string; message: ChatMessage; busy: boolean }) {
  const { t } = useTranslation();
  const editAndResend = useChatStore((state) => state.editAndResend);
  const [draft, setDraft] = useState<string | null>(null);
  if (draft !== null) {
    return (
      <article className="chat-message chat-message-user" aria-label={t('chat.question.label')}>
        <textarea aria-label={t('chat.question.editLabel')} rows={3} value={draft} onChange={(event) => setDraft(event.target.value)} />
        <footer className="chat-message-footer">
          <button type="button" className="button" onClick={() => setDraft(null)}>
            {t('chat.question.cancel')}
          </button>
          <button
            type="button"
            className="button-primary"
            disabled={!draft.trim() || busy}
            onClick={() => void editAndResend(conversationId, message.id, draft).then((sent) => sent && setDraft(null))}
          >
            {t('chat.question.resend')}
          </button>
        </footer>
      </article>
    );
  }
  return (
    <article className="chat-message chat-message-user" aria-label={t('chat.question.label')}>
      <div className="chat-question-text">{message.content}</div>
      <footer className="chat-message-footer">
        <VersionSwitch conversationId={conversationId} message={message} />
        <CopyButton text={message.content} />
        <button type="button" className="button chat-small" disabled={busy} onClick={() => setDraft(message.content)}>
          {t('chat.question.edit')}
        </button>
      </footer>
    </article>
  );
}
