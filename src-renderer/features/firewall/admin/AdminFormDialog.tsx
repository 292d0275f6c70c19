import { useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { IpcError, IpcResult } from '../../../../src-shared/contract/define.ts';
import { Dialog } from '../../../ui/Dialog.tsx';
import { ErrorNotice } from '../../../ui/ErrorNotice.tsx';
import { useFieldErrors } from '../../../language/use-error-text.ts';
import { FormActions } from '../../../ui/FormActions.tsx';

interface Props {
  title: string;
  wide?: boolean;
  /** Creating a new object (the button says Create) or changing one (Save). */
  creating: boolean;
  /** Sends the form to the appliance. */
  send(): Promise<IpcResult<unknown>>;
  onClose(): void;
  onSaved(): void;
  /** The form's fields, given the appliance's refusal of each field by its name. */
  children(fieldError: (field: string) => string | undefined): ReactNode;
}

/** A create or edit form for an appliance object: sends once at a time; a refusal stays, on its fields when the appliance named them. */
export function AdminFormDialog({ title, wide, creating, send, onClose, onSaved, children }: Props) {
  const { t } = useTranslation();
  const [error, setError] = useState<IpcError | null>(null);
  const fieldError = useFieldErrors(error);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    const result = await send();
    setBusy(false);
    if (result.ok) onSaved();
    else setError(result.error);
  }

  return (
    <Dialog title={title} onClose={onClose} {...(wide && { wide })}>
      <form className="admin-form" onSubmit={(event) => void submit(event)} noValidate>
        {error && !error.fieldErrors?.length && <ErrorNotice error={error} title={t('firewallAdmin.common.failedTitle')} />}
        {children(fieldError)}
        <FormActions cancel={t('firewallAdmin.common.cancel')} onCancel={onClose} submit={creating ? t('firewallAdmin.common.create') : t('firewallAdmin.common.save')} busy={busy} />
      </form>
    </Dialog>
  );
}
