import { useContext, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { IpcError } from '../../../../src-shared/contract/define.ts';
import type { OutboxEntry } from '../../../../src-shared/contract/outbox.ts';
import { useOutboxEntry } from '../../outbox/index.ts';
import { WriteStateWords } from '../../outbox/index.ts';
import { ErrorNotice } from '../../../ui/ErrorNotice.tsx';
import { TabIdContext } from '../../../navigation/tab-in-view.ts';
import { useUndoStore, type UndoOffer } from './undo-store.ts';
import './undo.css';

/**
 * The undo toasts of the analyst's own blocks and allows made in this tab, bottom right of the
 * window: inside the tab's panel, so another tab shown hides them, and they come back with their
 * tab for as long as they can still undo.
 */
export function UndoToasts() {
  const tabId = useContext(TabIdContext);
  const allOffers = useUndoStore((state) => state.offers);
  const offers = allOffers.filter((offer) => offer.tabId === tabId);
  if (offers.length === 0) return null;
  return (
    <div className="undo-toasts">
      {offers.map((offer) => (
        <UndoToast key={offer.id} offer={offer} />
      ))}
    </div>
  );
}

function UndoToast({ offer }: { offer: UndoOffer }) {
  const { t } = useTranslation();
  const dismiss = useUndoStore((state) => state.dismiss);
  const [state, setState] = useState<{ kind: 'offered' | 'undoing' } | { kind: 'failed'; error: IpcError } | { kind: 'waiting'; write: OutboxEntry }>({ kind: 'offered' });
  const [left, setLeft] = useState(() => Math.max(0, offer.until - Date.now()));

  useEffect(() => {
    if (state.kind !== 'offered') return;
    const timer = setInterval(() => {
      const remaining = offer.until - Date.now();
      if (remaining <= 0) dismiss(offer.id);
      else setLeft(remaining);
    }, 250);
    return () => clearInterval(timer);
  }, [dismiss, offer, state.kind]);

  const undo = async () => {
    setState({ kind: 'undoing' });
    const result = await offer.undo();
    if (!result.ok) setState({ kind: 'failed', error: result.error });
    // The appliance had taken the change and is away now: the write that takes it back waits, and the toast says where it stands until it is sent.
    else if (isQueuedWrite(result.data)) setState({ kind: 'waiting', write: result.data.queued });
    else dismiss(offer.id);
  };

  if (state.kind === 'waiting') return <UndoWaiting write={state.write} onDismiss={() => dismiss(offer.id)} />;

  return (
    <div className="undo-toast card" role="status" aria-label={t('firewall.undo.region')}>
      <p className="undo-toast-text">
        <bdi>{t(offer.done.key, offer.done.values)}</bdi>
      </p>
      {state.kind === 'failed' && <ErrorNotice error={state.error} title={t('firewall.undo.failed')} />}
      <div className="undo-toast-actions">
        {state.kind === 'offered' && <span className="muted">{t('firewall.undo.secondsLeft', { count: Math.ceil(left / 1000) })}</span>}
        {state.kind !== 'failed' && (
          <button type="button" className="button-primary" disabled={state.kind === 'undoing'} onClick={() => void undo()}>
            {state.kind === 'undoing' ? t('firewall.undo.undoing') : t('firewall.undo.undo')}
          </button>
        )}
        <button type="button" className="button" aria-label={t('firewall.undo.dismiss')} onClick={() => dismiss(offer.id)}>
          ×
        </button>
      </div>
    </div>
  );
}

function isQueuedWrite(data: unknown): data is { queued: OutboxEntry } {
  return typeof data === 'object' && data !== null && 'queued' in data;
}

/** An undo that is not done yet: its write, until the appliance has carried it out ("undone" only then). */
function UndoWaiting({ write, onDismiss }: { write: OutboxEntry; onDismiss(): void }) {
  const { t } = useTranslation();
  const entry = useOutboxEntry(write.id, write) ?? write;
  const undone = entry.state === 'sent';
  return (
    <div className="undo-toast card" role="status" aria-label={t('firewall.undo.region')}>
      <p className="undo-toast-text">{undone ? t('firewall.undo.undone') : t('firewall.undo.undoWaiting')}</p>
      {!undone && (
        <p className="muted">
          <WriteStateWords entry={entry} />
        </p>
      )}
      <div className="undo-toast-actions">
        <button type="button" className="button" aria-label={t('firewall.undo.dismiss')} onClick={onDismiss}>
          ×
        </button>
      </div>
    </div>
  );
}
