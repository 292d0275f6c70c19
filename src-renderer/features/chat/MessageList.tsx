import { measureElement as measuredHeight, useVirtualizer } from '@tanstack/react-virtual';
import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChatMessage, Conversation } from '../../../src-shared/contract/gateway.ts';
import type { ProfileView } from '../../../src-shared/contract/profiles.ts';
import { useConversationMessages } from './chat-data.ts';
import { ConversationFind, highlightOccurrences } from './ConversationFind.tsx';
import { AnswerItem, AskedItem, messageWords, QuestionItem } from './MessageItem.tsx';
import type { MessageWords } from './MessageItem.tsx';

/** Closer to the bottom than this, the list counts as at the bottom: it follows new text. */
const bottomSlackPx = 48;
/** How an answer ends that the user must see, wherever they were reading. */
const troubleOutcomes: readonly (ChatMessage['outcome'] | undefined)[] = ['failed', 'no_finish_reason', 'empty', 'interrupted'];
/** Messages read ahead of the screen's edges, so a scroll back finds them read. */
const readAheadMessages = 20;

/**
 * Each message's height as last measured, by list width and message: a message scrolled back into
 * view, or a conversation opened again, takes its place at once instead of from an estimate.
 */
const measuredHeights = new Map<number, Map<string, number>>();
function heightsAt(width: number): Map<string, number> {
  const rounded = Math.round(width);
  let heights = measuredHeights.get(rounded);
  if (!heights) measuredHeights.set(rounded, (heights = new Map()));
  return heights;
}

/** Kept per message: the virtualizer asks again for every message off screen each time a row is measured. */
const estimates = new WeakMap<ChatMessage, number>();

/** A message not yet measured: about a line per 90 characters, plus its frame and footer. */
function estimatedHeight(message: ChatMessage | undefined): number {
  if (!message) return 120;
  let height = estimates.get(message);
  if (height === undefined) {
    const lines = message.content.split('\n').reduce((sum, line) => sum + Math.max(1, Math.ceil(line.length / 90)), 0);
    estimates.set(message, (height = 70 + lines * 21));
  }
  return height;
}

/**
 * The list's width, kept as it changes: read from the element on every estimate, it made the
 * window check its layout thousands of times per row measured.
 */
function useWidth(element: RefObject<HTMLElement | null>): RefObject<number> {
  const width = useRef(0);
  useLayoutEffect(() => {
    const target = element.current;
    if (!target) return;
    width.current = target.clientWidth;
    const observer = new ResizeObserver(() => (width.current = target.clientWidth));
    observer.observe(target);
    return () => observer.disconnect();
  }, [element]);
  return width;
}

interface RowProps {
  conversationId: string;
  words: MessageWords;
  message: ChatMessage | undefined;
  isLast: boolean;
  busy: boolean;
  passingBy: boolean;
  profile: ProfileView | undefined;
  /** The message is the prompt OpsDesk opened the conversation with. */
  askedByOpsDesk: boolean;
}

const MessageRow = memo(function MessageRow({ conversationId, words, message, isLast, busy, profile, passingBy, askedByOpsDesk }: RowProps) {
  if (!message) return <div className="chat-message chat-message-unread" aria-busy="true">{words.reading}</div>;
  if (askedByOpsDesk) return <AskedItem words={words} message={message} />;
  return message.role === 'user' ? (
    <QuestionItem conversationId={conversationId} words={words} message={message} busy={busy} />
  ) : (
    <AnswerItem conversationId={conversationId} words={words} message={message} isLast={isLast} busy={busy} profile={profile} passingBy={passingBy} />
  );
});

/** Where the user is: following the newest text at the bottom, or reading further up. */
function useFollowing() {
  const scroller = useRef<HTMLDivElement>(null);
  const following = useRef(true);
  const [readingUp, setReadingUp] = useState(false);
  /** When the user last wheeled, pressed a key or touched the list: a scroll then is theirs. */
  const touchedAt = useRef(0);
  const pointerDown = useRef(false);

  const toBottom = useCallback(() => {
    const element = scroller.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, []);
  const follow = useCallback(() => {
    following.current = true;
    setReadingUp(false);
    toBottom();
  }, [toBottom]);

  const onScroll = () => {
    const element = scroller.current;
    if (!element) return;
    const atBottom = element.scrollHeight - element.scrollTop - element.clientHeight <= bottomSlackPx;
    // Only the user's own scrolling stops the following: the list moving its rows as they are
    // measured, or the text growing, is not the user leaving the bottom.
    const theirs = pointerDown.current || performance.now() - touchedAt.current < 500;
    if (!atBottom && !theirs) return;
    following.current = atBottom;
    setReadingUp(!atBottom);
  };
  const touched = () => (touchedAt.current = performance.now());
  const handlers = {
    onScroll,
    onWheel: touched,
    onKeyDown: touched,
    onTouchMove: touched,
    onPointerDown: () => (pointerDown.current = true),
    onPointerUp: () => (pointerDown.current = false),
  };
  const readUp = useCallback(() => {
    following.current = false;
    setReadingUp(true);
  }, []);
  return { scroller, following, readingUp, follow, readUp, toBottom, handlers };
}

interface Props {
  conversation: Conversation;
  profile: ProfileView | undefined;
  /** OpsDesk wrote the first question (a triage's prompt): it is folded, not the analyst's message. */
  openedByOpsDesk: boolean;
}

/**
 * A conversation's messages, however many: only those on screen exist, each placed by its measured
 * height; the earlier ones are read from main as the user scrolls back. It follows the newest text
 * while the user is at the bottom; scrolling up stops that and offers a way back.
 */
export function MessageList({ conversation, profile, openedByOpsDesk }: Props) {
  const { t } = useTranslation();
  const words = useMemo(() => messageWords(t), [t]);
  const { id } = conversation;
  const { count, messageAt, readMessages } = useConversationMessages(conversation);
  const last = messageAt(count - 1);
  const busy = last?.outcome === 'streaming';
  const { scroller, following, readingUp, follow, readUp, toBottom, handlers } = useFollowing();
  const [flinging, setFlinging] = useState(false);

  const width = useWidth(scroller);
  // The virtualizer places every row again, all of them, whenever this function is another one: kept
  // while the loaded messages stay the same, not made anew for each render (each scroll event).
  const getItemKey = useCallback((index: number) => messageAt(index)?.id ?? `unread-${index}`, [messageAt]);
  // The virtualizer is read afresh on every render by design; its users are not memoised.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scroller.current,
    getItemKey,
    estimateSize: (index) => {
      const message = messageAt(index);
      return (message && heightsAt(width.current).get(message.id)) ?? estimatedHeight(message);
    },
    measureElement: (element, entry, instance) => {
      const height = measuredHeight(element, entry, instance);
      const messageId = element.getAttribute('data-message-id');
      if (messageId) heightsAt(width.current).set(messageId, height);
      return height;
    },
    // Opened at the bottom: the first rows built are the newest, not the first of the conversation.
    initialOffset: () => Number.MAX_SAFE_INTEGER,
    overscan: 3,
    onChange: (instance) => {
      if (!instance.isScrolling) setFlinging(false);
    },
  });
  // Rows that come on screen while the user wheels through the conversation show their text first;
  // a jump (Home, Jump to latest, a find) draws its few rows at once.
  const rowsPassingBy = flinging && virtualizer.isScrolling;
  const items = virtualizer.getVirtualItems();
  const totalHeight = virtualizer.getTotalSize();
  const first = items[0]?.index ?? 0;
  const lastShown = items.at(-1)?.index ?? -1;

  const [finding, setFinding] = useState(false);
  const [found, setFound] = useState<{ index: number; text: string } | null>(null);
  const rows = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.key.toLowerCase() !== 'f' || !scroller.current?.checkVisibility()) return;
      event.preventDefault();
      setFinding(true);
      scroller.current.parentElement?.querySelector<HTMLInputElement>('.chat-find input')?.focus();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [scroller]);
  const onFound = useCallback(
    (index: number | null, text: string) => {
      setFound(index === null ? null : { index, text });
      if (index === null) return;
      readUp();
      virtualizer.scrollToIndex(index, { align: 'center' });
    },
    [readUp, virtualizer],
  );
  const closeFind = useCallback(() => {
    setFinding(false);
    setFound(null);
    scroller.current?.focus();
  }, [scroller]);
  // Every render may bring other messages on screen: their occurrences are marked again.
  useEffect(() => highlightOccurrences(finding && found ? rows.current : null, found?.text ?? ''));
  useEffect(() => () => highlightOccurrences(null, ''), []);

  useEffect(() => {
    if (lastShown >= first) readMessages(first - readAheadMessages, lastShown + 1 + readAheadMessages);
  }, [first, lastShown, readMessages]);

  // While following, every change of height (text arriving, a row measured) keeps the bottom in view.
  useLayoutEffect(() => {
    if (following.current) toBottom();
  }, [totalHeight, count, following, toBottom]);

  // A new question (or a new answer to one) starts from this window: the latest comes into view.
  const lastId = last?.id;
  useLayoutEffect(() => {
    if (lastId) follow();
  }, [lastId, follow]);
  // So does an answer ending with a failure, wherever the user was.
  const failed = troubleOutcomes.includes(last?.outcome);
  useLayoutEffect(() => {
    if (failed) follow();
  }, [failed, follow]);

  return (
    <div className="chat-messages-frame">
      {finding && <ConversationFind conversationId={id} onFound={onFound} onClose={closeFind} />}
      <div
        ref={scroller}
        className="chat-messages"
        role="log"
        aria-label={t('chat.messages')}
        tabIndex={0}
        {...handlers}
        onWheel={() => {
          handlers.onWheel();
          setFlinging(true);
        }}
        onKeyDown={(event) => {
          handlers.onKeyDown();
          // The browser's own smooth scroll to an end is cut short as the rows it passes are measured.
          if (event.key === 'Home' && count > 0) {
            readUp();
            virtualizer.scrollToIndex(0, { align: 'start' });
          } else if (event.key === 'End') follow();
          else return;
          event.preventDefault();
        }}
      >
        {count === 0 && <p className="muted">{t('chat.noMessages')}</p>}
        <div ref={rows} className="chat-messages-rows" style={{ height: totalHeight }}>
          {items.map((item) => {
            const message = messageAt(item.index);
            return (
              <div
                key={item.key}
                ref={virtualizer.measureElement}
                data-index={item.index}
                data-message-id={message?.id}
                className={item.index === found?.index ? 'chat-row chat-row-found' : 'chat-row'}
                style={{ transform: `translateY(${item.start}px)` }}
              >
                <MessageRow
                  conversationId={id}
                  words={words}
                  message={message}
                  isLast={item.index === count - 1}
                  busy={busy}
                  profile={profile}
                  passingBy={rowsPassingBy}
                  askedByOpsDesk={openedByOpsDesk && item.index === 0 && message?.role === 'user'}
                />
              </div>
            );
          })}
        </div>
      </div>
      {readingUp && (
        <button type="button" className="button chat-jump" onClick={follow}>
          {t('chat.jumpToLatest')}
        </button>
      )}
    </div>
  );
}
