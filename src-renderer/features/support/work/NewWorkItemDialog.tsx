import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { supportCalls } from '../support-data.ts';
import type { ContactRow } from '../../../../src-preload/contract/support.ts';
import { Dialog } from '../../../ui/Dialog.tsx';
import { ErrorNotice } from '../../../ui/ErrorNotice.tsx';
import { Field } from '../lists/Field.tsx';
import { workPriorityList, workPriorityWords } from '../lists/status-words.ts';
import type { SupportWrites } from '../lists/use-support-writes.ts';

/** The contacts offered to link a new work item to: the newest cached ones. */
const contactChoices = 200;

/** Creates an after-sales work item, linked to a cached contact or a ticket id; the write shows beside the list at once. */
export function NewWorkItemDialog({ profileId, writes, onClose }: { profileId: string; writes: SupportWrites; onClose(): void }) {
  const { t } = useTranslation();
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [priority, setPriority] = useState('normal');
  const [contactId, setContactId] = useState('');
  const [ticketId, setTicketId] = useState('');
  const [contacts, setContacts] = useState<readonly ContactRow[]>([]);
  const [busy, setBusy] = useState(false);
  const action = t('support.work.create');

  useEffect(() => {
    void supportCalls(profileId).contacts({ limit: contactChoices }).then((result) => result.ok && setContacts(result.data.rows));
  }, [profileId]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const entry = await writes.write(action, () =>
      supportCalls(profileId).createWorkItem({
        title,
        priority,
        ...(description.trim() && { description: description.trim() }),
        ...(contactId && { contactId }),
        ...(ticketId.trim() && { ticketId: ticketId.trim() }),
      }),
    );
    setBusy(false);
    if (entry) onClose();
  };

  return (
    <Dialog title={t('support.work.new')} onClose={onClose}>
      <form className="si-form" onSubmit={(event) => void submit(event)}>
        <Field label={t('support.work.title')} name="title" refusal={writes.refusal}>
          <input value={title} required maxLength={200} onChange={(event) => setTitle(event.target.value)} />
        </Field>
        <Field label={t('support.work.description')} name="description" refusal={writes.refusal}>
          <textarea value={description} rows={3} onChange={(event) => setDescription(event.target.value)} />
        </Field>
        <div className="field-row">
          <Field label={t('support.work.priority')} name="priority" refusal={writes.refusal}>
            <select value={priority} onChange={(event) => setPriority(event.target.value)}>
              {workPriorityList.map((value) => (
                <option key={value} value={value}>
                  {workPriorityWords(value, t)}
                </option>
              ))}
            </select>
          </Field>
          <Field label={t('support.work.linkContact')} name="contactId" refusal={writes.refusal}>
            <select value={contactId} onChange={(event) => setContactId(event.target.value)}>
              <option value="">{t('support.work.noLink')}</option>
              {contacts.map((contact) => (
                <option key={contact.id} value={contact.id}>
                  {contact.name ?? contact.id}
                </option>
              ))}
            </select>
          </Field>
          <Field label={t('support.work.linkTicket')} name="ticketId" refusal={writes.refusal}>
            <input value={ticketId} maxLength={200} onChange={(event) => setTicketId(event.target.value)} />
          </Field>
        </div>
        {writes.refusal && !writes.refusal.fieldErrors && <ErrorNotice error={writes.refusal} />}
        <div className="si-form-actions">
          <button type="button" className="button" onClick={onClose}>
            {t('support.form.cancel')}
          </button>
          <button type="submit" className="button-primary" disabled={busy || title.trim() === ''}>
            {action}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
