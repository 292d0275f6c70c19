import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { TicketRow } from '../../../../src-shared/contract/support.ts';
import { Time } from '../../../ui/Time.tsx';
import { SearchPicker } from '../lists/SearchPicker.tsx';
import { ticketStatusWords } from '../lists/status-words.ts';
import { supportCalls } from '../support-data.ts';

/** How many tickets a search offers. */
const OFFERED = 20;

/** The part of a ticket a picker shows and a link keeps. */
export type PickedTicket = Pick<TicketRow, 'id' | 'subject'> & Partial<TicketRow>;

/** A cached ticket, searched by subject, visitor or last message. */
export function TicketPicker({ profileId, label, value, onChange }: { profileId: string; label: string; value: PickedTicket | null; onChange(ticket: PickedTicket | null): void }) {
  const { t } = useTranslation();
  const search = useCallback(
    async (text: string) => {
      const answer = await supportCalls(profileId).tickets({ ...(text && { text }), limit: OFFERED });
      return answer.ok ? answer.data.rows : [];
    },
    [profileId],
  );
  return (
    <SearchPicker<PickedTicket>
      label={label}
      value={value}
      onChange={onChange}
      search={search}
      idOf={(ticket) => ticket.id}
      placeholder={t('support.picker.ticketPlaceholder')}
      renderChosen={(ticket) => <TicketTag ticket={ticket} />}
      renderOption={(ticket) => <TicketTag ticket={ticket} />}
    />
  );
}

function TicketTag({ ticket }: { ticket: PickedTicket }) {
  const { t } = useTranslation();
  const when = ticket.lastMessage?.createdAt ?? ticket.updatedAt ?? ticket.createdAt;
  return (
    <span className="si-contact-tag">
      <strong className="si-server-text">{ticket.subject ?? ticket.id}</strong>
      {ticket.visitorName && <span className="si-server-text">{ticket.visitorName}</span>}
      {ticket.status && <span className="muted">{ticketStatusWords(ticket.status, t)}</span>}
      {when && <Time value={when} />}
      <span className="muted support-id">{ticket.id}</span>
    </span>
  );
}
