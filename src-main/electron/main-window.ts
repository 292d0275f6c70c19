import { BrowserWindow, dialog, nativeTheme } from 'electron';
import type { BrowserWindowConstructorOptions } from 'electron';
import type { Logger } from '../core/log/logger.ts';
import { appOrigin } from './content-security-policy.ts';

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
}

// Beyond this many crashes in one session a reload would only crash again: leave the window as is.
const MAX_RENDERER_RELOADS = 3;

/** A crashed or killed renderer leaves a blank window: reload it, and tell the user what happened. */
export function reloadAfterRendererCrash(window: BrowserWindow, { logger, logFile }: CrashReporting): void {
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
      message: reloaded ? 'The OpsDesk window stopped unexpectedly and was reloaded.' : 'The OpsDesk window keeps stopping; restart OpsDesk.',
      detail: `Reason: ${details.reason}. Unsaved input in the window may be lost; connections and keys are unaffected.\nThe details are in the log: ${logFile}`,
    });
  });
}

export function createMainWindow(preloadPath: string, crashReporting: CrashReporting): BrowserWindow {
  const window = new BrowserWindow(mainWindowOptions(preloadPath));
  reloadAfterRendererCrash(window, crashReporting);
  window.once('ready-to-show', () => window.show());
  void window.loadURL(`${appOrigin}/index.html`);
  return window;
}
