import { app, BrowserWindow, session, shell } from 'electron';
import path from 'node:path';
import { contract } from '../src-preload/contract/index.ts';
import { createAppServices } from './core/app-services.ts';
import { createEventHub } from './ipc/event-hub.ts';
import { createHandlers } from './ipc/handlers.ts';
import { createRouter } from './ipc/router.ts';
import { installAppMenu } from './electron/app-menu.ts';
import { registerAppScheme, serveRenderer } from './electron/app-protocol.ts';
import { appOrigin } from './electron/content-security-policy.ts';
import { bindRouter } from './electron/ipc.ts';
import { createMainWindow } from './electron/main-window.ts';
import { hardenSession, hardenWebContents, isSafeExternalUrl } from './electron/security.ts';

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  // The demo keeps its profiles and cache apart from the user's own.
  if (process.env.OPSDESK_USER_DATA_DIR) app.setPath('userData', process.env.OPSDESK_USER_DATA_DIR);
  registerAppScheme();
  app.on('web-contents-created', (_event, contents) => hardenWebContents(contents));
  app.on('second-instance', () => {
    const [window] = BrowserWindow.getAllWindows();
    if (window) {
      if (window.isMinimized()) window.restore();
      window.focus();
    }
  });
  app.on('window-all-closed', () => app.quit());
  void app.whenReady().then(start);
}

async function start(): Promise<void> {
  hardenSession(session.defaultSession);
  installAppMenu();
  serveRenderer(path.join(import.meta.dirname, '../renderer'));
  const services = await createAppServices({
    dataDir: app.getPath('userData'),
    importProfilesFrom: process.env.OPSDESK_IMPORT_PROFILES,
  });
  const handlers = createHandlers(services, {
    version: app.getVersion(),
    platform: process.platform,
    openExternal: async (url) => {
      if (isSafeExternalUrl(url)) await shell.openExternal(url);
    },
  });
  const router = createRouter(contract, handlers, {
    appOrigin,
    onUnexpectedError: (channel, error) => services.logger.error('IPC handler failed', { channel, error }),
  });
  const hub = createEventHub(router);
  bindRouter(router, hub);
  services.events.connect({ profilesChanged: (list) => hub.publish('profiles', 'changed', list) });
  // Crash output goes through the redacting logger like every other line.
  process.on('uncaughtException', (error) => services.logger.error('uncaught exception', { error }));
  process.on('unhandledRejection', (error) => services.logger.error('unhandled rejection', { error }));
  app.on('will-quit', () => void services.close());
  createMainWindow(path.join(import.meta.dirname, '../preload/index.cjs'));
}
