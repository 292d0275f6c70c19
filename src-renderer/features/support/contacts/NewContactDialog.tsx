import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { supportCalls } from '../support-data.ts';
import { Dialog } from '../../../ui/Dialog.tsx';
import { ErrorNotice } from '../../../ui/ErrorNotice.tsx';
import { Field } from '../lists/Field.tsx';
import type { SupportWrites } from '../lists/use-support-writes.ts';

/** Creates a contact (status new); the write shows beside the list at once. */
export function NewContactDialog({ profileId, writes, onClose }: { profileId: string; writes: SupportWrites; onClose(): void }) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [phone, setPhone] = useState('');
  const [company, setCompany] = useState('');
  const [busy, setBusy] = useState(false);
  const action = t('support.contacts.create');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const entry = await writes.write(action, () =>
      supportCalls(profileId).createContact({
        name,
        ...(email.trim() && { email: email.trim() }),
        ...(phone.trim() && { phone: phone.trim() }),
        ...(company.trim() && { company: company.trim() }),
      }),
    );
    setBusy(false);
    if (entry) onClose();
  };

  return (
    <Dialog title={t('support.contacts.new')} onClose={onClose}>
      <form className="si-form" onSubmit={(event) => void submit(event)}>
        <Field label={t('support.contacts.name')} name="name" refusal={writes.refusal}>
          <input value={name} required maxLength={200} onChange={(event) => setName(event.target.value)} />
        </Field>
        <div className="field-row">
          <Field label={t('support.contacts.email')} name="email" refusal={writes.refusal}>
            <input type="email" value={email} onChange={(event) => setEmail(event.target.value)} />
          </Field>
          <Field label={t('support.contacts.phone')} name="phone" refusal={writes.refusal}>
            <input type="tel" value={phone} maxLength={30} onChange={(event) => setPhone(event.target.value)} />
          </Field>
        </div>
        <Field label={t('support.contacts.company')} name="company" refusal={writes.refusal}>
          <input value={company} maxLength={200} onChange={(event) => setCompany(event.target.value)} />
        </Field>
        {writes.refusal && !writes.refusal.fieldErrors && <ErrorNotice error={writes.refusal} />}
        <div className="si-form-actions">
          <button type="button" className="button" onClick={onClose}>
            {t('support.form.cancel')}
          </button>
          <button type="submit" className="button-primary" disabled={busy || name.trim() === ''}>
            {action}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
