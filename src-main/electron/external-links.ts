import { BrowserWindow, dialog, shell } from 'electron';
import type { Translator } from '../../src-shared/i18n/translator.ts';
import { isSafeExternalUrl } from '../core/external-url.ts';

const OPEN = 1;
const CANCEL = 0;
let asking = false;

/**
 * Opens a link in the system browser only after the user, in a native dialog that the window
 * cannot draw over or answer, has seen the whole address and chosen to open it. One question at a
 * time: a window asking again and again must not put an "Open" button under a click meant for
 * something else. Resolves whether the link was opened.
 */
export async function openExternalAfterAsking(raw: string, { t }: Translator): Promise<boolean> {
  if (asking || !isSafeExternalUrl(raw)) return false;
  // The parsed form: the host in punycode, so a look-alike name shows as what it is.
  const url = new URL(raw).href;
  asking = true;
  try {
    const options: Electron.MessageBoxOptions = {
      type: 'question',
      title: t('linkPrompt.title'),
      message: t('linkPrompt.message'),
      detail: url,
      buttons: [t('linkPrompt.cancel'), t('linkPrompt.open')],
      defaultId: CANCEL,
      cancelId: CANCEL,
      noLink: true,
    };
    const window = BrowserWindow.getFocusedWindow();
    const { response } = await (window ? dialog.showMessageBox(window, options) : dialog.showMessageBox(options));
    if (response !== OPEN) return false;
    await shell.openExternal(url);
    return true;
  } finally {
    asking = false;
  }
}
