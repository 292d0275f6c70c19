import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { z } from 'zod';
import { createTranslator } from '../../src-shared/i18n/translator.ts';

/** Electron cannot run here; this stands in for the parts of its API the glue touches. */
const electron = vi.hoisted(() => {
  const handles = new Map<string, (event: unknown, payload: unknown) => unknown>();
  return {
    handles,
    protocolHandlers: new Map<string, (request: { url: string }) => Promise<Response>>(),
    privileged: [] as unknown[],
    windows: [] as { options: unknown; loadedUrl?: string; webContents: FakeWebContents; destroyed: boolean }[],
    openExternal: vi.fn(async () => {}),
    openPath: vi.fn(async () => ''),
    showMessageBox: vi.fn(async (..._args: unknown[]) => ({ response: 0 })),
    enableSandbox: vi.fn(),
  };
});

interface FakeWebContents {
  listeners: Map<string, (...args: unknown[]) => void>;
  on(name: string, listener: (...args: unknown[]) => void): void;
  reload: ReturnType<typeof vi.fn>;
  sendInputEvent: ReturnType<typeof vi.fn>;
}

vi.mock('electron', () => ({
  app: { enableSandbox: electron.enableSandbox },
  BrowserWindow: class {
    static getFocusedWindow() {
      return null;
    }
    options: unknown;
    destroyed = false;
    webContents: FakeWebContents = {
      listeners: new Map(),
      on(name, listener) {
        this.listeners.set(name, listener);
      },
      reload: vi.fn(),
      sendInputEvent: vi.fn(),
    };
    constructor(options: unknown) {
      this.options = options;
      electron.windows.push(this);
    }
    once() {}
    isDestroyed() {
      return this.destroyed;
    }
    destroy() {
      this.destroyed = true;
    }
    async loadURL(url: string) {
      electron.windows.at(-1)!.loadedUrl = url;
    }
  },
  dialog: { showMessageBox: electron.showMessageBox },
  nativeTheme: { shouldUseDarkColors: false },
  shell: { openExternal: electron.openExternal, openPath: electron.openPath },
  ipcMain: { handle: (channel: string, handler: never) => electron.handles.set(channel, handler) },
  protocol: {
    registerSchemesAsPrivileged: (schemes: unknown[]) => electron.privileged.push(...schemes),
    handle: (scheme: string, handler: never) => electron.protocolHandlers.set(scheme, handler),
  },
}));

const { appMenuTemplate } = await import('../../src-main/electron/app-menu.ts');
const { rememberZoom } = await import('../../src-main/electron/zoom.ts');
const { createMainWindow, mainWindowOptions } = await import('../../src-main/electron/main-window.ts');
const { contentSecurityPolicy, contentSecurityPolicyFor } = await import('../../src-main/electron/content-security-policy.ts');
const { rendererSource } = await import('../../src-main/electron/renderer-source.ts');
const { registerAppScheme, serveRenderer } = await import('../../src-main/electron/app-protocol.ts');
const { hardenSession, hardenWebContents } = await import('../../src-main/electron/security.ts');
const { bindRouter } = await import('../../src-main/electron/ipc.ts');
const { createRouter } = await import('../../src-main/ipc/router.ts');
const { createEventHub } = await import('../../src-main/ipc/event-hub.ts');
const { call, event } = await import('../../src-shared/contract/define.ts');
const { createLogger } = await import('../../src-main/core/log/logger.ts');
const { databaseUpdateWindow, SHOW_AFTER_MS } = await import('../../src-main/electron/database-update-window.ts');
const { databaseUpdatePage } = await import('../../src-main/electron/database-update-page.ts');

const english = createTranslator('en');
const crashReporting = (translator = english) => {
  const lines: string[] = [];
  return { lines, logger: createLogger({ sink: (record) => lines.push(record.line) }), logFile: '/home/analyst/.config/OpsDesk/logs/opsdesk.log', translator };
};

beforeEach(() => electron.openExternal.mockClear());

describe('main window', () => {
  test('runs the renderer isolated, sandboxed, without Node and with web security', () => {
    const preferences = mainWindowOptions('/app/preload/index.cjs').webPreferences!;
    expect(preferences).toMatchObject({
      preload: '/app/preload/index.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
    });
  });

  test('loads the app from the custom protocol, not file://', () => {
    createMainWindow('/app/preload/index.cjs', crashReporting(), rendererSource(true).indexUrl);
    expect(electron.windows.at(-1)!.loadedUrl).toBe('opsdesk://app/index.html');
  });
});

describe('electron-vite dev', () => {
  const dev = { ELECTRON_RENDERER_URL: 'http://localhost:5173/' };

  test('an unpackaged app loads the dev server and takes IPC from its origin; a packaged one never does', () => {
    expect(rendererSource(false, dev)).toEqual({ origin: 'http://localhost:5173', indexUrl: 'http://localhost:5173/', devServer: 'http://localhost:5173' });
    expect(rendererSource(true, dev)).toEqual({ origin: 'opsdesk://app', indexUrl: 'opsdesk://app/index.html', devServer: null });
    expect(rendererSource(false, {}).devServer).toBeNull();
    for (const elsewhere of ['https://localhost:5173/', 'http://dev.example.com:5173/', 'file:///tmp/index.html']) {
      expect(rendererSource(false, { ELECTRON_RENDERER_URL: elsewhere }).devServer).toBeNull();
    }
  });

  test("the dev server's CSP lets in its own origin and this run's nonce; a production build's allows no network and no nonce", async () => {
    const { default: config } = await import('../../electron.vite.config.ts');
    const serving = config({ command: 'serve', mode: 'development' });
    const nonce = serving.renderer!.html!.cspNonce!;
    const served = (serving.renderer!.server!.headers as Record<string, string>)['content-security-policy']!;
    expect(served).toBe(contentSecurityPolicyFor({ nonce }));
    expect(served.split('; ')).toEqual(expect.arrayContaining([`script-src 'self' 'nonce-${nonce}'`, "connect-src 'self'"]));
    expect(served).not.toMatch(/unsafe-inline|unsafe-eval|\*/);

    const building = config({ command: 'build', mode: 'production' });
    expect(building.renderer!.html?.cspNonce).toBeUndefined();
    expect(building.renderer!.server?.headers).toBeUndefined();
    expect(contentSecurityPolicy).not.toMatch(/nonce|connect-src 'self'/);
  });

  test('npm run dev, npm start and npm run demo fetch the binary first (electron-vite alone stops with "Electron uninstall")', async () => {
    const { scripts } = JSON.parse(await readFile(path.join(import.meta.dirname, '../../package.json'), 'utf8')) as { scripts: Record<string, string> };
    expect(scripts.dev).toMatch(/^node scripts\/ensure-electron\.ts && electron-vite dev$/);
    expect(scripts.start).toMatch(/^node scripts\/ensure-electron\.ts && /);
    expect(await readFile(path.join(import.meta.dirname, '../../scripts/demo.ts'), 'utf8')).toContain('await ensureElectron()');
  });

});

describe('the window while an update migrates the database', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());
  const pageOf = (url: string | undefined) => decodeURIComponent(url!.replace(/^data:text\/html;charset=utf-8,/, ''));

  test('a quick migration shows nothing', () => {
    const windows = electron.windows.length;
    const updating = databaseUpdateWindow(english);
    updating.migrating({ number: 1, of: 1, name: 'alerts keyed by number' });
    vi.advanceTimersByTime(SHOW_AFTER_MS - 1);
    updating.close();
    vi.advanceTimersByTime(SHOW_AFTER_MS);
    expect(electron.windows.length).toBe(windows);
  });

  test('a long one shows a sandboxed window without script that follows the steps, closed when the app is up', () => {
    const updating = databaseUpdateWindow(english);
    updating.migrating({ number: 1, of: 2, name: 'first' });
    vi.advanceTimersByTime(SHOW_AFTER_MS);
    const shown = electron.windows.at(-1)!;
    expect((shown.options as { webPreferences: unknown }).webPreferences).toMatchObject({ sandbox: true, contextIsolation: true, nodeIntegration: false, javascript: false });
    expect(pageOf(shown.loadedUrl)).toContain('Updating OpsDesk’s local data');
    expect(pageOf(shown.loadedUrl)).toContain('Step 1 of 2');
    updating.migrating({ number: 2, of: 2, name: 'second' });
    expect(pageOf(shown.loadedUrl)).toContain('Step 2 of 2');
    updating.close();
    expect(shown.destroyed).toBe(true);
  });

  test('speaks the user’s language, and its page runs nothing and shows every word as text', () => {
    const updating = databaseUpdateWindow(createTranslator('zh-CN'));
    updating.migrating({ number: 1, of: 1, name: 'only' });
    vi.advanceTimersByTime(SHOW_AFTER_MS);
    const page = pageOf(electron.windows.at(-1)!.loadedUrl);
    expect(page).toContain('正在更新 OpsDesk 的本地数据');
    expect(page).not.toContain('第 1 步');
    updating.close();
    const hostile = databaseUpdatePage({ language: 'en"><script>', title: '<img src=x onerror=alert(1)>', body: 'a & b', step: '<b>2</b>', dark: true });
    expect(hostile).toContain("default-src 'none'; style-src 'unsafe-inline'");
    expect(hostile).not.toMatch(/<script|<img|<b>/);
    expect(hostile).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(hostile).toContain('a &amp; b');
  });
});

describe('a crashed window', () => {
  beforeEach(() => electron.showMessageBox.mockClear());
  const goneWith = (reason: string) => electron.windows.at(-1)!.webContents.listeners.get('render-process-gone')!({}, { reason, exitCode: 139 });

  test('is reloaded, the user is told why and where the log is, and the log has the reason', () => {
    const reporting = crashReporting();
    createMainWindow('/app/preload/index.cjs', reporting, 'opsdesk://app/index.html');
    goneWith('crashed');
    expect(electron.windows.at(-1)!.webContents.reload).toHaveBeenCalledTimes(1);
    const [, box] = electron.showMessageBox.mock.calls[0] as unknown as [unknown, { message: string; detail: string }];
    expect(box.message).toBe('The OpsDesk window stopped unexpectedly and was reloaded.');
    expect(box.detail).toContain('crashed');
    expect(box.detail).toContain(reporting.logFile);
    expect(reporting.lines.join('\n')).toMatch(/the window stopped .*crashed/);
  });

  test('a clean exit is not a crash', () => {
    createMainWindow('/app/preload/index.cjs', crashReporting(), 'opsdesk://app/index.html');
    goneWith('clean-exit');
    expect(electron.windows.at(-1)!.webContents.reload).not.toHaveBeenCalled();
    expect(electron.showMessageBox).not.toHaveBeenCalled();
  });

  test('a window that keeps crashing is no longer reloaded, and the user is asked to restart', () => {
    createMainWindow('/app/preload/index.cjs', crashReporting(), 'opsdesk://app/index.html');
    for (let crash = 0; crash < 4; crash += 1) goneWith('oom');
    expect(electron.windows.at(-1)!.webContents.reload).toHaveBeenCalledTimes(3);
    const [, last] = electron.showMessageBox.mock.calls.at(-1) as unknown as [unknown, { message: string }];
    expect(last.message).toMatch(/keeps stopping; restart OpsDesk/);
  });

  test('tells the user in their language', () => {
    createMainWindow('/app/preload/index.cjs', crashReporting(createTranslator('zh-CN')), 'opsdesk://app/index.html');
    goneWith('crashed');
    const [, box] = electron.showMessageBox.mock.calls[0] as unknown as [unknown, { message: string; detail: string }];
    expect(box.message).toBe('OpsDesk 窗口意外停止，已重新加载。');
    expect(box.detail).toContain('原因：crashed');
  });
});

describe('application menu', () => {
  type Item = Electron.MenuItemConstructorOptions;
  const logFolder = '/home/analyst/.config/OpsDesk/logs';
  /** The preferences' zoom level, as SQLite would keep it between runs. */
  const saved = { level: 0 };
  const zoomMemory = { zoomLevel: () => saved.level, setZoomLevel: (level: number) => void (saved.level = level) };
  const showAbout = vi.fn();
  const menuFor = (platform: NodeJS.Platform, translator = english) => appMenuTemplate({ platform, logFolder, translator, showAbout, zoomMemory });
  const items = (menu: Item[]): Item[] => menu.flatMap((item) => [item, ...items((item.submenu as Item[] | undefined) ?? [])]);
  const itemLabelled = (menu: Item[], label: string) => items(menu).find((item) => item.label === label)!;

  test.each(['linux', 'win32', 'darwin'] as const)('on %s no menu item takes close-window or reload', (platform) => {
    const roles = items(menuFor(platform)).map((item) => item.role);
    expect(roles).toContain('editMenu');
    for (const taken of ['fileMenu', 'windowMenu', 'viewMenu', 'close', 'reload', 'forceReload']) expect(roles).not.toContain(taken);
    expect(roles.includes('appMenu')).toBe(platform === 'darwin');
  });

  test.each(['linux', 'win32'] as const)('on %s it is File, Edit, View, Window, Help', (platform) => {
    const menu = menuFor(platform);
    expect(menu.map((item) => item.label)).toEqual(['File', 'Edit', 'View', 'Window', 'Help']);
  });

  test.each([
    ['Open View…', 'CmdOrCtrl+T'],
    ['Close Tab', 'CmdOrCtrl+W'],
    ['Next Tab', 'Ctrl+Tab'],
    ['Previous Tab', 'Ctrl+Shift+Tab'],
    ['Move Tab Left', 'CmdOrCtrl+Shift+PageUp'],
    ['Move Tab Right', 'CmdOrCtrl+Shift+PageDown'],
    ['Tab 1', 'CmdOrCtrl+1'],
    ['Last Tab', 'CmdOrCtrl+9'],
  ])('shows %s as %s without taking the key from the window', (label, accelerator) => {
    const item = itemLabelled(menuFor('linux'), label);
    expect(item).toMatchObject({ accelerator, registerAccelerator: false });
  });

  test('a click on a tab item gives the window the same key press the renderer handles', () => {
    const window = { webContents: { sendInputEvent: vi.fn() } };
    const closeTab = itemLabelled(menuFor('win32'), 'Close Tab');
    closeTab.click!({} as never, window as never, {} as never);
    expect(window.webContents.sendInputEvent).toHaveBeenCalledWith({ type: 'keyDown', keyCode: 'W', modifiers: ['control'] });
    const moveRight = itemLabelled(menuFor('linux'), 'Move Tab Right');
    moveRight.click!({} as never, window as never, {} as never);
    expect(window.webContents.sendInputEvent).toHaveBeenLastCalledWith({ type: 'keyDown', keyCode: 'PageDown', modifiers: ['control', 'shift'] });
  });

  test.each(['linux', 'win32', 'darwin'] as const)('on %s Help → Open Log Folder opens the log folder', (platform) => {
    itemLabelled(menuFor(platform), 'Open Log Folder').click!({} as never, undefined, {} as never);
    expect(electron.openPath).toHaveBeenLastCalledWith(logFolder);
  });

  test('on macOS it adds the Window menu the platform expects (Minimize ⌘M, Zoom, Bring All to Front) and View with full screen, without tab shortcuts', () => {
    const menu = menuFor('darwin');
    expect(menu.map((item) => item.label ?? item.role)).toEqual(['appMenu', 'Edit', 'View', 'Window', 'Help']);
    const window = menu.find((item) => item.label === 'Window')!;
    expect(window.role).toBe('window');
    expect((window.submenu as Item[]).map((item) => item.role ?? item.type)).toEqual(['minimize', 'zoom', 'separator', 'front']);
    const view = (menu.find((item) => item.label === 'View')!.submenu as Item[]).map((item) => item.label ?? item.type);
    expect(view).toEqual(['Actual Size', 'Zoom In', 'Zoom Out', 'separator', 'Toggle Full Screen']);
    expect(items(menu).some((item) => item.registerAccelerator === false)).toBe(false);
  });

  test.each(['linux', 'win32', 'darwin'] as const)('on %s View zooms in, out and back to actual size, and the level is remembered for the next run', (platform) => {
    const contents = { level: 0, getZoomLevel: () => contents.level, setZoomLevel: vi.fn((level: number) => void (contents.level = level)) };
    const window = { webContents: contents };
    saved.level = 0;
    const click = (label: string) => itemLabelled(menuFor(platform), label).click!({} as never, window as never, {} as never);
    expect(itemLabelled(menuFor(platform), 'Zoom In')).toMatchObject({ accelerator: 'CmdOrCtrl+Plus' });
    click('Zoom In');
    click('Zoom In');
    expect(contents.level).toBe(1);
    expect(saved.level).toBe(1);
    click('Zoom Out');
    expect(saved.level).toBe(0.5);
    click('Actual Size');
    expect([contents.level, saved.level]).toEqual([0, 0]);
    for (let step = 0; step < 20; step += 1) click('Zoom Out');
    expect(saved.level).toBe(-3);
  });

  test('a window opened later (or a reload) gets the remembered zoom, and Ctrl+wheel zooms and is remembered too', () => {
    const listeners = new Map<string, (...args: unknown[]) => void>();
    const contents = { level: 0, on: (name: string, listener: never) => listeners.set(name, listener), getZoomLevel: () => contents.level, setZoomLevel: (level: number) => void (contents.level = level) };
    saved.level = 1.5;
    rememberZoom(contents as never, zoomMemory);
    listeners.get('did-finish-load')!();
    expect(contents.level).toBe(1.5);
    listeners.get('zoom-changed')!({}, 'in');
    expect(saved.level).toBe(2);
  });

  test.each(['linux', 'win32', 'darwin'] as const)('on %s Help → Keyboard Shortcuts gives the window Ctrl/Cmd+/, which opens the sheet', (platform) => {
    const window = { webContents: { sendInputEvent: vi.fn() } };
    itemLabelled(menuFor(platform), 'Keyboard Shortcuts').click!({} as never, window as never, {} as never);
    expect(window.webContents.sendInputEvent).toHaveBeenCalledWith({ type: 'keyDown', keyCode: '/', modifiers: [platform === 'darwin' ? 'meta' : 'control'] });
  });

  test.each(['linux', 'win32', 'darwin'] as const)('on %s Help → About OpsDesk shows the About page', (platform) => {
    showAbout.mockClear();
    const help = menuFor(platform).find((item) => item.role === 'help')!;
    (help.submenu as Item[]).find((item) => item.label === 'About OpsDesk')!.click!({} as never, undefined, {} as never);
    expect(showAbout).toHaveBeenCalledTimes(1);
  });

  test('is worded in the chosen language, roles included', () => {
    const menu = menuFor('linux', createTranslator('zh-CN'));
    expect(menu.map((item) => item.label)).toEqual(['文件', '编辑', '视图', '窗口', '帮助']);
    expect(items(menu).filter((item) => item.role === 'paste').map((item) => item.label)).toEqual(['粘贴']);
    expect(itemLabelled(menu, '关闭标签页')).toMatchObject({ accelerator: 'CmdOrCtrl+W' });
  });
});

describe('content security policy', () => {
  test.each([
    "default-src 'self'",
    "script-src 'self'",
    "connect-src 'none'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ])('contains %s', (directive) => {
    expect(contentSecurityPolicy.split('; ')).toContain(directive);
  });

  test('allows no inline or evaluated script anywhere', () => {
    expect(contentSecurityPolicy).not.toMatch(/unsafe-inline|unsafe-eval|\*/);
  });
});

describe('app protocol', () => {
  let rendererDir: string;
  beforeAll(async () => {
    rendererDir = await mkdtemp(path.join(tmpdir(), 'opsdesk-renderer-'));
    await writeFile(path.join(rendererDir, 'index.html'), '<!doctype html><title>OpsDesk</title>');
    await writeFile(path.join(tmpdir(), 'opsdesk-outside.txt'), 'outside');
    registerAppScheme();
    serveRenderer(rendererDir);
  });
  afterAll(() => rm(rendererDir, { recursive: true, force: true }));

  const fetchApp = (url: string) => electron.protocolHandlers.get('opsdesk')!({ url });

  test('registers opsdesk: as a standard, secure scheme whose scripts V8 keeps compiled between starts', () => {
    expect(electron.privileged).toContainEqual(
      expect.objectContaining({ scheme: 'opsdesk', privileges: expect.objectContaining({ standard: true, secure: true, codeCache: true }) }),
    );
  });

  test('serves the renderer with the CSP header', async () => {
    const response = await fetchApp('opsdesk://app/index.html');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-security-policy')).toBe(contentSecurityPolicy);
    expect(response.headers.get('content-type')).toContain('text/html');
    expect(await response.text()).toContain('<title>OpsDesk</title>');
  });

  test.each([
    'opsdesk://app/../opsdesk-outside.txt',
    'opsdesk://app/%2e%2e/opsdesk-outside.txt',
    'opsdesk://other/index.html',
    'opsdesk://app/missing.js',
    'opsdesk://app/%E0%A4%A',
    'opsdesk://app/%',
    'opsdesk://app/index.html%00',
  ])(
    'refuses %s',
    async (url) => {
      expect((await fetchApp(url)).status).toBe(404);
    },
  );
});

describe('session and web contents hardening', () => {
  function fakeSession() {
    const captured: Record<string, unknown> = {};
    return {
      captured,
      session: {
        webRequest: {
          onBeforeRequest: (filter: unknown, listener: unknown) => Object.assign(captured, { filter, listener }),
        },
        setPermissionRequestHandler: (handler: unknown) => (captured.permissionRequest = handler),
        setPermissionCheckHandler: (handler: unknown) => (captured.permissionCheck = handler),
        setDevicePermissionHandler: (handler: unknown) => (captured.devicePermission = handler),
      },
    };
  }

  test('the renderer session cancels every http, https, ws and wss request', () => {
    const { session, captured } = fakeSession();
    hardenSession(session as never);
    expect(captured.filter).toEqual({ urls: ['http://*/*', 'https://*/*', 'ws://*/*', 'wss://*/*'] });
    const callback = vi.fn();
    (captured.listener as (details: unknown, callback: unknown) => void)({ url: 'https://example.com/' }, callback);
    expect(callback).toHaveBeenCalledWith({ cancel: true });
  });

  test('in development the session lets through exactly the dev server (its pages and its hot-reload socket); in a build nothing', () => {
    const { session, captured } = fakeSession();
    hardenSession(session as never, 'http://localhost:5173');
    const cancelled = (url: string) => {
      const callback = vi.fn();
      (captured.listener as (details: unknown, callback: unknown) => void)({ url }, callback);
      return (callback.mock.calls[0]![0] as { cancel: boolean }).cancel;
    };
    expect(cancelled('http://localhost:5173/src/main.tsx')).toBe(false);
    expect(cancelled('ws://localhost:5173/?token=abc')).toBe(false);
    for (const url of ['http://localhost:5174/', 'http://127.0.0.1:5173/', 'https://localhost:5173/', 'https://api.example.com/']) expect(cancelled(url), url).toBe(true);

    const production = fakeSession();
    hardenSession(production.session as never);
    const callback = vi.fn();
    (production.captured.listener as (details: unknown, callback: unknown) => void)({ url: 'http://localhost:5173/' }, callback);
    expect(callback).toHaveBeenCalledWith({ cancel: true });
  });

  test('every permission request and check is denied', () => {
    const { session, captured } = fakeSession();
    hardenSession(session as never);
    for (const permission of ['notifications', 'media', 'geolocation', 'clipboard-read']) {
      const callback = vi.fn();
      (captured.permissionRequest as (...args: unknown[]) => void)({}, permission, callback);
      expect(callback).toHaveBeenCalledWith(false);
      expect((captured.permissionCheck as (...args: unknown[]) => boolean)({}, permission)).toBe(false);
    }
  });

  function fakeContents(shown = 'opsdesk://app/index.html') {
    const listeners = new Map<string, (event: { preventDefault(): void; url?: string }, url?: string) => void>();
    let openHandler: ((details: { url: string }) => { action: string }) | undefined;
    return {
      listeners,
      open: (url: string) => openHandler!({ url }),
      contents: {
        on: (name: string, listener: never) => listeners.set(name, listener),
        setWindowOpenHandler: (handler: never) => (openHandler = handler),
        getURL: () => shown,
      },
    };
  }
  /** Whether the window may go to `url` from the page it shows (`shown`), as Electron reports a navigation. */
  const navigationAllowed = (url: string, shown = 'opsdesk://app/index.html', appOrigin = 'opsdesk://app') => {
    const { contents, listeners } = fakeContents(shown);
    hardenWebContents(contents as never, () => english, appOrigin);
    const navigation = { preventDefault: vi.fn(), url, isMainFrame: true };
    listeners.get('will-navigate')!(navigation, url);
    return navigation.preventDefault.mock.calls.length === 0;
  };

  test.each(['opsdesk://app/other.html', 'opsdesk://other/index.html', 'https://evil.example/', 'file:///etc/passwd', 'http://localhost:5173/'])('navigation to %s is prevented', (url) => {
    expect(navigationAllowed(url)).toBe(false);
  });

  test("the page reloading itself is let through: Vite's reload in npm run dev, and the built app's own", () => {
    const dev = 'http://localhost:5173';
    expect(navigationAllowed(`${dev}/`, `${dev}/`, dev)).toBe(true);
    expect(navigationAllowed(`${dev}/#/firewall`, `${dev}/#/alerts`, dev)).toBe(true);
    expect(navigationAllowed('opsdesk://app/index.html', 'opsdesk://app/index.html')).toBe(true);
    // The same address elsewhere, or elsewhere on the same origin, is no reload.
    expect(navigationAllowed(`${dev}/other.html`, `${dev}/`, dev)).toBe(false);
    expect(navigationAllowed('http://localhost:5174/', 'http://localhost:5174/', dev)).toBe(false);
    expect(navigationAllowed('opsdesk://app/index.html', 'opsdesk://app/index.html', dev)).toBe(false);
  });

  test('new windows are denied; a safe http(s) link goes to the system browser once the user has seen it and agreed', async () => {
    const { contents, open } = fakeContents();
    hardenWebContents(contents as never, () => english, 'opsdesk://app');
    electron.showMessageBox.mockClear();
    electron.showMessageBox.mockResolvedValueOnce({ response: 1 });
    expect(open('https://docs.example.com/guide')).toEqual({ action: 'deny' });
    await vi.waitFor(() => expect(electron.openExternal).toHaveBeenCalledWith('https://docs.example.com/guide'));
    const [options] = electron.showMessageBox.mock.calls[0]!.slice(-1) as [{ detail: string; buttons: string[]; defaultId: number }];
    expect(options).toMatchObject({ detail: 'https://docs.example.com/guide', defaultId: 0 });
    expect(options.buttons[options.defaultId]).toBe('Cancel');

    expect(open('https://evil.example/steal')).toEqual({ action: 'deny' });
    await vi.waitFor(() => expect(electron.showMessageBox).toHaveBeenCalledTimes(2));
    for (const url of ['file:///etc/passwd', 'javascript:alert(1)', 'https://user:pw@example.com/', 'smb://host/share']) {
      expect(open(url)).toEqual({ action: 'deny' });
    }
    await Promise.resolve();
    expect(electron.showMessageBox).toHaveBeenCalledTimes(2);
    expect(electron.openExternal).toHaveBeenCalledTimes(1);
  });
});

describe('IPC binding', () => {
  const contract = {
    notes: {
      calls: { add: call<{ id: number }>()(z.object({ text: z.string() })) },
      events: { added: event<{ id: number }>() },
    },
  };

  test('a call from a subframe or a foreign page is refused; the app top frame gets through', async () => {
    const add = vi.fn(() => ({ id: 1 }));
    const router = createRouter(contract, { notes: { add } }, { appOrigin: 'opsdesk://app', redact: (text) => text });
    bindRouter(router, createEventHub(router));
    const handle = electron.handles.get('notes:add')!;
    const topFrame = { url: 'opsdesk://app/index.html', parent: null };
    const sender = { id: 5 };

    const fromSubframe = await handle({ sender, senderFrame: { url: 'opsdesk://app/index.html', parent: topFrame } }, { text: 'x' });
    const fromForeign = await handle({ sender, senderFrame: { url: 'https://evil.example/', parent: null } }, { text: 'x' });
    expect(fromSubframe).toMatchObject({ ok: false, error: { code: 'forbidden_sender' } });
    expect(fromForeign).toMatchObject({ ok: false, error: { code: 'forbidden_sender' } });
    expect(add).not.toHaveBeenCalled();

    expect(await handle({ sender, senderFrame: topFrame }, { text: 'x' })).toEqual({ ok: true, data: { id: 1 } });
    expect(add).toHaveBeenCalledWith({ text: 'x' }, { windowId: 5 });
  });

  test('events go to the web contents that subscribed', async () => {
    const router = createRouter(contract, { notes: { add: () => ({ id: 1 }) } }, { appOrigin: 'opsdesk://app', redact: (text) => text });
    const hub = createEventHub(router);
    bindRouter(router, hub);
    const send = vi.fn();
    const sender = { id: 7, send, isDestroyed: () => false };
    const subscribe = electron.handles.get('opsdesk:subscribe')!;
    expect(await subscribe({ sender, senderFrame: { url: 'opsdesk://app/index.html', parent: null } }, ['notes:event:added'])).toEqual({ ok: true, data: null });
    hub.publish('notes', 'added', { id: 3 });
    expect(send).toHaveBeenCalledWith('notes:event:added', { id: 3 });
  });
});
