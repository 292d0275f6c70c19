import { app, dialog } from 'electron';
import path from 'node:path';
import { openLogFile } from '../core/log/log-file.ts';
import { createLogger, stderrSink } from '../core/log/logger.ts';
import type { Logger } from '../core/log/logger.ts';
import type { Translator } from '../../src-shared/i18n/translator.ts';
import { APP_ID, DEV_APP_ID } from './app-id.ts';

// The database and pollers close in well under a second; a hung close must not keep a zombie app.
export const CLOSE_TIME_CAP_MS = 5_000;

/**
 * The demo keeps its profiles, cache and single-instance lock apart from the user's own. The lock
 * lives in the user-data folder, so this must run before `requestSingleInstanceLock()`. A packaged
 * build ignores the variable: anyone who can set a user's environment could point it at other data.
 * Answers whether a packaged build ignored it, for the log (not open yet: it lives in that folder).
 */
export function useUserDataDirFromEnvironment(packaged = app.isPackaged): boolean {
  const dir = process.env.OPSDESK_USER_DATA_DIR;
  if (!dir) return false;
  if (packaged) return true;
  app.setPath('userData', dir);
  return false;
}

/**
 * Windows names a toast's sender by the process's AppUserModelID; without one Electron makes up
 * `electron.app.<name>`, which matches no shortcut, so toasts are dropped or shown nameless. It must
 * be set before the first notification; other systems have no such id. An unpackaged run takes its
 * own id (app-id.ts), so it never takes over the installed app's shortcut.
 */
export function identifyApp(platform: NodeJS.Platform = process.platform, packaged = app.isPackaged): void {
  if (platform === 'win32') app.setAppUserModelId(packaged ? APP_ID : DEV_APP_ID);
}

/**
 * Chromium's switches that open the window's DevTools protocol to whoever connects: attached, a
 * local program could call `window.opsdesk` as the analyst. (`--inspect` and its kin are off by the
 * fuse in electron-builder.yml.) The launch smoke test needs them, on an unpackaged run only.
 */
export const DEBUGGING_SWITCHES = ['remote-debugging-port', 'remote-debugging-pipe'] as const;

/**
 * The debugging switches a packaged build was started with, each removed from the command line at
 * once: Chromium reads them only as the app gets ready, to open its DevTools server (which is why an
 * app may append them in main), so without them it never listens, even while the refusal is on
 * screen (the release checklist confirms it). An unpackaged run keeps them and answers none.
 */
export function refuseDebuggingSwitches(packaged = app.isPackaged): string[] {
  if (!packaged) return [];
  const given = DEBUGGING_SWITCHES.filter((name) => app.commandLine.hasSwitch(name));
  for (const name of given) app.commandLine.removeSwitch(name);
  return given.map((name) => `--${name}`);
}

export interface MainLog {
  logger: Logger;
  /** The folder of the log files, for Help → Open log folder and error dialogs. */
  folder: string;
  /** The file being written now. */
  file: string;
}

/** Every line main prints, crash output included, goes through the redacting logger to stderr and a rotating file. */
export function openMainLog(): MainLog {
  const folder = path.join(app.getPath('userData'), 'logs');
  const logFile = openLogFile({ dir: folder });
  const logger = createLogger({
    sink: (record) => {
      stderrSink(record);
      logFile.sink(record);
    },
  });
  return { logger, folder, file: logFile.path };
}

/** Shows a fatal error (redacted, in the user's language) with where the log is, then ends the process. */
export function failWith(log: MainLog, what: 'startFailed' | 'stopped', error: unknown, { t }: Translator): void {
  log.logger.error(what === 'startFailed' ? 'OpsDesk could not start' : 'OpsDesk stopped because of an error', { error });
  const reason = log.logger.redact(error instanceof Error ? error.message : String(error));
  dialog.showErrorBox(t(`fatal.${what}`), t('fatal.body', { reason, logFile: log.file }));
  app.exit(1);
}

export type StartRefusal = { reason: 'sandboxOff' } | { reason: 'debugging'; switches: string[] };

/**
 * Tells the user why OpsDesk will not start this way and ends the process: without its sandbox, or
 * a packaged build with a debugging switch. On Linux a dialog before the app is ready goes only to
 * stderr, so it waits for ready; no window is ever opened.
 */
export function refuseToStart(log: MainLog, translator: () => Translator, refusal: StartRefusal): void {
  if (refusal.reason === 'sandboxOff') log.logger.error('started with --no-sandbox; OpsDesk does not run without the sandbox');
  else log.logger.error('a packaged OpsDesk does not start with a debugging switch', { switches: refusal.switches.join(' ') });
  void app.whenReady().then(() => {
    const { t } = translator();
    if (refusal.reason === 'sandboxOff') dialog.showErrorBox(t('fatal.sandboxOff'), t('fatal.sandboxOffBody'));
    else dialog.showErrorBox(t('fatal.debugging'), t('fatal.debuggingBody', { switches: refusal.switches.join(' ') }));
    app.exit(1);
  });
}

/**
 * Our handler replaces Electron's own dialog for an uncaught exception, so it must show one: the
 * state after an exception nobody caught is unknown, so OpsDesk says so and stops.
 */
export function handleFatalErrors(log: MainLog, translator: () => Translator): void {
  process.on('uncaughtException', (error) => failWith(log, 'stopped', error, translator()));
  process.on('unhandledRejection', (error) => log.logger.error('unhandled rejection', { error }));
}

/**
 * Quit waits for `close()` (the database and the pollers) up to a time cap, then quits for real.
 * `will-quit` is the last event before exit that can still be prevented.
 */
export function closeBeforeQuit(close: () => Promise<void>, logger: Logger, capMs = CLOSE_TIME_CAP_MS): void {
  let closing: Promise<void> | null = null;
  let closed = false;
  app.on('will-quit', (event) => {
    if (closed) return;
    event.preventDefault();
    closing ??= new Promise<void>((resolve) => {
      const cap = setTimeout(() => {
        logger.warn('quitting before the services closed', { capMs });
        resolve();
      }, capMs);
      close()
        .catch((error: unknown) => logger.error('closing the services failed', { error }))
        .finally(() => {
          clearTimeout(cap);
          resolve();
        });
    }).then(() => {
      closed = true;
      app.quit();
    });
  });
}
