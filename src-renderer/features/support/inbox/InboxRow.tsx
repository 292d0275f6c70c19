import type { ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TicketRow } from '../../../../src-preload/contract/support.ts';
import { visibleText } from '../../../../src-shared/visible-text.ts';
import { Time } from '../../../ui/Time.tsx';
import { ticketStatusWords } from '../lists/status-words.ts';

interface Props {
  row: TicketRow;
  checked: boolean;
  /** `range`: shift held, every row from the last one checked. */
  onCheck(range: boolean): void;
}

/** One ticket in the inbox: its check box, subject, visitor, last message, status and when. */
export function InboxRow({ row, checked, onCheck }: Props) {
  const { t } = useTranslation();
  const when = row.lastMessage?.createdAt ?? row.updatedAt ?? row.createdAt;
  const subject = visibleText(row.subject ?? row.id);
  return (
    <>
      <input
        type="checkbox"
        className="inbox-check"
        checked={checked}
        aria-label={t('support.inbox.check', { subject })}
        // Checking is not choosing: the thread beside the list stays as it is.
        onClick={(event) => event.stopPropagation()}
        onChange={(event: ChangeEvent<HTMLInputElement>) => onCheck((event.nativeEvent as MouseEvent).shiftKey)}
      />
      <span className="si-row-main">
        <span className="si-row-top">
          {row.unread && <span className="si-unread-dot" role="img" aria-label={t('support.tickets.unread')} />}
          <bdi className="si-subject">{subject}</bdi>
          <bdi className="si-visitor muted">{row.visitorName && visibleText(row.visitorName)}</bdi>
        </span>
        <bdi className="si-last-message muted">{row.lastMessage ? visibleText(row.lastMessage.text) : t('support.tickets.noMessage')}</bdi>
      </span>
      <span className="si-row-side">
        <span className={`si-status si-status-${row.status.replace(/[^a-z]/g, '') || 'other'}`}>{ticketStatusWords(row.status, t)}</span>
        {when && <Time value={when} />}
      </span>
    </>
  );
}
