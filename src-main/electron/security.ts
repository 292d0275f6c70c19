import { app } from 'electron';
import type { Session, WebContents } from 'electron';
import type { Translator } from '../../src-shared/i18n/translator.ts';
import { openExternalAfterAsking } from './external-links.ts';

const blockedSchemes = ['http://*/*', 'https://*/*', 'ws://*/*', 'wss://*/*'];

/** The dev server's origin for its hot-reload socket, which speaks ws:// to the same host and port. */
const socketOrigin = (origin: string) => origin.replace(/^http/, 'ws');

/**
 * The renderer's session reaches no network and grants no permission; in development it reaches
 * exactly the dev server's origin (`devServer`), never anything else.
 */
export function hardenSession(session: Session, devServer: string | null = null): void {
  const allowed = devServer ? [devServer, socketOrigin(devServer)] : [];
  session.webRequest.onBeforeRequest({ urls: blockedSchemes }, ({ url }, callback) => callback({ cancel: !allowed.includes(URL.parse(url)?.origin ?? '') }));
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
  session.setDevicePermissionHandler(() => false);
}

/**
 * Started with `--no-sandbox`: electron-builder's AppImage launcher adds it wherever `unshare -Ur true`
 * fails (stock Ubuntu 24.04 and newer). `app.enableSandbox()` would then remove the switch after
 * Chromium's zygote started without a sandbox, and renderers crash in that mixed state; OpsDesk
 * runs neither unsandboxed nor mixed, so it stops and says how to allow the sandbox.
 */
export function sandboxSwitchedOff(): boolean {
  return app.commandLine.hasSwitch('no-sandbox');
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
