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

const withoutFragment = (url: string) => url.replace(/#.*$/, '');

/**
 * Whether a navigation is the page reloading itself: to the address it shows, on the app's own
 * origin. Vite's dev server reloads the page this way after an edit it cannot apply
 * in place, and a page may reload itself; anything else is a navigation away from the app.
 */
export function isOwnReload(target: string, current: string, appOrigin: string): boolean {
  const url = URL.parse(target);
  // Not URL.origin: WHATWG URL gives 'null' as the origin of custom schemes such as opsdesk:.
  return !!url && `${url.protocol}//${url.host}` === appOrigin && withoutFragment(url.href) === withoutFragment(current);
}

/**
 * The single-page app never navigates away and opens no windows; http(s) links go to the system
 * browser once the user agrees. `appOrigin` is where the window's page comes from (opsdesk://app, or
 * the dev server in `npm run dev`): a reload of that page is let through.
 */
export function hardenWebContents(contents: WebContents, translator: () => Translator, appOrigin: string): void {
  // Main frame only: a frame inside the page would fire will-frame-navigate, and the CSP allows none.
  contents.on('will-navigate', (event) => {
    if (!isOwnReload(event.url, contents.getURL(), appOrigin)) event.preventDefault();
  });
  contents.on('will-redirect', (event) => event.preventDefault());
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    void openExternalAfterAsking(url, translator());
    return { action: 'deny' };
  });
}
