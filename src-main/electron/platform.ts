import { app, BrowserWindow, dialog, Notification, session } from 'electron';
import type { Translator } from '../../src-shared/i18n/translator.ts';
import type { Platform } from '../core/platform.ts';
import { openExternalAfterAsking } from './external-links.ts';

/** The desktop as Electron reaches it; its prompts are worded by the translator of the moment. */
export function createElectronPlatform(translator: () => Translator): Platform {
  // A notification that is garbage-collected loses its click handler; keep each until it is done.
  const shown = new Map<string, Notification>();
  return {
    notify({ id, title, body }, onClick, onRefused) {
      if (!Notification.isSupported()) {
        onRefused('this system has no notification service');
        return;
      }
      shown.get(id)?.close();
      const notification = new Notification({ title, body });
      shown.set(id, notification);
      notification.on('click', () => {
        shown.delete(id);
        const [window] = BrowserWindow.getAllWindows();
        if (window) {
          if (window.isMinimized()) window.restore();
          window.focus();
        }
        onClick();
      });
      notification.on('failed', (_event, error) => {
        shown.delete(id);
        onRefused(error);
      });
      notification.on('close', () => {
        if (shown.get(id) === notification) shown.delete(id);
      });
      notification.show();
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
  };
}
