import { useTranslation } from 'react-i18next';
import type { ContactRow } from '../../../../src-preload/contract/support.ts';
import { useWorkspaceStore } from '../../../workspace/workspace-store.ts';
import { contactStatusWords } from '../lists/status-words.ts';
import { useTicketContact } from '../support-data.ts';
import { ContactTag } from './ContactPicker.tsx';
import { ContactRecords } from './ContactRecords.tsx';

/**
 * Who a ticket is from, beside its thread (the ticket's tab and the inbox's split view): the contact
 * the server links, or the one the visitor's e-mail or name fits (saying which), with their other
 * tickets and work items; when several contacts fit, those to tell apart, none chosen.
 */
export function TicketContact({ profileId, ticketId }: { profileId: string; ticketId: string }) {
  const { t } = useTranslation();
  const found = useTicketContact(profileId, ticketId);
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
      ) : match && match.candidates.length > 0 ? (
        <>
          <p className="muted">{t('support.links.candidates', { count: match.candidates.length })}</p>
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
        match && <p className="muted">{match.contactId ? t('support.links.notRead', { id: match.contactId }) : t('support.links.none')}</p>
      )}
    </aside>
  );
}

function ContactCard({ contact, onOpen }: { contact: ContactRow; onOpen(): void }) {
  const { t } = useTranslation();
  return (
    <div className="si-contact-card">
      <button type="button" className="si-link si-contact-name si-server-text" onClick={onOpen}>
        {contact.name ?? contact.id}
      </button>
      <dl className="si-fields">
        {contact.company && (
          <>
            <dt>{t('support.contacts.company')}</dt>
            <dd className="si-server-text">{contact.company}</dd>
          </>
        )}
        <dt>{t('support.contacts.email')}</dt>
        <dd className="si-server-text">{contact.email ?? '—'}</dd>
        <dt>{t('support.contacts.phone')}</dt>
        <dd className="si-server-text">{contact.phone ?? t('support.contacts.noPhone')}</dd>
        <dt>{t('support.contacts.status')}</dt>
        <dd>{contactStatusWords(contact.status, t)}</dd>
      </dl>
    </div>
  );
}
