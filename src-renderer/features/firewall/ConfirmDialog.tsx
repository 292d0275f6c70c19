import { useState } from 'react';
import type { ReactNode } from 'react';
import type { IpcError, IpcResult } from '../../../src-shared/contract/define.ts';
import { Dialog } from '../../ui/Dialog.tsx';
import { ErrorNotice } from '../../ui/ErrorNotice.tsx';
import { useTranslation } from 'react-i18next';

interface Props {
  title: string;
  confirmLabel: string;
  children: ReactNode;
  onConfirm(): Promise<IpcResult<unknown>>;
  onClose(): void;
}

/** Asks before a change the appliance cannot undo for us; stays open with the reason if it fails. */
export function ConfirmDialog({ title, confirmLabel, children, onConfirm, onClose }: Props) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<IpcError | null>(null);
  const confirm = async () => {
    setBusy(true);
    const result = await onConfirm();
    setBusy(false);
    if (result.ok) onClose();
    else setError(result.error);
  };
  return (
    <Dialog title={title} onClose={onClose}>
      {children}
      {error && <ErrorNotice error={error} title={t('firewall.confirm.failed')} />}
      <div className="dialog-actions">
        <button type="button" className="button" onClick={onClose}>
          {t('firewall.confirm.cancel')}
        </button>
        <button type="button" className="button-danger" disabled={busy} onClick={() => void confirm()}>
          {confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}
