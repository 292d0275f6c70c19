import { useId, useRef, useState } from 'react';
import type { FormEvent, KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { CannedReply } from '../../../../src-shared/contract/replies.ts';
import type { TicketDetail } from '../../../../src-shared/contract/support.ts';
import { cannedReplyValues, fillCannedReply, unfilledVariables } from '../../../../src-shared/canned-replies.ts';
import { useCannedReplies } from '../../replies/index.ts';
import { commandShortcut } from '../../../navigation/shortcut-label.ts';
import { useWorkspaceStore } from '../../../navigation/workspace-store.ts';
import { ScopeGate } from '../access/ScopeGate.tsx';
import { useSupportAccess } from '../access/use-support-access.ts';
import type { SupportWrites } from '../lists/use-support-writes.ts';
import { supportCalls, useTicketContact } from '../support-data.ts';
import { CannedReplyList } from '../../replies/index.ts';
import { KbInsertDialog } from './KbInsertDialog.tsx';
import { insertText, matchingReplies, slashQueryAt } from './reply-text.ts';
import { useSavedReply } from './use-saved-reply.ts';
import { useAnchoredPopover } from '../../../ui/use-anchored-popover.ts';

export interface ReplyBoxText {
  text: string;
  setText(text: string): void;
  /** A draft is still arriving: the box is read-only and nothing can be sent. */
  locked: boolean;
  /** The reply went (the outbox has it): the box empties. */
  sent(): void;
}

interface Props {
  profileId: string;
  ticket: TicketDetail;
  writes: SupportWrites;
  box: ReplyBoxText;
}

type Menu = { kind: 'slash'; start: number; query: string } | { kind: 'button' } | null;

/**
 * The robot reply, the reply box's default: Ctrl/Cmd+Enter sends; `/` or the menu inserts a canned
 * reply filled in for this ticket; a knowledge-base answer can be put in too. The text is kept by
 * main until it is sent.
 */
export function ReplyBox({ profileId, ticket, writes, box }: Props) {
  const { t } = useTranslation();
  const lacksScope = useSupportAccess(profileId).allows('agent.reply') === false;
  const { ready } = useSavedReply(profileId, ticket.id, box);
  const replies = useCannedReplies(profileId).data ?? [];
  const company = useTicketContact(profileId, ticket.id).data?.contact?.company ?? null;
  const navigate = useWorkspaceStore((state) => state.navigate);
  const area = useRef<HTMLTextAreaElement>(null);
  const { anchor: slashAnchorRef, popover: slashPopover } = useAnchoredPopover<HTMLTextAreaElement>();
  const [menu, setMenu] = useState<Menu>(null);
  const [active, setActive] = useState(0);
  const [kbOpen, setKbOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const listId = useId();
  const hintId = useId();

  const { text } = box;
  const shown = menu?.kind === 'slash' ? matchingReplies(replies, menu.query) : [];
  const unfilled = unfilledVariables(text);
  const action = t('support.ticket.sendReply');

  /** Puts `insert` where the caret is (or in place of the `/shortcut` typed), then the caret after it. */
  const put = (insert: string, from?: number) => {
    const element = area.current;
    const end = element?.selectionEnd ?? text.length;
    const start = from ?? element?.selectionStart ?? end;
    const next = insertText(text, start, end, insert);
    box.setText(next.text);
    setMenu(null);
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(next.caret, next.caret);
    });
  };
  const insertReply = (reply: CannedReply) => put(fillCannedReply(reply.body, cannedReplyValues(ticket, company)).text, menu?.kind === 'slash' ? menu.start : undefined);

  const follow = (value: string, caret: number) => {
    const slash = slashQueryAt(value, caret);
    if (slash) {
      if (menu?.kind !== 'slash' || menu.query !== slash.query) setActive(0);
      setMenu({ kind: 'slash', ...slash });
    } else if (menu?.kind === 'slash') setMenu(null);
  };

  const send = async () => {
    if (box.locked || busy || text.trim() === '') return;
    setBusy(true);
    const entry = await writes.write(action, () => supportCalls(profileId).replyToTicket({ ticketId: ticket.id, text }));
    setBusy(false);
    if (entry) box.sent();
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void send();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void send();
      return;
    }
    if (menu?.kind !== 'slash' || shown.length === 0) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((current) => (current + (event.key === 'ArrowDown' ? 1 : shown.length - 1)) % shown.length);
    } else if (event.key === 'Enter' || event.key === 'Tab') {
      event.preventDefault();
      insertReply(shown[Math.min(active, shown.length - 1)]!);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      setMenu(null);
    }
  };

  const slashOpen = menu?.kind === 'slash';
  return (
    <>
    <form className="si-reply-box" onSubmit={onSubmit} aria-label={t('support.reply.region')}>
      <label className="field-label" htmlFor={`${listId}-text`}>
        {t('support.ticket.reply')}
      </label>
      <div className="si-reply-area">
        <textarea
          ref={(element) => {
            area.current = element;
            slashAnchorRef.current = element;
          }}
          id={`${listId}-text`}
          value={text}
          rows={box.locked || text.length > 120 ? 8 : 4}
          disabled={lacksScope}
          readOnly={box.locked || !ready}
          aria-busy={box.locked || !ready}
          aria-describedby={hintId}
          aria-autocomplete="list"
          aria-expanded={slashOpen}
          aria-controls={slashOpen ? listId : undefined}
          aria-activedescendant={slashOpen && shown.length > 0 ? `${listId}-${Math.min(active, shown.length - 1)}` : undefined}
          placeholder={t('support.reply.placeholder')}
          onChange={(event) => {
            box.setText(event.target.value);
            follow(event.target.value, event.target.selectionStart);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => slashOpen && setMenu(null)}
        />
        {slashOpen && (
          <div ref={slashPopover} className="si-reply-popover">
            {shown.length > 0 ? (
              <CannedReplyList id={listId} replies={shown} active={Math.min(active, shown.length - 1)} ticket={ticket} company={company} onChoose={insertReply} />
            ) : (
              <p className="muted si-reply-none">
                {replies.length === 0 ? t('support.reply.noCanned') : t('support.reply.noCannedMatch', { query: menu.query })}
              </p>
            )}
          </div>
        )}
      </div>
      <p id={hintId} className="si-hint muted">
        {t('support.reply.hint', { keys: commandShortcut('Enter') })}
      </p>
      {unfilled.length > 0 && (
        <p className="notice notice-warning" role="note">
          {t('support.reply.unfilled', { names: unfilled.map((name) => `{{${name}}}`).join(', ') })}
        </p>
      )}
      <div className="si-reply-tools">
        <CannedReplyMenuButton replies={replies} ticket={ticket} company={company} disabled={lacksScope || box.locked} open={menu?.kind === 'button'} setOpen={(open) => setMenu(open ? { kind: 'button' } : null)} onChoose={insertReply} onManage={() => navigate({ kind: 'settings', params: { section: 'cannedReplies' } })} />
        <ScopeGate profileId={profileId} scope="kb.read">
          <button type="button" className="button" disabled={lacksScope || box.locked} onClick={() => setKbOpen(true)}>
            {t('support.reply.fromKb')}
          </button>
        </ScopeGate>
        <span className="si-reply-send">
          <ScopeGate profileId={profileId} scope="agent.reply">
            <button type="submit" className="button-primary" disabled={busy || box.locked || !ready || text.trim() === ''} aria-keyshortcuts="Control+Enter Meta+Enter">
              {action}
            </button>
          </ScopeGate>
        </span>
      </div>
    </form>
    {/* Outside the reply's form: the dialog's search is a form of its own. */}
    {kbOpen && <KbInsertDialog profileId={profileId} initialQuery={ticket.subject ?? ''} onInsert={(answer) => put(answer)} onClose={() => setKbOpen(false)} />}
    </>
  );
}

interface MenuButtonProps {
  replies: readonly CannedReply[];
  ticket: TicketDetail;
  company: string | null;
  disabled: boolean;
  open: boolean;
  setOpen(open: boolean): void;
  onChoose(reply: CannedReply): void;
  onManage(): void;
}

/** "Canned replies": the same list as `/`, searchable, from a button. */
function CannedReplyMenuButton({ replies, ticket, company, disabled, open, setOpen, onChoose, onManage }: MenuButtonProps) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const listId = useId();
  const { anchor, popover } = useAnchoredPopover<HTMLButtonElement>('top-start');
  const shown = matchingReplies(replies, query);
  const current = Math.min(active, Math.max(shown.length - 1, 0));
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
    } else if ((event.key === 'ArrowDown' || event.key === 'ArrowUp') && shown.length > 0) {
      event.preventDefault();
      setActive((event.key === 'ArrowDown' ? current + 1 : current + shown.length - 1) % shown.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      if (shown[current]) onChoose(shown[current]);
    }
  };
  return (
    <span className="si-canned-menu">
      <button ref={anchor} type="button" className="button" aria-expanded={open} aria-haspopup="listbox" disabled={disabled} onClick={() => setOpen(!open)}>
        {t('support.reply.canned')}
      </button>
      {open && (
        <div ref={popover} className="si-reply-popover si-canned-popover" role="dialog" aria-label={t('support.reply.canned')}>
          <input
            type="search"
            autoFocus
            className="si-search"
            role="combobox"
            aria-expanded
            aria-controls={listId}
            aria-activedescendant={shown.length > 0 ? `${listId}-${current}` : undefined}
            aria-label={t('support.reply.searchCanned')}
            placeholder={t('support.reply.searchCanned')}
            value={query}
            onChange={(event) => {
              setQuery(event.target.value);
              setActive(0);
            }}
            onKeyDown={onKeyDown}
          />
          {shown.length > 0 ? (
            <CannedReplyList id={listId} replies={shown} active={current} ticket={ticket} company={company} onChoose={onChoose} />
          ) : (
            <p className="muted si-reply-none">{replies.length === 0 ? t('support.reply.noCanned') : t('support.reply.noCannedMatch', { query })}</p>
          )}
          <button type="button" className="si-link" onClick={onManage}>
            {t('support.reply.manage')}
          </button>
        </div>
      )}
    </span>
  );
}
