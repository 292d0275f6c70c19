import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { supportCalls } from '../support-data.ts';
import type { ContactRow } from '../../../../src-shared/contract/support.ts';
import { ContactPicker } from '../contacts/ContactPicker.tsx';
import { TicketPicker, type PickedTicket } from '../ticket/TicketPicker.tsx';
import { Dialog } from '../../../ui/Dialog.tsx';
import { ErrorNotice } from '../../../ui/ErrorNotice.tsx';
import { Field } from '../lists/Field.tsx';
import { workPriorityList, workPriorityWords } from '../lists/status-words.ts';
import type { SupportWrites } from '../lists/use-support-writes.ts';

/** What a work item made from somewhere (a ticket) starts with; the analyst may change all of it. */
export interface WorkItemPrefill {
  title: string;
  description: string;
  contact: ContactRow | null;
  ticket: PickedTicket | null;
}

/** Creates an after-sales work item, linked to a cached contact and a ticket, both searched; the write shows where it was made at once. */
export function NewWorkItemDialog({ profileId, writes, onClose, prefill }: { profileId: string; writes: SupportWrites; onClose(): void; prefill?: WorkItemPrefill }) {
  const { t } = useTranslation();
  const [title, setTitle] = useState(prefill?.title ?? '');
  const [description, setDescription] = useState(prefill?.description ?? '');
  const [priority, setPriority] = useState('normal');
  const [contact, setContact] = useState<ContactRow | null>(prefill?.contact ?? null);
  const [ticket, setTicket] = useState<PickedTicket | null>(prefill?.ticket ?? null);
  const [busy, setBusy] = useState(false);
  const action = t('support.work.create');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const entry = await writes.write(action, () =>
      supportCalls(profileId).createWorkItem({
        title,
        priority,
        ...(description.trim() && { description: description.trim() }),
        ...(contact && { contactId: contact.id }),
        ...(ticket && { ticketId: ticket.id }),
      }),
    );
    setBusy(false);
    if (entry) onClose();
  };

  return (
    <Dialog title={t('support.work.new')} onClose={onClose} wide>
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
        </div>
        {/* Each picker names itself to assistive technology; the visible label is for the eye. */}
        <div className="field">
          <span className="field-label" aria-hidden>
            {t('support.work.linkContact')}
          </span>
          <ContactPicker profileId={profileId} label={t('support.work.linkContact')} value={contact} onChange={setContact} />
        </div>
        <div className="field">
          <span className="field-label" aria-hidden>
            {t('support.work.linkTicket')}
          </span>
          <TicketPicker profileId={profileId} label={t('support.work.linkTicket')} value={ticket} onChange={setTicket} />
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
