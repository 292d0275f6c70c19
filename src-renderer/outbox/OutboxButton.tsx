import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../ui/Dialog.tsx';
import { isPending, useOutboxStore } from './outbox-store.ts';
import { OutboxPanel } from './OutboxPanel.tsx';
import './outbox.css';

const isMac = navigator.platform.toLowerCase().includes('mac');
export const outboxShortcut = isMac ? '⇧⌘O' : 'Ctrl+Shift+O';

/** The tab bar's outbox button: how many writes have not gone out; it and Ctrl/Cmd+Shift+O open the panel. */
export function OutboxButton() {
  const { t } = useTranslation();
  const pending = useOutboxStore((state) => Object.values(state.entries).filter(isPending).length);
  const follow = useOutboxStore((state) => state.follow);
  const [open, setOpen] = useState(false);
  useEffect(() => {
    void follow();
  }, [follow]);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const command = isMac ? event.metaKey : event.ctrlKey;
      if (!command || !event.shiftKey || event.key.toLowerCase() !== 'o') return;
      event.preventDefault();
      setOpen(true);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  return (
    <>
      <button
        type="button"
        className="outbox-button"
        aria-label={pending > 0 ? t('outbox.buttonPending', { count: pending }) : t('outbox.button')}
        title={t('outbox.buttonTooltip', { shortcut: outboxShortcut })}
        aria-keyshortcuts={isMac ? 'Meta+Shift+O' : 'Control+Shift+O'}
        onClick={() => setOpen(true)}
      >
        <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
          <path d="M22 12h-6l-2 3h-4l-2-3H2" />
          <path d="M5.45 5.11 2 12v6a2 2 0 0 0 2 2h16a2 2 0 0 0 2-2v-6l-3.45-6.89A2 2 0 0 0 16.76 4H7.24a2 2 0 0 0-1.79 1.11z" />
        </svg>
        {pending > 0 && (
          <span className="outbox-count" aria-hidden="true">
            {pending > 99 ? '99+' : pending}
          </span>
        )}
      </button>
      {open && (
        <Dialog title={t('outbox.heading')} onClose={() => setOpen(false)} wide>
          <OutboxPanel />
        </Dialog>
      )}
    </>
  );
}
