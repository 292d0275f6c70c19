import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../ui/Dialog.tsx';
import { LiveBadge } from '../../ui/LiveBadge.tsx';
import { useLiveConfirmationStore } from './live-confirmation-store.ts';

/** The one place a LIVE write is confirmed; mounted once in the workspace, asked through `useConfirmedWrite`. */
export function LiveConfirmation() {
  const { t } = useTranslation();
  const asking = useLiveConfirmationStore((state) => state.asking);
  const answer = useLiveConfirmationStore((state) => state.answer);
  const confirmButton = useRef<HTMLButtonElement>(null);
  // After the dialog opened (its own focus goes to its first button, the close ×): Enter confirms.
  useEffect(() => confirmButton.current?.focus(), [asking]);
  if (!asking) return null;
  return (
    <Dialog key={`${asking.action}\n${asking.profileName}`} title={t('outbox.live.title')} onClose={() => answer(false)}>
      <form
        className="live-confirmation"
        method="dialog"
        onSubmit={(event) => {
          event.preventDefault();
          answer(true);
        }}
      >
        <p>
          <LiveBadge /> <strong className="live-confirmation-action"><bdi>{asking.action}</bdi></strong>
        </p>
        <p>{t('outbox.live.body', { profile: asking.profileName })}</p>
        <p className="muted">{t('outbox.live.keys')}</p>
        <div className="dialog-actions">
          <button type="button" className="button" onClick={() => answer(false)}>
            {t('outbox.live.cancel')}
          </button>
          <button type="submit" className="button-primary" ref={confirmButton}>
            {t('outbox.live.confirm')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
