import { app, BrowserWindow, dialog, session } from 'electron';
import path from 'node:path';
import { contract } from '../src-preload/contract/index.ts';
import { matchLanguage } from '../src-shared/i18n/languages.ts';
import { createTranslator } from '../src-shared/i18n/translator.ts';
import { createAppServices } from './core/app-services.ts';
import { createLogger } from './core/log/logger.ts';
import { createEventHub } from './ipc/event-hub.ts';
import { createHandlers } from './ipc/handlers/index.ts';
import { wireEvents } from './ipc/wire-events.ts';
import { createRouter } from './ipc/router.ts';
import { installAppMenu } from './electron/app-menu.ts';
import { registerAppScheme, serveRenderer } from './electron/app-protocol.ts';
import { appOrigin } from './electron/content-security-policy.ts';
import { bindRouter } from './electron/ipc.ts';
import { createMainWindow } from './electron/main-window.ts';
import { createElectronPlatform } from './electron/platform.ts';
import { hardenSession, hardenWebContents } from './electron/security.ts';

// Every line main prints, crash output included, goes through the redacting logger.
const logger = createLogger();
process.on('uncaughtException', (error) => logger.error('uncaught exception', { error }));
process.on('unhandledRejection', (error) => logger.error('unhandled rejection', { error }));

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
  app.whenReady().then(start).catch(failToStart);
}

async function start(): Promise<void> {
  hardenSession(session.defaultSession);
  serveRenderer(path.join(import.meta.dirname, '../renderer'));
  const services = await createAppServices({
    dataDir: app.getPath('userData'),
    logger,
    platform: createElectronPlatform(),
    // Only an unpackaged build (the demo) takes profiles from a file named in the environment.
    importProfilesFrom: app.isPackaged ? undefined : process.env.OPSDESK_IMPORT_PROFILES,
  });
  installAppMenu(services.preferences.translator);
  services.preferences.onLanguageChanged(() => installAppMenu(services.preferences.translator));
  const handlers = createHandlers(services, { version: app.getVersion(), platform: process.platform });
  const router = createRouter(contract, handlers, {
    appOrigin,
    onUnexpectedError: (channel, error) => services.logger.error('IPC handler failed', { channel, error }),
  });
  const hub = createEventHub(router);
  bindRouter(router, hub);
  wireEvents(services, hub);
  app.on('will-quit', () => void services.close());
  createMainWindow(path.join(import.meta.dirname, '../preload/index.cjs'));
}

/** Without its database or keychain the app cannot run: say why (redacted), in the system's language, and quit. */
function failToStart(error: unknown): void {
  logger.error('OpsDesk could not start', { error });
  const reason = logger.redact(error instanceof Error ? error.message : String(error));
  // The saved language is in the database that may be what failed; the system's is always there.
  const { t } = createTranslator(matchLanguage(app.getPreferredSystemLanguages()));
  dialog.showErrorBox(t('startFailure.title'), t('startFailure.body', { reason }));
  app.exit(1);
}
