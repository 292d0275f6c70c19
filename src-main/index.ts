import { app, BrowserWindow, session } from 'electron';
import path from 'node:path';
import { contract } from '../src-shared/contract/index.ts';
import { matchLanguage } from '../src-shared/i18n/languages.ts';
import { createTranslator, type Translator } from '../src-shared/i18n/translator.ts';
import { createAppServices } from './core/app-services.ts';
import { logSystemCertificates } from './core/http/trust.ts';
import { OpeningKeyStore } from './core/secrets/open-key-store.ts';
import { createEventHub } from './ipc/event-hub.ts';
import { createHandlers } from './ipc/handlers/index.ts';
import { wireEvents } from './ipc/wire-events.ts';
import { createRouter } from './ipc/router.ts';
import { closeBeforeQuit, failWith, handleFatalErrors, identifyApp, openMainLog, refuseDebuggingSwitches, refuseToStart, useUserDataDirFromEnvironment } from './electron/app-lifecycle.ts';
import { installAppMenu } from './electron/app-menu.ts';
import { registerAppScheme, serveRenderer } from './electron/app-protocol.ts';
import { rendererSource } from './electron/renderer-source.ts';
import { bindRouter } from './electron/ipc.ts';
import { databaseUpdateWindow } from './electron/database-update-window.ts';
import { askDatabaseTrouble, tellDatabaseEvents } from './electron/database-trouble-dialog.ts';
import { createMainWindow } from './electron/main-window.ts';
import { rememberZoom } from './electron/zoom.ts';
import { createElectronPlatform } from './electron/platform.ts';
import { hardenSession, hardenWebContents, sandboxEveryRenderer, sandboxSwitchedOff } from './electron/security.ts';

// Order matters: the user-data folder decides both where the log goes and which lock is taken.
const userDataDirIgnored = useUserDataDirFromEnvironment();
identifyApp();
const log = openMainLog();
const { logger } = log;
if (userDataDirIgnored) logger.warn('OPSDESK_USER_DATA_DIR is set; a packaged OpsDesk ignores it and uses its own folder');
// Until the saved choice is read, a fatal dialog is worded in the system's language.
let translator: Translator = createTranslator(matchLanguage(app.getPreferredSystemLanguages()));
handleFatalErrors(log, () => translator);
// Before anything else: removing them before the app is ready keeps Chromium from ever listening.
const debuggingSwitches = refuseDebuggingSwitches();
// Known before the app is ready: navigation checks apply from the first web contents on.
const renderer = rendererSource(app.isPackaged);

if (debuggingSwitches.length) {
  refuseToStart(log, () => translator, { reason: 'debugging', switches: debuggingSwitches });
} else if (!app.requestSingleInstanceLock()) {
  app.quit();
} else if (sandboxSwitchedOff()) {
  refuseToStart(log, () => translator, { reason: 'sandboxOff' });
} else {
  registerAppScheme();
  sandboxEveryRenderer();
  app.on('web-contents-created', (_event, contents) => hardenWebContents(contents, () => translator, renderer.origin));
  app.on('second-instance', () => {
    logger.info('another OpsDesk was started; it handed over to this one and quit');
    const [window] = BrowserWindow.getAllWindows();
    if (window) {
      if (window.isMinimized()) window.restore();
      window.focus();
    }
  });
  app.on('window-all-closed', () => app.quit());
  app.whenReady().then(start).catch((error: unknown) => failWith(log, 'startFailed', error, translator));
}

async function start(): Promise<void> {
  hardenSession(session.defaultSession, renderer.devServer);
  serveRenderer(path.join(import.meta.dirname, '../renderer'));
  // Asked at once; the services wait for its answer (the database's key is in it), saying so in the update window.
  const keyStore = new OpeningKeyStore();
  // Only an unpackaged build (the demo) takes profiles from a file named in the environment.
  const importProfilesFrom = app.isPackaged ? undefined : process.env.OPSDESK_IMPORT_PROFILES;
  const updating = databaseUpdateWindow(translator);
  // Before the services: on Windows it starts the notification machinery, so a click on an earlier run's toast is received.
  const platform = createElectronPlatform(() => translator, process.platform, logger);
  // Built beside this bundle (electron.vite.config.ts); in a packaged app, inside app.asar.
  const databaseWorkerEntry = new URL('./database-worker.js', import.meta.url);
  const services = await createAppServices({
    dataDir: app.getPath('userData'),
    logger,
    keyStore,
    platform,
    importProfilesFrom,
    databaseWorkerEntry,
    backgroundSync: true,
    onWaitingForKeychain: () => updating.waitingForKeychain(),
    onMigration: (step) => updating.migrating(step),
    // The one-time encryption of a plain file shows in the same window, a step per phase.
    onDatabaseConversion: (phase) => updating.migrating({ number: ['copying', 'encrypting', 'checking'].indexOf(phase) + 1, of: 3, name: phase }),
    onDatabaseTrouble: (trouble) => askDatabaseTrouble(trouble, translator),
  });
  translator = services.preferences.translator;
  void tellDatabaseEvents(services.databaseStatus, translator);
  // Said once it runs: a worker that cannot load from the archive is otherwise only a warning and a slower sync.
  services.worker.start().then(
    () => logger.info('the database worker is running', { entry: databaseWorkerEntry.href }),
    () => {},
  );
  logSystemCertificates(logger);
  const handlers = createHandlers(services, { version: app.getVersion(), platform: process.platform, dataFolder: app.getPath('userData'), logFile: log.file });
  const router = createRouter(contract, handlers, {
    appOrigin: renderer.origin,
    redact: services.logger.redact,
    onUnexpectedError: (channel, error) => services.logger.error('IPC handler failed', { channel, error }),
  });
  const hub = createEventHub(router);
  bindRouter(router, hub);
  wireEvents(services, hub);
  const installMenu = () =>
    installAppMenu({ logFolder: log.folder, translator, showAbout: () => hub.publish('app', 'showAbout', null), zoomMemory: services.preferences });
  installMenu();
  services.preferences.onLanguageChanged(installMenu);
  closeBeforeQuit(() => services.dispose(), logger);
  const window = createMainWindow(path.join(import.meta.dirname, '../preload/index.cjs'), { logger, logFile: log.file, translator }, renderer.indexUrl);
  rememberZoom(window.webContents, services.preferences);
  // After the window exists: a click on an earlier run's toast (which may have started this run) opens its entry there.
  platform.handleActivations((id) => void services.notifications.open(id));
  updating.close();
  logger.info('OpsDesk started', { version: app.getVersion(), electron: process.versions.electron, packaged: app.isPackaged });
}
