import type { TFunction } from 'i18next';
import { useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import type { ChatMessage } from '../../../src-shared/contract/gateway.ts';
import type { ProfileView } from '../../../src-shared/contract/profiles.ts';
import { phraseWith } from '../../language/phrase-with.ts';
import { AnswerNotice, hasNotice } from './AnswerNotice.tsx';
import { useEditAndResend, useRegenerate } from './chat-data.ts';
import { useChatStore } from './chat-store.ts';
import { copyText } from '../../ui/copy-text.ts';
import { Markdown } from './Markdown.tsx';
import { awaitMarkdownTurn, markdownFitsThisTask } from './markdown-turns.ts';
import { VersionSwitch } from './VersionSwitch.tsx';

export const copyWords = (t: TFunction) => ({ copy: t('chat.copy'), copied: t('chat.copied'), copyFailed: t('chat.copyFailed') });

export function CopyButton({ text, words }: { text: string; words: ReturnType<typeof copyWords> }) {
  const [copied, setCopied] = useState<boolean | null>(null);
  return (
    <button type="button" className="button chat-small" onClick={() => void copyText(text).then(setCopied)}>
      {copied === null ? words.copy : copied ? words.copied : words.copyFailed}
    </button>
  );
}

/**
 * What every message says, worded once per language: a message that asked i18next itself cost
 * each row coming on screen more than drawing it (P8, wheeling through a long conversation).
 */
export function messageWords(t: TFunction) {
  const usages = new WeakMap<NonNullable<ChatMessage['usage']>, string>();
  return {
    ...copyWords(t),
    reading: t('chat.messageReading'),
    question: t('chat.question.label'),
    editQuestion: t('chat.question.editLabel'),
    cancel: t('chat.question.cancel'),
    resend: t('chat.question.resend'),
    asked: t('chat.question.askedByOpsDesk'),
    askedHelp: t('chat.question.askedByOpsDeskHelp'),
    edit: t('chat.question.edit'),
    answer: phraseWith(t, 'chat.answer.label', 'model'),
    reasoning: t('chat.answer.reasoning'),
    waiting: t('chat.answer.waiting'),
    regenerate: t('chat.regenerate'),
    /** Its numbers are formatted in the language: worded once per usage rather than through a mark. */
    usage(usage: NonNullable<ChatMessage['usage']>): string {
      let text = usages.get(usage);
      if (text === undefined) {
        text = t('chat.usage.message', { prompt: usage.promptTokens, completion: usage.completionTokens, total: usage.totalTokens });
        usages.set(usage, text);
      }
      return text;
    },
  };
}

export type MessageWords = ReturnType<typeof messageWords>;

interface AnswerProps {
  conversationId: string;
  words: MessageWords;
  message: ChatMessage;
  isLast: boolean;
  /** Whether an answer streams in the conversation: versions cannot be switched meanwhile. */
  busy: boolean;
  profile: ProfileView | undefined;
  /** Whether it comes on screen in a fling: its Markdown is drawn once the fling stops. */
  passingBy: boolean;
}

/** A model's answer: reasoning folded away, the text as Markdown, how it ended, and what can be done with it. */
export function AnswerItem({ conversationId, words, message, isLast, busy, profile, passingBy }: AnswerProps) {
  const streamed = useChatStore((state) => state.streams[message.id]);
  const regenerate = useRegenerate(conversationId);
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
    <article className="chat-message chat-message-assistant" aria-label={words.answer(message.model ?? '')} aria-busy={streaming}>
      {reasoning && (
        <details className="chat-reasoning">
          <summary>{words.reasoning}</summary>
          <div className="chat-reasoning-text">{reasoning}</div>
        </details>
      )}
      <div className="chat-markdown">
        {drawn ? <Markdown text={content} /> : <p className="chat-plain">{content}</p>}
      </div>
      {streaming && !content && <p className="muted">{words.waiting}</p>}
      {hasNotice(message) && <AnswerNotice message={message} profile={profile} onRetry={() => void regenerate()} />}
      <footer className="chat-message-footer">
        <VersionSwitch conversationId={conversationId} message={message} busy={busy} />
        <span className="muted">{message.model}</span>
        {message.usage && <span className="muted chat-usage">{words.usage(message.usage)}</span>}
        {!streaming && (
          <>
            {content && <CopyButton text={content} words={words} />}
            {isLast && message.outcome !== 'failed' && (
              <button type="button" className="button chat-small" onClick={() => void regenerate()}>
                {words.regenerate}
              </button>
            )}
          </>
        )}
      </footer>
    </article>
  );
}

/** The prompt OpsDesk wrote to open a conversation (a triage's): folded away, never shown as the analyst's own message. */
export function AskedItem({ words, message }: { words: MessageWords; message: ChatMessage }) {
  return (
    <details className="chat-asked">
      <summary>{words.asked}</summary>
      <p className="muted chat-asked-help">{words.askedHelp}</p>
      <div className="chat-question-text">{message.content}</div>
    </details>
  );
}

/** The user's message; it can be edited and sent again, the question as it was staying an earlier version. */
export function QuestionItem({ conversationId, words, message, busy }: { conversationId: string; words: MessageWords; message: ChatMessage; busy: boolean }) {
  const editAndResend = useEditAndResend(conversationId);
  const [draft, setDraft] = useState<string | null>(null);
  if (draft !== null) {
    return (
      <article className="chat-message chat-message-user" aria-label={words.question}>
        <textarea aria-label={words.editQuestion} rows={3} value={draft} onChange={(event) => setDraft(event.target.value)} />
        <footer className="chat-message-footer">
          <button type="button" className="button" onClick={() => setDraft(null)}>
            {words.cancel}
          </button>
          <button
            type="button"
            className="button-primary"
            disabled={!draft.trim() || busy}
            onClick={() => void editAndResend({ messageId: message.id, text: draft }).then((sent) => sent && setDraft(null))}
          >
            {words.resend}
          </button>
        </footer>
      </article>
    );
  }
  return (
    <article className="chat-message chat-message-user" aria-label={words.question}>
      <div className="chat-question-text">{message.content}</div>
      <footer className="chat-message-footer">
        <VersionSwitch conversationId={conversationId} message={message} busy={busy} />
        <CopyButton text={message.content} words={words} />
        <button type="button" className="button chat-small" disabled={busy} onClick={() => setDraft(message.content)}>
          {words.edit}
        </button>
      </footer>
    </article>
  );
}
