import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { IpcError } from '../../../src-shared/contract/define.ts';
import type { OutboxEntry } from '../../../src-shared/contract/outbox.ts';
import { Dialog } from '../../ui/Dialog.tsx';
import { ErrorNotice } from '../../ui/ErrorNotice.tsx';
import { useDiscardWrite } from './outbox-data.ts';
import { useActionText } from './use-action-text.ts';

type Discarding = { kind: 'asked' } | { kind: 'discarding' } | { kind: 'arrived' } | { kind: 'failed'; error: IpcError };

/**
 * Discarding drops the user's change for good, so it is asked once more, Keep being the default.
 * While the write is being tried again it cannot be discarded: the question stays, Discard off, until the attempt ends.
 * A write that may have reached its server is looked for there first, so the question stays open
 * until main knows: discarded, found made (then it is sent, and said so), or not known (nothing changed).
 */
export function DiscardConfirmation({ entry, onClose }: { entry: OutboxEntry; onClose(): void }) {
  const { t } = useTranslation();
  const actionText = useActionText();
  const discard = useDiscardWrite();
  const [discarding, setDiscarding] = useState<Discarding>({ kind: 'asked' });
  const action = actionText(entry.action);
  if (discarding.kind === 'arrived') {
    return (
      <Dialog title={t('outbox.discardConfirm.arrivedTitle')} onClose={onClose}>
        <p role="status">{t('outbox.discardConfirm.arrived', { action })}</p>
        <div className="dialog-actions">
          <button type="button" className="button-primary" autoFocus onClick={onClose}>
            {t('outbox.discardConfirm.close')}
          </button>
        </div>
      </Dialog>
    );
  }
  return (
    <Dialog title={t('outbox.discardConfirm.title')} onClose={onClose}>
      <p>{t('outbox.discardConfirm.body', { action })}</p>
      {entry.state === 'sending' && (
        <p className="notice notice-warning" role="status">
          {t('outbox.discardConfirm.sending')}
        </p>
      )}
      {discarding.kind === 'discarding' && (
        <p className="muted" role="status">
          {t('outbox.discardConfirm.checking')}
        </p>
      )}
      {discarding.kind === 'failed' && <ErrorNotice error={discarding.error} title={t('outbox.discardConfirm.failed')} />}
      <div className="dialog-actions">
        <button type="button" className="button" autoFocus onClick={onClose}>
          {t('outbox.discardConfirm.keep')}
        </button>
        <button
          type="button"
          className="button-danger"
          disabled={entry.state === 'sending' || discarding.kind === 'discarding'}
          onClick={() => {
            setDiscarding({ kind: 'discarding' });
            discard.mutate(entry.id, {
              onError: (error) => setDiscarding({ kind: 'failed', error }),
              onSuccess: (discarded) => (discarded.state === 'sent' ? setDiscarding({ kind: 'arrived' }) : onClose()),
            });
          }}
        >
          {t('outbox.discardConfirm.discard')}
        </button>
      </div>
    </Dialog>
  );
}
