import { useTranslation } from 'react-i18next';
import type { TicketRow } from '../../../../src-preload/contract/support.ts';
import { visibleText } from '../../../../src-shared/visible-text.ts';
import { Time } from '../../../ui/Time.tsx';

/**
 * The third pane of the inbox: who the chosen ticket is from. What the ticket itself knows (the
 * visitor, the channel, the contact's id); the linked contact's own record (company, email, phone,
 * their other tickets and work items) is the contacts' part to show here (issue 27, item 5).
 */
export function TicketContactPane({ ticket }: { profileId: string; ticket: TicketRow | null }) {
  const { t } = useTranslation();
  if (!ticket) return <p className="muted inbox-contact-empty">{t('support.inbox.contact.none')}</p>;
  const rows: [string, React.ReactNode][] = [
    [t('support.inbox.contact.name'), ticket.visitorName && visibleText(ticket.visitorName)],
    [t('support.inbox.contact.email'), ticket.visitorEmail && visibleText(ticket.visitorEmail)],
    [t('support.inbox.contact.channel'), ticket.channel && visibleText(ticket.channel)],
    [t('support.inbox.contact.contactId'), ticket.contactId],
    [t('support.inbox.contact.messages'), ticket.messageCount === null ? null : String(ticket.messageCount)],
    [t('support.inbox.contact.opened'), ticket.createdAt && <Time value={ticket.createdAt} />],
  ];
  return (
    <aside className="inbox-contact" aria-label={t('support.inbox.contact.region')}>
      <h3>{t('support.inbox.contact.title')}</h3>
      <dl className="si-fields">
        {rows
          .filter(([, value]) => value !== null && value !== '')
          .map(([label, value]) => (
            <div key={label} className="si-field-pair">
              <dt>{label}</dt>
              <dd className="si-server-text">{value}</dd>
            </div>
          ))}
      </dl>
    </aside>
  );
}
