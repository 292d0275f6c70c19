import { useTranslation } from 'react-i18next';
import type { OutboxEntry } from '../../src-preload/contract/outbox.ts';
import { Dialog } from '../ui/Dialog.tsx';
import { useOutboxStore } from './outbox-store.ts';
import { useActionText } from './use-action-text.ts';

/**
 * Discarding drops the user's change for good, so it is asked once more, Keep being the default.
 * While the write is being tried again it cannot be discarded: the question stays, Discard off, until the attempt ends.
 */
export function DiscardConfirmation({ entry, onClose }: { entry: OutboxEntry; onClose(): void }) {
  const { t } = useTranslation();
  const actionText = useActionText();
  const discard = useOutboxStore((state) => state.discard);
  return (
    <Dialog title={t('outbox.discardConfirm.title')} onClose={onClose}>
      <p>{t('outbox.discardConfirm.body', { action: actionText(entry.action) })}</p>
      {entry.state === 'sending' && (
        <p className="notice notice-warning" role="status">
          {t('outbox.discardConfirm.sending')}
        </p>
      )}
      <div className="dialog-actions">
        <button type="button" className="button" autoFocus onClick={onClose}>
          {t('outbox.discardConfirm.keep')}
        </button>
        <button
          type="button"
          className="button-danger"
          disabled={entry.state === 'sending'}
          onClick={() => {
            void discard(entry.id);
            onClose();
          }}
        >
          {t('outbox.discardConfirm.discard')}
        </button>
      </div>
    </Dialog>
  );
}
