import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConversationMatches } from '../../../src-shared/contract/gateway.ts';
import { findInConversation } from './chat-data.ts';

/** Typing settles this long before main is asked. */
const findDelayMs = 150;
const highlightName = 'chat-find';

/** Marks every occurrence of `text` in the messages on screen (the CSS Custom Highlight API: the DOM is left as React made it). */
export function highlightOccurrences(root: HTMLElement | null, text: string): void {
  if (typeof CSS === 'undefined' || !('highlights' in CSS)) return;
  if (!root || !text) {
    CSS.highlights.delete(highlightName);
    return;
  }
  const needle = text.toLowerCase();
  const ranges: Range[] = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const haystack = (node.nodeValue ?? '').toLowerCase();
    for (let at = haystack.indexOf(needle); at >= 0; at = haystack.indexOf(needle, at + needle.length)) {
      const range = new Range();
      range.setStart(node, at);
      range.setEnd(node, at + needle.length);
      ranges.push(range);
    }
  }
  CSS.highlights.set(highlightName, new Highlight(...ranges));
}

interface Props {
  conversationId: string;
  /** The message found now, by index, or null; the list scrolls to it. */
  onFound(index: number | null, text: string): void;
  onClose(): void;
}

/**
 * Find in the conversation (Ctrl/Cmd+F): main looks through every message, read or not; the newest
 * match comes first, Enter goes to the one before it, Shift+Enter back.
 */
export function ConversationFind({ conversationId, onFound, onClose }: Props) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [matches, setMatches] = useState<ConversationMatches | null>(null);
  const [current, setCurrent] = useState(0);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => input.current?.focus(), []);
  useEffect(() => {
    if (!text.trim()) return;
    const timer = setTimeout(() => {
      void findInConversation(conversationId, text).then((found) => {
        if (!found || found.text !== text) return;
        setMatches(found);
        setCurrent(0);
        onFound(found.indexes.at(-1) ?? null, text);
      });
    }, findDelayMs);
    return () => clearTimeout(timer);
  }, [conversationId, text, onFound]);

  const answered = matches && matches.text === text && text.trim() ? matches : null;
  const total = answered?.indexes.length ?? 0;
  const go = (step: number) => {
    if (!answered || total === 0) return;
    const next = (current + step + total) % total;
    setCurrent(next);
    onFound(answered.indexes[total - 1 - next]!, text);
  };

  return (
    <div className="chat-find" role="search">
      <input
        ref={input}
        type="search"
        aria-label={t('chat.find.label')}
        placeholder={t('chat.find.placeholder')}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          if (!event.target.value.trim()) onFound(null, '');
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') go(event.shiftKey ? -1 : 1);
          else if (event.key === 'Escape') onClose();
          else return;
          event.preventDefault();
        }}
      />
      <span className="muted chat-find-count" role="status">
        {answered ? (total === 0 ? t('chat.find.none') : t('chat.find.position', { current: current + 1, total })) : ''}
      </span>
      <button type="button" className="button chat-small" disabled={total < 2} onClick={() => go(1)}>
        {t('chat.find.older')}
      </button>
      <button type="button" className="button chat-small" disabled={total < 2} onClick={() => go(-1)}>
        {t('chat.find.newer')}
      </button>
      <button type="button" className="button chat-small" onClick={onClose}>
        {t('chat.find.close')}
      </button>
    </div>
  );
}
