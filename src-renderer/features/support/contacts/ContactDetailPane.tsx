import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { IpcError } from '../../../../src-shared/contract/define.ts';
import { ErrorNotice } from '../../../ui/ErrorNotice.tsx';
import { Time } from '../../../ui/Time.tsx';
import { ScopeGate } from '../access/ScopeGate.tsx';
import { contactStatusList, contactStatusWords } from '../lists/status-words.ts';
import { supportCalls, useContact } from '../support-data.ts';
import { useSupportWrites } from '../lists/use-support-writes.ts';
import { WriteList } from '../lists/WriteList.tsx';
import { RecordingFollowUp } from '../drafting/RecordingFollowUp.tsx';
import { ContactRecords } from './ContactRecords.tsx';
import { FollowUps } from './FollowUps.tsx';
import { ItemCases } from '../../cases/index.ts';
import { AddressText } from '../../../ui/AddressText.tsx';

/** One contact: details, the masked phone (revealed only on request, kept only here), status, their tickets and work items, follow-ups. */
export function ContactDetailPane({ profileId, contactId }: { profileId: string; contactId: string }) {
  const { t } = useTranslation();
  const writes = useSupportWrites(profileId);

  const loaded = useContact(profileId, contactId);

  if (loaded.isPending) return <p className="muted">{t('support.ticket.loading')}</p>;
  // A failed re-read keeps what is shown.
  if (loaded.data === undefined) return loaded.error && <ErrorNotice error={loaded.error} />;
  const contact = loaded.data;

  return (
    <aside className="si-detail" aria-label={t('support.contacts.detail', { name: contact.name ?? contact.id })}>
      <h2 className="si-server-text">{contact.name ?? contact.id}</h2>
      <ItemCases item={{ kind: 'contact', profileId, itemId: contactId }} label={contact.name ?? contact.id} />
      {contact.from === 'cache' && contact.error && (
        <p className="notice notice-warning" role="note">
          {t('support.cached')}
        </p>
      )}
      <dl className="si-fields">
        <dt>{t('support.contacts.email')}</dt>
        <dd className="si-server-text">{contact.email ?? '—'}</dd>
        <dt>{t('support.contacts.phone')}</dt>
        <dd>
          <Phone profileId={profileId} contactId={contactId} phone={contact.phone} masked={contact.phoneMasked} />
        </dd>
        <dt>{t('support.contacts.company')}</dt>
        <dd className="si-server-text">
          <AddressText text={contact.company ?? '—'} />
        </dd>
        {contact.createdAt && (
          <>
            <dt>{t('support.ticket.created')}</dt>
            <dd>
              <Time value={contact.createdAt} />
            </dd>
          </>
        )}
        <dt>{t('support.contacts.status')}</dt>
        <dd>
          <span className="si-status">{contactStatusWords(contact.status, t)}</span>
        </dd>
      </dl>
      <div className="si-status-steps" role="group" aria-label={t('support.contacts.status')}>
        {contactStatusList
          .filter((status) => status !== contact.status)
          .map((status) => {
            const words = t('support.contacts.moveTo', { status: contactStatusWords(status, t) });
            return (
              <ScopeGate key={status} profileId={profileId} scope="crm.write">
                <button type="button" className="button" onClick={() => void writes.write(words, () => supportCalls(profileId).setContactStatus({ contactId, status }))}>
                  {words}
                </button>
              </ScopeGate>
            );
          })}
      </div>
      <ContactRecords profileId={profileId} contactId={contactId} />
      <WriteList writes={writes} />
      <RecordingFollowUp
        profileId={profileId}
        scope="crm.write"
        defaultKind="phone"
        writes={writes}
        send={(kind, note) => supportCalls(profileId).addContactFollowUp({ contactId, kind, note })}
      />
      <FollowUps
        follows={contact.follows}
        profileId={profileId}
        scope="crm.write"
        writes={writes}
        send={(kind, note) => supportCalls(profileId).addContactFollowUp({ contactId, kind, note })}
      />
    </aside>
  );
}

/** The phone as the server masks it; "Reveal" asks the server for the full number, which lives only in this component. */
function Phone({ profileId, contactId, phone, masked }: { profileId: string; contactId: string; phone: string | null; masked: boolean }) {
  const { t } = useTranslation();
  const [revealed, setRevealed] = useState<string | null>(null);
  const [error, setError] = useState<IpcError | null>(null);
  const [busy, setBusy] = useState(false);
  if (phone === null) return <span className="muted">{t('support.contacts.noPhone')}</span>;

  const reveal = async () => {
    setBusy(true);
    const result = await supportCalls(profileId).revealPhone({ contactId });
    setBusy(false);
    if (result.ok) {
      setRevealed(result.data.phone);
      setError(null);
    } else setError(result.error);
  };

  return (
    <span className="si-phone">
      <span className="si-server-text">{revealed ?? phone}</span>
      {masked && revealed === null && <span className="muted"> ({t('support.contacts.masked')})</span>}
      {masked &&
        (revealed === null ? (
          <ScopeGate profileId={profileId} scope="crm.write">
            <button type="button" className="button" title={t('support.contacts.revealTitle')} disabled={busy} onClick={() => void reveal()}>
              {t('support.contacts.reveal')}
            </button>
          </ScopeGate>
        ) : (
          <button type="button" className="button" onClick={() => setRevealed(null)}>
            {t('support.contacts.hide')}
          </button>
        ))}
      {error && <ErrorNotice error={error} />}
    </span>
  );
}
