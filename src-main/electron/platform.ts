import { app, BrowserWindow, dialog, Notification, session } from 'electron';
import type { Translator } from '../../src-shared/i18n/translator.ts';
import type { Logger } from '../core/log/logger.ts';
import type { Platform } from '../core/platform.ts';
import { openExternalAfterAsking } from './external-links.ts';
import { printHtmlToPdf } from './print-to-pdf.ts';

/**
 * A toast in the Windows Action Center or a banner in the macOS Notification Center can be clicked
 * long after it left the screen; its object must live until then or the click is lost. The newest
 * ones are kept, until clicked or dismissed.
 */
export const KEPT_NOTIFICATIONS = 50;

// A toast's launch argument names its center entry, so a click reaches the entry even when this
// run never showed the toast (Windows hands it to `Notification.handleActivation`).
const launchPrefix = 'opsdesk-notification:';

const xmlText = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** Windows' toast for an entry: Electron's own layout, plus the launch argument that names the entry. */
export function toastXml(id: string, title: string, body: string): string {
  return (
    `<toast launch="${xmlText(launchPrefix + id)}"><visual><binding template="ToastGeneric">` +
    `<text>${xmlText(title)}</text><text>${xmlText(body)}</text></binding></visual></toast>`
  );
}

function focusWindow(): void {
  const [window] = BrowserWindow.getAllWindows();
  if (window) {
    if (window.isMinimized()) window.restore();
    window.focus();
  }
}

export interface ElectronPlatform extends Platform {
  /**
   * Clicks on any toast or banner, this run's or an earlier one's: one still held runs its own
   * action once; an earlier run's opens its entry by id. Windows reports them through
   * `Notification.handleActivation`; macOS gives back what is still in its Notification Center
   * (`Notification.getHistory`), whose clicks then reach this run.
   */
  handleActivations(openEntry: (id: string) => void): void;
}

/** The desktop as Electron reaches it; its prompts are worded by the translator of the moment. */
export function createElectronPlatform(translator: () => Translator, system: NodeJS.Platform = process.platform, logger?: Logger): ElectronPlatform {
  const shown = new Map<string, { notification: Notification; onClick: () => void }>();
  // Entries whose toast this run already acted on, so Windows' second report of the click is ignored.
  const clicked = new Set<string>();
  const forget = (id: string, notification: Notification) => {
    if (shown.get(id)?.notification === notification) shown.delete(id);
  };
  // Windows reports a click both to the toast's object and to handleActivation: the first one acts.
  const activate = (id: string, notification: Notification) => {
    const held = shown.get(id);
    if (held?.notification !== notification) return;
    shown.delete(id);
    clicked.add(id);
    for (const oldest of clicked) {
      if (clicked.size <= KEPT_NOTIFICATIONS) break;
      clicked.delete(oldest);
    }
    focusWindow();
    held.onClick();
  };
  /** Keeps a toast's object (and so its click) until clicked or dismissed, the newest KEPT_NOTIFICATIONS of them. */
  const hold = (id: string, notification: Notification, onClick: () => void) => {
    shown.set(id, { notification, onClick });
    for (const oldest of shown.keys()) {
      if (shown.size <= KEPT_NOTIFICATIONS) break;
      shown.delete(oldest);
    }
    notification.on('click', () => activate(id, notification));
    // A toast that timed out went to the Action Center and can still be clicked; only the user's dismissal ends it.
    notification.on('close', (event) => {
      if ((event as { reason?: string } | undefined)?.reason === 'userCanceled') forget(id, notification);
    });
  };
  // Electron registers its Windows toast activator only when its notification machinery starts, and
  // until then a click on an earlier run's toast (which may be what started this run) reaches
  // nothing: asking whether notifications are supported starts it, as early as the platform exists.
  if (system === 'win32') Notification.isSupported();
  return {
    notify({ id, title, body }, onClick, onRefused) {
      if (!Notification.isSupported()) {
        onRefused('this system has no notification service');
        return;
      }
      // The same id is the same entry (a burst that grew): its new toast replaces the old one.
      shown.get(id)?.notification.close();
      shown.delete(id);
      clicked.delete(id);
      const notification = new Notification({ id, title, body, ...(system === 'win32' && { toastXml: toastXml(id, title, body) }) });
      hold(id, notification, onClick);
      notification.on('failed', (_event, error) => {
        forget(id, notification);
        onRefused(error);
      });
      notification.show();
    },
    handleActivations(openEntry) {
      if (system === 'darwin') {
        // An unsigned build's Notification Center keeps nothing: the list is then empty.
        Notification.getHistory().then(
          (delivered) => {
            for (const notification of delivered) {
              const { id } = notification;
              if (id && !shown.has(id) && !clicked.has(id)) hold(id, notification, () => openEntry(id));
            }
          },
          (error: unknown) => logger?.warn('the Notification Center did not give back its notifications; earlier ones open nothing', { error }),
        );
        return;
      }
      if (system !== 'win32') return;
      Notification.isSupported();
      Notification.handleActivation(({ type, arguments: launch }) => {
        if (type !== 'click' || !launch.startsWith(launchPrefix)) return;
        const id = launch.slice(launchPrefix.length);
        if (clicked.has(id)) return;
        const held = shown.get(id);
        if (held) activate(id, held.notification);
        else {
          focusWindow();
          openEntry(id);
        }
      });
    },
    setBadgeCount: (count) => void app.setBadgeCount(count),
    openExternal: async (url) => void (await openExternalAfterAsking(url, translator())),
    isFocused: () => BrowserWindow.getFocusedWindow() !== null,
    // Chromium's answer: the OS settings, a PAC script, or what Chromium detected.
    resolveProxy: (url) => session.defaultSession.resolveProxy(url),
    preferredLanguages: () => app.getPreferredSystemLanguages(),
    async chooseSavePath({ title, defaultName, filters }) {
      const window = BrowserWindow.getFocusedWindow() ?? BrowserWindow.getAllWindows()[0];
      const options = { title, defaultPath: defaultName, filters };
      const result = window ? await dialog.showSaveDialog(window, options) : await dialog.showSaveDialog(options);
      return result.canceled || !result.filePath ? null : result.filePath;
    },
    async chooseOpenPath({ title, filters }) {
      const window = BrowserWindow.getFocusedWindow() ?? BrowserWindow.getAllWindows()[0];
      const options = { title, filters, properties: ['openFile' as const] };
      const result = window ? await dialog.showOpenDialog(window, options) : await dialog.showOpenDialog(options);
      return result.canceled ? null : (result.filePaths[0] ?? null);
    },
    printToPdf: printHtmlToPdf,
  };
}
