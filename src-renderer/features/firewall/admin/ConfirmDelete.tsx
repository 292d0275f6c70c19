import { useState } from 'react';
import type { IpcError, IpcResult } from '../../../../src-preload/contract/define.ts';
import { Dialog } from '../../../ui/Dialog.tsx';
import { ErrorNotice } from '../../../ui/ErrorNotice.tsx';
import { useAdminText } from './use-admin-text.ts';

/** Asks before deleting on the appliance; closes on success, shows the appliance's refusal otherwise. */
export function ConfirmDelete({ name, remove, onClose, onDeleted }: { name: string; remove(): Promise<IpcResult<null>>; onClose(): void; onDeleted(): void }) {
  const { t } = useAdminText();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<IpcError | null>(null);
  const title = t('common.confirmDelete', { name });
  return (
    <Dialog title={title} onClose={onClose}>
      <p>{t('common.confirmDeleteDetail')}</p>
      {error && <ErrorNotice error={error} title={t('common.failedTitle')} />}
      <div className="dialog-actions">
        <button type="button" className="button" onClick={onClose}>
          {t('common.cancel')}
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
          {t('common.delete')}
        </button>
      </div>
    </Dialog>
  );
}
