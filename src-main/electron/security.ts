import { app } from 'electron';
import type { Session, WebContents } from 'electron';
import type { Translator } from '../../src-shared/i18n/translator.ts';
import { openExternalAfterAsking } from './external-links.ts';

const blockedSchemes = ['http://*/*', 'https://*/*', 'ws://*/*', 'wss://*/*'];

/** The renderer's session reaches no network and grants no permission. */
export function hardenSession(session: Session): void {
  session.webRequest.onBeforeRequest({ urls: blockedSchemes }, (_details, callback) => callback({ cancel: true }));
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
  session.setDevicePermissionHandler(() => false);
}

/** Every renderer sandboxed, whatever a window's own options say; must run before the app is ready. */
export function sandboxEveryRenderer(): void {
  app.enableSandbox();
}

/** The single-page app never navigates and opens no windows; http(s) links go to the system browser once the user agrees. */
export function hardenWebContents(contents: WebContents, translator: () => Translator): void {
  contents.on('will-navigate', (event) => event.preventDefault());
  contents.on('will-redirect', (event) => event.preventDefault());
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    void openExternalAfterAsking(url, translator());
    return { action: 'deny' };
  });
}
