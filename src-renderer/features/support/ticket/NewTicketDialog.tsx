import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { supportCalls } from '../support-data.ts';
import { Dialog } from '../../../ui/Dialog.tsx';
import { ErrorNotice } from '../../../ui/ErrorNotice.tsx';
import { Field } from '../lists/Field.tsx';
import type { SupportWrites } from '../lists/use-support-writes.ts';

/** Creates a queued ticket, or leaves an offline message, as a visitor would; the write shows in the inbox at once. */
export function NewTicketDialog({ profileId, writes, onClose }: { profileId: string; writes: SupportWrites; onClose(): void }) {
  const { t } = useTranslation();
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [offline, setOffline] = useState(false);
  const [busy, setBusy] = useState(false);
  const action = offline ? t('support.newTicket.createOffline') : t('support.newTicket.create');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const visitor = { ...(name.trim() && { name: name.trim() }), ...(email.trim() && { email: email.trim() }) };
    const entry = await writes.write(action, () =>
      supportCalls(profileId).createTicket({
        message,
        offline,
        ...(subject.trim() && { subject: subject.trim() }),
        ...(Object.keys(visitor).length > 0 && { visitor }),
      }),
    );
    setBusy(false);
    if (entry) onClose();
  };

  return (
    <Dialog title={t('support.newTicket.title')} onClose={onClose}>
      <form className="si-form" onSubmit={(event) => void submit(event)}>
        <Field label={t('support.newTicket.subject')} name="subject" refusal={writes.refusal}>
          <input value={subject} maxLength={200} onChange={(event) => setSubject(event.target.value)} />
        </Field>
        <Field label={t('support.newTicket.message')} name="message" refusal={writes.refusal}>
          <textarea value={message} rows={4} required onChange={(event) => setMessage(event.target.value)} />
        </Field>
        <div className="field-row">
          <Field label={t('support.newTicket.visitorName')} name="name" refusal={writes.refusal}>
            <input value={name} maxLength={200} onChange={(event) => setName(event.target.value)} />
          </Field>
          <Field label={t('support.newTicket.visitorEmail')} name="email" refusal={writes.refusal}>
            <input type="email" value={email} onChange={(event) => setEmail(event.target.value)} />
          </Field>
        </div>
        <label className="si-check">
          <input type="checkbox" checked={offline} onChange={(event) => setOffline(event.target.checked)} />
          {t('support.newTicket.offline')}
        </label>
        {writes.refusal && !writes.refusal.fieldErrors && <ErrorNotice error={writes.refusal} />}
        <div className="si-form-actions">
          <button type="button" className="button" onClick={onClose}>
            {t('support.form.cancel')}
          </button>
          <button type="submit" className="button-primary" disabled={busy || message.trim() === ''}>
            {action}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
