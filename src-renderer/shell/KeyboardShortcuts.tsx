import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../ui/Dialog.tsx';
import { keyLabel, shortcutGroups } from './shortcuts.ts';
import { useWorkspaceStore } from '../navigation/workspace-store.ts';

/** The "Keyboard shortcuts" sheet: Ctrl/Cmd+/, Help → Keyboard Shortcuts, or the palette. */
export function KeyboardShortcuts() {
  const { t } = useTranslation();
  const close = () => useWorkspaceStore.getState().setShortcutsOpen(false);
  return (
    <Dialog title={t('shortcuts.title')} onClose={close} wide>
      <div className="shortcut-groups">
        {shortcutGroups.map((group) => (
          <section key={group.id} aria-labelledby={`shortcuts-${group.id}`}>
            <h3 id={`shortcuts-${group.id}`}>{t(`shortcuts.groups.${group.id}`)}</h3>
            <dl className="shortcut-list">
              {group.shortcuts.map((shortcut) => (
                <div key={shortcut.id} className="shortcut">
                  <dt>{t(`shortcuts.${shortcut.id}`)}</dt>
                  <dd>
                    {shortcut.presses.map((keys, index) => (
                      <Fragment key={keys.join('+')}>
                        {index > 0 && <span className="muted"> {t('shortcuts.or')} </span>}
                        <span className="shortcut-keys">
                          {keys.map((key, keyIndex) => (
                            <Fragment key={key}>
                              {keyIndex > 0 && '+'}
                              <kbd>{keyLabel(key)}</kbd>
                            </Fragment>
                          ))}
                        </span>
                      </Fragment>
                    ))}
                  </dd>
                </div>
              ))}
            </dl>
          </section>
        ))}
      </div>
    </Dialog>
  );
}
