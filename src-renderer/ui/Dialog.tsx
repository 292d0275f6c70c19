import { useEffect, useRef } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  title: string;
  onClose(): void;
  children: ReactNode;
  wide?: boolean;
}

/** A modal on the native <dialog>: focus starts on its `data-autofocus` control and stays inside, Escape closes, the page behind is inert. */
export function Dialog({ title, onClose, children, wide }: Props) {
  const { t } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    // showModal focuses the first control (the close button); a dialog names the one Enter should press.
    element?.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    return () => element?.close();
  }, []);
  return (
    <dialog
      ref={dialog}
      className={wide ? 'dialog dialog-wide' : 'dialog'}
      aria-label={title}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <header className="dialog-header">
        <h2>{title}</h2>
        <button type="button" className="dialog-close" aria-label={t('dialog.close')} onClick={onClose}>
          ×
        </button>
      </header>
      {children}
    </dialog>
  );
}
