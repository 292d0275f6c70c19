import { app, BrowserWindow, dialog, Notification, session } from 'electron';
import type { Translator } from '../../src-shared/i18n/translator.ts';
import type { Platform } from '../core/platform.ts';
import { openExternalAfterAsking } from './external-links.ts';

/** The desktop as Electron reaches it; its prompts are worded by the translator of the moment. */
export function createElectronPlatform(translator: () => Translator): Platform {
  // A notification that is garbage-collected loses its click handler; keep each until it is done.
  const shown = new Map<string, Notification>();
  return {
    notify({ id, title, body }, onClick) {
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
  };
}
