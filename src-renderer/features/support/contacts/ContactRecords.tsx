import { useTranslation } from 'react-i18next';
import { visibleText } from '../../../../src-shared/visible-text.ts';
import { Time } from '../../../ui/Time.tsx';
import { useWorkspaceStore } from '../../../navigation/workspace-store.ts';
import { ticketStatusWords, workStatusWords } from '../lists/status-words.ts';
import { useContactTickets, useLinkedWorkItems } from '../support-data.ts';
import { rememberTitle } from '../../../navigation/tab-titles.ts';

/**
 * A contact's tickets (the one open here marked) and work items, each opening in its own place. Two
 * named lists, not regions: beside the inbox they would be a second landmark named Tickets.
 */
export function ContactRecords({ profileId, contactId, currentTicketId }: { profileId: string; contactId: string; currentTicketId?: string }) {
  const { t } = useTranslation();
  const navigate = useWorkspaceStore((state) => state.navigate);
  const tickets = useContactTickets(profileId, contactId).data;
  const work = useLinkedWorkItems(profileId, { contactId }).data;
  return (
    <>
      <div className="si-linked">
        <h3>{tickets ? t('support.links.ticketsCount', { count: tickets.total }) : t('support.links.contactTickets')}</h3>
        {tickets && tickets.rows.length === 0 && <p className="muted">{t('support.links.noTickets')}</p>}
        <ul className="si-linked-list" aria-label={t('support.links.contactTickets')}>
          {tickets?.rows.map((row) => (
            <li key={row.id} aria-current={row.id === currentTicketId ? 'true' : undefined}>
              {row.id === currentTicketId ? (
                <span className="si-server-text">{visibleText(row.subject ?? row.id)}</span>
              ) : (
                <button
                  type="button"
                  className="si-link si-server-text"
                  onClick={() => {
                    rememberTitle({ kind: 'ticket', params: { profileId, ticketId: row.id } }, row.subject);
                    navigate({ kind: 'ticket', params: { profileId, ticketId: row.id } });
                  }}
                >
                  {visibleText(row.subject ?? row.id)}
                </button>
              )}
              <span className="si-linked-meta muted">
                {row.id === currentTicketId ? t('support.links.thisTicket') : ticketStatusWords(row.status, t)} · <Time value={row.lastMessage?.createdAt ?? row.updatedAt ?? row.createdAt} compact />
              </span>
            </li>
          ))}
        </ul>
      </div>
      <div className="si-linked">
        <h3>{work ? t('support.links.workCount', { count: work.total }) : t('support.links.contactWork')}</h3>
        {work && work.rows.length === 0 && <p className="muted">{t('support.links.noWork')}</p>}
        <ul className="si-linked-list" aria-label={t('support.links.contactWork')}>
          {work?.rows.map((item) => (
            <li key={item.id}>
              <button type="button" className="si-link si-server-text" onClick={() => navigate({ kind: 'support', params: { profileId, section: 'work', itemId: item.id } })}>
                {visibleText(item.title ?? item.id)}
              </button>
              <span className="si-linked-meta muted">{workStatusWords(item.status, t)}</span>
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}
