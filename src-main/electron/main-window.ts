import { BrowserWindow, nativeTheme } from 'electron';
import type { BrowserWindowConstructorOptions } from 'electron';
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

export function createMainWindow(preloadPath: string): BrowserWindow {
  const window = new BrowserWindow(mainWindowOptions(preloadPath));
  window.once('ready-to-show', () => window.show());
  void window.loadURL(`${appOrigin}/index.html`);
  return window;
}
