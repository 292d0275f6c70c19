import { BrowserWindow, dialog, nativeTheme } from 'electron';
import type { BrowserWindowConstructorOptions } from 'electron';
import type { Logger } from '../core/log/logger.ts';
import type { Translator } from '../../src-shared/i18n/translator.ts';

export function mainWindowOptions(preloadPath: string): BrowserWindowConstructorOptions {
  return {
    width: 1280,
    height: 820,
    minWidth: 800,
    minHeight: 520,
    show: false,
    title: 'OpsDesk',
    backgroundColor: nativeTheme.shouldUseDarkColors ? '#15171a' : '#f6f7f9',
    webPreferences: {
      preload: preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      experimentalFeatures: false,
      spellcheck: false,
      navigateOnDragDrop: false,
    },
  };
}

export interface CrashReporting {
  logger: Logger;
  /** The log file named in the message to the user. */
  logFile: string;
  /** Words the message in the user's language. */
  translator: Translator;
}

// Beyond this many crashes in one session a reload would only crash again: leave the window as is.
const MAX_RENDERER_RELOADS = 3;

/** A crashed or killed renderer leaves a blank window: reload it, and tell the user what happened. */
export function reloadAfterRendererCrash(window: BrowserWindow, { logger, logFile, translator: { t } }: CrashReporting): void {
  let reloads = 0;
  window.webContents.on('render-process-gone', (_event, details) => {
    logger.error('the window stopped', { reason: details.reason, exitCode: details.exitCode });
    if (details.reason === 'clean-exit' || window.isDestroyed()) return;
    const reloaded = reloads < MAX_RENDERER_RELOADS;
    if (reloaded) {
      reloads += 1;
      window.webContents.reload();
    }
    void dialog.showMessageBox(window, {
      type: 'warning',
      title: 'OpsDesk',
      message: reloaded ? t('windowCrash.reloaded') : t('windowCrash.keepsStopping'),
      detail: t('windowCrash.detail', { reason: details.reason, logFile }),
    });
  });
}

export function createMainWindow(preloadPath: string, crashReporting: CrashReporting, indexUrl: string): BrowserWindow {
  const window = new BrowserWindow(mainWindowOptions(preloadPath));
  reloadAfterRendererCrash(window, crashReporting);
  window.once('ready-to-show', () => window.show());
  void window.loadURL(indexUrl);
  return window;
}
