import type { TFunction } from 'i18next';
import { memo } from 'react';
import type { ChangeEvent } from 'react';
import type { TicketRow } from '../../../../src-shared/contract/support.ts';
import { visibleText } from '../../../../src-shared/visible-text.ts';
import { Time } from '../../../ui/Time.tsx';
import { ticketStatusList, ticketStatusWords } from '../lists/status-words.ts';
import { phraseWith } from '../../../language/phrase-with.ts';

/**
 * What every row says, worded once per language: a row that asked i18next itself made each new
 * search's answer wait for a screenful of translations (P6).
 */
export function inboxRowWords(t: TFunction) {
  const known = new Map<string, string>(ticketStatusList.map((status) => [status, ticketStatusWords(status, t)]));
  return {
    check: phraseWith(t, 'support.inbox.check', 'subject'),
    unread: t('support.tickets.unread'),
    noMessage: t('support.tickets.noMessage'),
    // A status OpsDesk has no words for is shown as sent.
    status: (status: string) => known.get(status) ?? status,
  };
}

export type InboxRowWords = ReturnType<typeof inboxRowWords>;

interface Props {
  row: TicketRow;
  words: InboxRowWords;
  index: number;
  checked: boolean;
  /** `range`: shift held, every row from the last one checked. */
  onCheck(index: number, range: boolean): void;
}

/** Whether two reads of a ticket show the same: a list read again after a change brings new objects for the rows that did not change. */
function sameRow(a: TicketRow, b: TicketRow): boolean {
  if (a === b) return true;
  for (const key of Object.keys(a) as (keyof TicketRow)[]) {
    if (key !== 'lastMessage' && a[key] !== b[key]) return false;
  }
  return a.lastMessage?.id === b.lastMessage?.id && a.lastMessage?.text === b.lastMessage?.text && a.lastMessage?.createdAt === b.lastMessage?.createdAt;
}

/**
 * One ticket in the inbox: its check box, subject and when, then the visitor, their last message and
 * the status. Built again only when one of these changes, not with every change of the list around it.
 */
export const InboxRow = memo(function InboxRow({ row, words, index, checked, onCheck }: Props) {
  const when = row.lastMessage?.createdAt ?? row.updatedAt ?? row.createdAt;
  const subject = visibleText(row.subject ?? row.id);
  return (
    <>
      <input
        type="checkbox"
        className="inbox-check"
        checked={checked}
        aria-label={words.check(subject)}
        // Checking is not choosing: the thread beside the list stays as it is.
        onClick={(event) => event.stopPropagation()}
        onChange={(event: ChangeEvent<HTMLInputElement>) => onCheck(index, (event.nativeEvent as MouseEvent).shiftKey)}
      />
      <span className="si-row-main">
        <span className="si-row-top">
          {row.unread && <span className="si-unread-dot" role="img" aria-label={words.unread} />}
          <bdi className="si-subject">{subject}</bdi>
          {when && (
            <span className="inbox-row-when">
              <Time value={when} compact />
            </span>
          )}
        </span>
        <span className="si-row-top">
          {row.visitorName && <bdi className="si-visitor">{visibleText(row.visitorName)}</bdi>}
          <bdi className="si-last-message muted">{row.lastMessage ? visibleText(row.lastMessage.text) : words.noMessage}</bdi>
          <span className={`si-status si-status-${row.status.replace(/[^a-z]/g, '') || 'other'}`}>{words.status(row.status)}</span>
        </span>
      </span>
    </>
  );
}, (before, after) => before.index === after.index && before.words === after.words && before.checked === after.checked && before.onCheck === after.onCheck && sameRow(before.row, after.row));
