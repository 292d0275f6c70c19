import { useTranslation } from 'react-i18next';
import type { ContactRow, TicketRow } from '../../../../src-shared/contract/support.ts';
import { visibleText } from '../../../../src-shared/visible-text.ts';
import { useFormat } from '../../../ui/format.ts';
import { Time } from '../../../ui/Time.tsx';
import { useWorkspaceStore } from '../../../navigation/workspace-store.ts';
import { contactStatusWords } from '../lists/status-words.ts';
import { useTicket, useTicketContact } from '../support-data.ts';
import { ContactTag } from './ContactPicker.tsx';
import { ContactRecords } from './ContactRecords.tsx';

/**
 * Who a ticket is from, beside its thread, the same in the ticket's tab and the inbox's split view:
 * the contact the server links, or the one the visitor's e-mail or name fits (saying which), with
 * their other tickets and work items. Without one, what the ticket itself says of the visitor, and
 * the contacts to tell apart when several fit.
 */
export function TicketContact({ profileId, ticketId }: { profileId: string; ticketId: string }) {
  const { t } = useTranslation();
  const found = useTicketContact(profileId, ticketId);
  // The thread beside it reads the same ticket: one read for both.
  const ticket = useTicket(profileId, ticketId).data;
  const navigate = useWorkspaceStore((state) => state.navigate);
  const openContact = (contactId: string) => navigate({ kind: 'support', params: { profileId, section: 'contacts', itemId: contactId } });
  const match = found.data;

  return (
    <aside className="si-ticket-contact" aria-label={t('support.links.contact')}>
      <h2 className="si-side-heading">{t('support.links.contact')}</h2>
      {found.isPending && <p className="muted">{t('support.ticket.loading')}</p>}
      {match?.contact ? (
        <>
          <ContactCard contact={match.contact} onOpen={() => openContact(match.contact!.id)} />
          <p className="si-hint muted">{t(`support.links.matchedBy.${match.matchedBy ?? 'server'}`)}</p>
          <ContactRecords profileId={profileId} contactId={match.contact.id} currentTicketId={ticketId} />
        </>
      ) : (
        match && (
          <>
            {ticket && <VisitorFacts ticket={ticket} />}
            {match.candidates.length > 0 ? (
              <>
                <p className="si-hint muted">{t('support.links.candidates', { count: match.candidates.length })}</p>
                <ul className="si-linked-list">
                  {match.candidates.map((candidate) => (
                    <li key={candidate.id}>
                      <button type="button" className="si-link" onClick={() => openContact(candidate.id)}>
                        <ContactTag contact={candidate} />
                      </button>
                    </li>
                  ))}
                </ul>
              </>
            ) : (
              <p className="si-hint muted">{match.contactId ? t('support.links.notRead', { id: match.contactId }) : t('support.links.none')}</p>
            )}
          </>
        )
      )}
    </aside>
  );
}

/** The linked contact: what tells them from a namesake (company, e-mail, the phone as the server masks it, when last active). */
function ContactCard({ contact, onOpen }: { contact: ContactRow; onOpen(): void }) {
  const { t } = useTranslation();
  const lastActive = contact.updatedAt ?? contact.createdAt;
  return (
    <div className="si-contact-card">
      <button type="button" className="si-link si-contact-name si-server-text" onClick={onOpen}>
        {visibleText(contact.name ?? contact.id)}
      </button>
      <dl className="si-fields">
        {contact.company && (
          <>
            <dt>{t('support.contacts.company')}</dt>
            <dd className="si-server-text">{visibleText(contact.company)}</dd>
          </>
        )}
        <dt>{t('support.contacts.email')}</dt>
        <Token value={contact.email} none="—" />
        <dt>{t('support.contacts.phone')}</dt>
        <Token value={contact.phone} none={t('support.contacts.noPhone')} />
        {lastActive && (
          <>
            <dt>{t('support.links.lastActivity')}</dt>
            <dd>
              <Time value={lastActive} compact />
            </dd>
          </>
        )}
        <dt>{t('support.contacts.status')}</dt>
        <dd>{contactStatusWords(contact.status, t)}</dd>
      </dl>
    </div>
  );
}

/** An e-mail address or phone number: kept on one line (cut with an ellipsis where the pane is narrow, whole on hover), never broken inside. */
function Token({ value, none }: { value: string | null; none: string }) {
  if (!value) return <dd className="muted">{none}</dd>;
  const shown = visibleText(value);
  return (
    <dd className="si-server-text si-token" title={shown}>
      {shown}
    </dd>
  );
}

/** What the ticket says of its visitor when no contact is theirs. */
function VisitorFacts({ ticket }: { ticket: TicketRow }) {
  const { t } = useTranslation();
  const format = useFormat();
  const facts: [string, React.ReactNode][] = [
    [t('support.links.visitor.name'), ticket.visitorName && visibleText(ticket.visitorName)],
    [t('support.links.visitor.email'), ticket.visitorEmail && <span className="si-token" title={visibleText(ticket.visitorEmail)}>{visibleText(ticket.visitorEmail)}</span>],
    [t('support.links.visitor.channel'), ticket.channel && visibleText(ticket.channel)],
    [t('support.links.visitor.messages'), ticket.messageCount === null ? null : format.number(ticket.messageCount)],
    [t('support.links.visitor.opened'), ticket.createdAt && <Time value={ticket.createdAt} compact />],
  ];
  return (
    <dl className="si-fields">
      {facts
        .filter(([, value]) => value !== null && value !== '')
        .map(([label, value]) => (
          <div key={label} className="si-field-pair">
            <dt>{label}</dt>
            <dd className="si-server-text">{value}</dd>
          </div>
        ))}
    </dl>
  );
}
