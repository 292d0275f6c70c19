import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContactRow } from '../../../../src-shared/contract/support.ts';
import { Time } from '../../../ui/Time.tsx';
import { SearchPicker } from '../lists/SearchPicker.tsx';
import { supportCalls } from '../support-data.ts';

/** How many contacts a search offers. */
const OFFERED = 20;

/** A cached contact, searched by name, e-mail, company or phone; each offered with what tells it apart from a namesake. */
export function ContactPicker({ profileId, label, value, onChange }: { profileId: string; label: string; value: ContactRow | null; onChange(contact: ContactRow | null): void }) {
  const { t } = useTranslation();
  const search = useCallback(
    async (text: string) => {
      const answer = await supportCalls(profileId).contacts({ ...(text && { text }), limit: OFFERED });
      return answer.ok ? answer.data.rows : [];
    },
    [profileId],
  );
  return (
    <SearchPicker
      label={label}
      value={value}
      onChange={onChange}
      search={search}
      idOf={(contact) => contact.id}
      placeholder={t('support.picker.contactPlaceholder')}
      renderChosen={(contact) => <ContactTag contact={contact} />}
      renderOption={(contact) => <ContactTag contact={contact} />}
    />
  );
}

/** A contact's name with its company, e-mail, masked phone and last activity. */
export function ContactTag({ contact }: { contact: ContactRow }) {
  const { t } = useTranslation();
  const when = contact.updatedAt ?? contact.createdAt;
  return (
    <span className="si-contact-tag">
      <strong className="si-server-text">{contact.name ?? contact.id}</strong>
      {contact.company && <span className="si-server-text">{contact.company}</span>}
      {contact.email && <span className="si-server-text muted">{contact.email}</span>}
      {contact.phone && <span className="si-server-text muted">{contact.phone}</span>}
      {when && (
        <span className="muted">
          {t('support.picker.lastActivity')} <Time value={when} />
        </span>
      )}
    </span>
  );
}
