import { useTranslation } from 'react-i18next';
import type { CannedReply } from '../../../src-shared/contract/replies.ts';
import type { TicketDetail } from '../../../src-shared/contract/support.ts';
import { cannedReplyValues, fillCannedReply } from '../../../src-shared/canned-replies.ts';

interface Props {
  id: string;
  replies: readonly CannedReply[];
  active: number;
  ticket: TicketDetail;
  company: string | null;
  onChoose(reply: CannedReply): void;
}

/** Canned replies to choose from, each with its shortcut and its text as it will go in for this ticket. */
export function CannedReplyList({ id, replies, active, ticket, company, onChoose }: Props) {
  const { t } = useTranslation();
  return (
    <ul id={id} role="listbox" className="si-canned-list" aria-label={t('support.reply.canned')}>
      {replies.map((reply, index) => (
        <li
          key={reply.id}
          id={`${id}-${index}`}
          role="option"
          aria-selected={index === active}
          className={index === active ? 'si-canned-option si-canned-active' : 'si-canned-option'}
          // Chosen on press, before the box loses its focus and closes the list.
          onMouseDown={(event) => {
            event.preventDefault();
            onChoose(reply);
          }}
        >
          <strong className="si-canned-shortcut">/{reply.shortcut}</strong>
          <span className="si-canned-body muted">{fillCannedReply(reply.body, cannedReplyValues(ticket, company)).text}</span>
        </li>
      ))}
    </ul>
  );
}
