import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../ui/Dialog.tsx';
import { TabBarButton } from '../../ui/TabBarButton.tsx';
import { usePendingWrites } from './outbox-data.ts';
import { useOutboxStore } from './outbox-store.ts';
import { OutboxPanel } from './OutboxPanel.tsx';
import { commandShortcut, isMac } from '../../navigation/shortcut-label.ts';
import './outbox.css';

export const outboxShortcut = commandShortcut('O', { shift: true });

/** The tab bar's outbox button: how many writes have not gone out; it and Ctrl/Cmd+Shift+O open the panel. */
export function OutboxButton() {
  const { t } = useTranslation();
  const pending = usePendingWrites((writes) => writes.length);
  const open = useOutboxStore((state) => state.panelOpen);
  const setOpen = useOutboxStore((state) => state.setPanelOpen);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const command = isMac ? event.metaKey : event.ctrlKey;
      if (!command || !event.shiftKey || event.key.toLowerCase() !== 'o') return;
      event.preventDefault();
      setOpen(true);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [setOpen]);

  return (
    <>
      <TabBarButton
        className="outbox-button"
        icon="inbox"
        count={pending}
        countClassName="outbox-count"
        aria-label={pending > 0 ? t('outbox.buttonPending', { count: pending }) : t('outbox.button')}
        title={t('outbox.buttonTooltip', { shortcut: outboxShortcut })}
        aria-keyshortcuts={isMac ? 'Meta+Shift+O' : 'Control+Shift+O'}
        onClick={() => setOpen(true)}
      />
      {open && (
        <Dialog title={t('outbox.heading')} onClose={() => setOpen(false)} wide>
          <OutboxPanel />
        </Dialog>
      )}
    </>
  );
}
