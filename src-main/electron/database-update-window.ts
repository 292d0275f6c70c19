// A small window while an update's migrations run at start (core/db/database.ts): they can take a
// minute over a large cache, and without it the user would see nothing and start OpsDesk again.
import { BrowserWindow, nativeTheme } from 'electron';
import type { MigrationStep } from '../core/db/database.ts';
import type { Translator } from '../../src-shared/i18n/translator.ts';
import { DATABASE_UPDATE_WINDOW_SIZE, databaseUpdatePage } from './database-update-page.ts';

/** Migrations done sooner than this show no window (a flash would only puzzle). */
export const SHOW_AFTER_MS = 400;

export interface DatabaseUpdateWindow {
  /** Called before each migration; the window appears once they have run a moment. */
  migrating(step: MigrationStep): void;
  /** After the main window exists: closing the last window would end the app. */
  close(): void;
}

export function databaseUpdateWindow({ t, language }: Translator): DatabaseUpdateWindow {
  let step: MigrationStep | null = null;
  let window: BrowserWindow | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const dark = nativeTheme.shouldUseDarkColors;
  const load = (current: MigrationStep) => {
    const page = databaseUpdatePage({
      language,
      title: t('databaseUpdate.title'),
      body: t('databaseUpdate.body'),
      step: current.of > 1 ? t('databaseUpdate.step', { number: current.number, of: current.of }) : null,
      dark,
    });
    void window?.loadURL(`data:text/html;charset=utf-8,${encodeURIComponent(page)}`);
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
    migrating(next) {
      step = next;
      if (window) load(next);
      else timer ??= setTimeout(open, SHOW_AFTER_MS);
    },
    close() {
      if (timer) clearTimeout(timer);
      timer = null;
      if (window && !window.isDestroyed()) window.destroy();
      window = null;
    },
  };
}
