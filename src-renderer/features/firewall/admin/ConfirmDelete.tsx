import { useState } from 'react';
import type { IpcError, IpcResult } from '../../../../src-shared/contract/define.ts';
import type { QueuedWrite } from '../../../../src-shared/contract/firewall.ts';
import { Dialog } from '../../../ui/Dialog.tsx';
import { ErrorNotice } from '../../../ui/ErrorNotice.tsx';
import { useTranslation } from 'react-i18next';

/** Asks before deleting on the appliance; closes on success, shows the appliance's refusal otherwise. */
export function ConfirmDelete({ name, remove, onClose, onDeleted }: { name: string; remove(): Promise<IpcResult<QueuedWrite | null>>; onClose(): void; onDeleted(): void }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<IpcError | null>(null);
  const title = t('firewallAdmin.common.confirmDelete', { name });
  return (
    <Dialog title={title} onClose={onClose}>
      <p>{t('firewallAdmin.common.confirmDeleteDetail')}</p>
      {error && <ErrorNotice error={error} title={t('firewallAdmin.common.failedTitle')} />}
      <div className="dialog-actions">
        <button type="button" className="button" onClick={onClose}>
          {t('firewallAdmin.common.cancel')}
        </button>
        <button
          type="button"
          className="button-danger"
          disabled={busy}
          onClick={() => {
            setBusy(true);
            void remove().then((result) => {
              setBusy(false);
              if (result.ok) onDeleted();
              else setError(result.error);
            });
          }}
        >
          {t('firewallAdmin.common.delete')}
        </button>
      </div>
    </Dialog>
  );
}
