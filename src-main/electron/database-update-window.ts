// A small window while the start waits: for a locked keychain to give the database's key, or for an
// update's migrations (core/db/database.ts), which can take a minute over a large cache. Without it
// the user would see nothing and start OpsDesk again.
import { BrowserWindow, nativeTheme } from 'electron';
import type { MigrationStep } from '../core/db/database.ts';
import type { Translator } from '../../src-shared/i18n/translator.ts';
import { DATABASE_UPDATE_WINDOW_SIZE, databaseUpdatePage } from './database-update-page.ts';

/** Migrations done sooner than this show no window (a flash would only puzzle). */
export const SHOW_AFTER_MS = 400;

export interface DatabaseUpdateWindow {
  /** The keychain has not answered: it may be showing its unlock prompt, perhaps behind other windows. */
  waitingForKeychain(): void;
  /** Called before each migration; the window appears once they have run a moment. */
  migrating(step: MigrationStep): void;
  /** After the main window exists: closing the last window would end the app. */
  close(): void;
}

export function databaseUpdateWindow({ t, language }: Translator): DatabaseUpdateWindow {
  let step: MigrationStep | 'keychain' | null = null;
  let window: BrowserWindow | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const dark = nativeTheme.shouldUseDarkColors;
  const load = (current: MigrationStep | 'keychain') => {
    const page = databaseUpdatePage({
      language,
      ...(current === 'keychain'
        ? { title: t('databaseUpdate.keychainTitle'), body: t('databaseUpdate.keychainBody'), step: null }
        : {
            title: t('databaseUpdate.title'),
            body: t('databaseUpdate.body'),
            step: current.of > 1 ? t('databaseUpdate.step', { number: current.number, of: current.of }) : null,
          }),
      dark,
    });
    void window?.loadURL(`data:text/html;charset=utf-8,${encodeURIComponent(page)}`);
  };
  const show = (next: MigrationStep | 'keychain') => {
    step = next;
    if (window) load(next);
    else timer ??= setTimeout(open, SHOW_AFTER_MS);
  };
  const open = () => {
    timer = null;
    window = new BrowserWindow({
      ...DATABASE_UPDATE_WINDOW_SIZE,
      useContentSize: true,
      resizable: false,
      minimizable: false,
      maximizable: false,
      fullscreenable: false,
      show: false,
      title: 'OpsDesk',
      backgroundColor: dark ? '#15171a' : '#f6f7f9',
      webPreferences: { sandbox: true, contextIsolation: true, nodeIntegration: false, javascript: false, spellcheck: false },
    });
    window.once('ready-to-show', () => window?.show());
    if (step) load(step);
  };
  return {
    waitingForKeychain: () => show('keychain'),
    migrating: show,
    close() {
      if (timer) clearTimeout(timer);
      timer = null;
      if (window && !window.isDestroyed()) window.destroy();
      window = null;
    },
  };
}
