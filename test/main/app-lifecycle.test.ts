import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeEach, describe, expect, test, vi } from 'vitest';

/** Electron cannot run here; this stands in for the `app` lifecycle and the dialogs main uses. */
const electron = vi.hoisted(() => {
  const calls: string[] = [];
  const listeners = new Map<string, ((...args: unknown[]) => void)[]>();
  const paths = new Map<string, string>();
  const state = { lockGranted: true, languages: ['en-US'], switches: [] as string[], ready: false, packaged: false };
  const app = {
    get isPackaged() {
      return state.packaged;
    },
    setPath: vi.fn((name: string, value: string) => {
      calls.push(`setPath ${name}`);
      paths.set(name, value);
    }),
    getPath: vi.fn((name: string) => paths.get(name) ?? `/nonexistent/${name}`),
    requestSingleInstanceLock: vi.fn(() => {
      calls.push('requestSingleInstanceLock');
      return state.lockGranted;
    }),
    quit: vi.fn(() => calls.push('quit')),
    enableSandbox: vi.fn(() => calls.push('enableSandbox')),
    setAppUserModelId: vi.fn((id: string) => calls.push(`setAppUserModelId ${id}`)),
    commandLine: {
      hasSwitch: (name: string) => state.switches.includes(name),
      removeSwitch: vi.fn((name: string) => {
        calls.push(`removeSwitch ${name}`);
        state.switches = state.switches.filter((given) => given !== name);
      }),
    },
    exit: vi.fn(),
    on: vi.fn((name: string, listener: (...args: unknown[]) => void) => {
      calls.push(`on ${name}`);
      listeners.set(name, [...(listeners.get(name) ?? []), listener]);
    }),
    // Start-up itself is not run here: only what happens before the app is ready, unless a test says so.
    whenReady: vi.fn(() => {
      calls.push('whenReady');
      return state.ready ? Promise.resolve() : new Promise(() => {});
    }),
    getVersion: () => '0.0.0-test',
    getPreferredSystemLanguages: () => state.languages,
  };
  return { calls, listeners, paths, state, app, showErrorBox: vi.fn() };
});

vi.mock('electron', () => ({
  app: electron.app,
  dialog: { showErrorBox: electron.showErrorBox, showMessageBox: vi.fn(async () => ({ response: 0 })) },
  protocol: { registerSchemesAsPrivileged: () => electron.calls.push('registerSchemesAsPrivileged'), handle: () => {} },
  BrowserWindow: { getAllWindows: () => [] },
  Menu: { setApplicationMenu: () => {}, buildFromTemplate: () => ({}) },
  nativeTheme: { shouldUseDarkColors: false },
  session: {},
  shell: { openExternal: vi.fn(), openPath: vi.fn() },
  ipcMain: { handle: () => {} },
}));

const { closeBeforeQuit } = await import('../../src-main/electron/app-lifecycle.ts');
const { APP_ID, DEV_APP_ID } = await import('../../src-main/electron/app-id.ts');
const { createLogger } = await import('../../src-main/core/log/logger.ts');

const scratch = await mkdtemp(path.join(tmpdir(), 'opsdesk-lifecycle-'));
afterAll(() => rm(scratch, { recursive: true, force: true }));

beforeEach(() => {
  electron.calls.length = 0;
  electron.listeners.clear();
  electron.paths.clear();
  vi.clearAllMocks();
});

/** Runs src-main/index.ts as Electron would, and takes back the process handlers it installed. */
async function startMain(env: { userDataDir?: string; lockGranted: boolean; languages?: string[]; switches?: string[]; ready?: boolean; packaged?: boolean }) {
  electron.state.lockGranted = env.lockGranted;
  electron.state.languages = env.languages ?? ['en-US'];
  electron.state.switches = env.switches ?? [];
  electron.state.ready = env.ready ?? false;
  electron.state.packaged = env.packaged ?? false;
  const before = { exception: process.listeners('uncaughtException'), rejection: process.listeners('unhandledRejection') };
  vi.stubEnv('OPSDESK_USER_DATA_DIR', env.userDataDir ?? '');
  vi.resetModules();
  await import('../../src-main/index.ts');
  vi.unstubAllEnvs();
  const onException = process.listeners('uncaughtException').filter((listener) => !before.exception.includes(listener));
  const onRejection = process.listeners('unhandledRejection').filter((listener) => !before.rejection.includes(listener));
  for (const listener of onException) process.off('uncaughtException', listener);
  for (const listener of onRejection) process.off('unhandledRejection', listener);
  return { onException: onException[0] as (error: Error) => void };
}

describe('start-up order', () => {
  test('the demo takes its own user-data folder before the single-instance lock, so it runs beside OpsDesk', async () => {
    const userDataDir = path.join(scratch, 'demo-user-data');
    await startMain({ userDataDir, lockGranted: true });
    const setPath = electron.calls.indexOf('setPath userData');
    expect(setPath).toBeGreaterThanOrEqual(0);
    expect(setPath).toBeLessThan(electron.calls.indexOf('requestSingleInstanceLock'));
    expect(electron.app.whenReady).toHaveBeenCalled();
    expect(electron.app.quit).not.toHaveBeenCalled();
  });

  test('every renderer is sandboxed, whatever its window says, before the app is ready', async () => {
    await startMain({ userDataDir: path.join(scratch, 'sandboxed'), lockGranted: true });
    expect(electron.calls).toContain('enableSandbox');
    expect(electron.calls.indexOf('enableSandbox')).toBeLessThan(electron.calls.indexOf('whenReady'));
  });

  test('a second instance of the same folder quits before registering anything', async () => {
    await startMain({ userDataDir: path.join(scratch, 'taken'), lockGranted: false });
    expect(electron.app.quit).toHaveBeenCalled();
    expect(electron.app.whenReady).not.toHaveBeenCalled();
    expect(electron.calls).not.toContain('registerSchemesAsPrivileged');
  });
});

describe('the desktop identity', () => {
  test("on Windows a packaged build's AppUserModelID is the app id before anything can notify", async () => {
    const platform = vi.spyOn(process, 'platform', 'get').mockReturnValue('win32');
    electron.paths.set('userData', path.join(scratch, 'windows'));
    try {
      await startMain({ lockGranted: true, packaged: true });
    } finally {
      platform.mockRestore();
    }
    expect(electron.calls).toContain(`setAppUserModelId ${APP_ID}`);
    expect(electron.calls.indexOf(`setAppUserModelId ${APP_ID}`)).toBeLessThan(electron.calls.indexOf('whenReady'));
  });

  test('an unpackaged run (npm run dev, the demo) on Windows has its own id, so the installed app keeps its shortcut', async () => {
    const platform = vi.spyOn(process, 'platform', 'get').mockReturnValue('win32');
    try {
      await startMain({ userDataDir: path.join(scratch, 'windows-dev'), lockGranted: true, packaged: false });
    } finally {
      platform.mockRestore();
    }
    expect(DEV_APP_ID).not.toBe(APP_ID);
    expect(electron.app.setAppUserModelId).toHaveBeenCalledWith(DEV_APP_ID);
    expect(electron.app.setAppUserModelId).not.toHaveBeenCalledWith(APP_ID);
  });

  test('other systems have no AppUserModelID to set', async () => {
    await startMain({ userDataDir: path.join(scratch, 'linux-identity'), lockGranted: true });
    expect(electron.app.setAppUserModelId).not.toHaveBeenCalled();
  });

  test("electron-builder.yml's appId is the code's, so the installer's shortcut names the toasts' sender", async () => {
    const config = await readFile(path.join(import.meta.dirname, '../../electron-builder.yml'), 'utf8');
    expect(/^appId: (\S+)$/m.exec(config)?.[1]).toBe(APP_ID);
  });
});

describe('the sandbox', () => {
  test('started with --no-sandbox (an AppImage where the system forbids the sandbox), OpsDesk says what to do and exits without a window or a mixed sandbox', async () => {
    electron.showErrorBox.mockClear();
    await startMain({ userDataDir: path.join(scratch, 'no-sandbox'), lockGranted: true, switches: ['no-sandbox'], ready: true });
    await vi.waitFor(() => expect(electron.app.exit).toHaveBeenCalledWith(1));
    expect(electron.app.enableSandbox).not.toHaveBeenCalled();
    expect(electron.calls).not.toContain('registerSchemesAsPrivileged');
    const [title, body] = electron.showErrorBox.mock.calls[0] as [string, string];
    expect(title).toBe('OpsDesk will not run without its sandbox');
    expect(body).toMatch(/AppArmor profile given in OpsDesk’s README/);
  });
});

describe('what a packaged build does not take from outside', () => {
  test('OPSDESK_USER_DATA_DIR is ignored (and the log says so): the data, log and lock stay in the user’s own folder', async () => {
    const own = path.join(scratch, 'packaged-own-folder');
    electron.paths.set('userData', own);
    await startMain({ userDataDir: path.join(scratch, 'elsewhere'), lockGranted: true, packaged: true });
    expect(electron.app.setPath).not.toHaveBeenCalled();
    expect(electron.app.whenReady).toHaveBeenCalled();
    await vi.waitFor(async () => expect(await readFile(path.join(own, 'logs', 'opsdesk.log'), 'utf8')).toContain('a packaged OpsDesk ignores it'));
  });

  test.each([['remote-debugging-port'], ['remote-debugging-pipe']])(
    '--%s is removed before the app is ready, the user is told, and OpsDesk exits without a window',
    async (name) => {
      electron.paths.set('userData', path.join(scratch, `packaged-${name}`));
      await startMain({ lockGranted: true, packaged: true, switches: [name, 'lang'], ready: true });
      await vi.waitFor(() => expect(electron.app.exit).toHaveBeenCalledWith(1));
      expect(electron.calls.indexOf(`removeSwitch ${name}`)).toBeGreaterThanOrEqual(0);
      expect(electron.calls.indexOf(`removeSwitch ${name}`)).toBeLessThan(electron.calls.indexOf('whenReady'));
      expect(electron.app.commandLine.removeSwitch).not.toHaveBeenCalledWith('lang');
      expect(electron.calls).not.toContain('registerSchemesAsPrivileged');
      expect(electron.calls).not.toContain('requestSingleInstanceLock');
      const [title, body] = electron.showErrorBox.mock.calls[0] as [string, string];
      expect(title).toBe('OpsDesk does not start with a debugging switch');
      expect(body).toContain(`--${name}`);
    },
  );

  test('an unpackaged run keeps them: the launch smoke test attaches through them', async () => {
    await startMain({ userDataDir: path.join(scratch, 'unpackaged-debugging'), lockGranted: true, switches: ['remote-debugging-port'] });
    expect(electron.app.commandLine.removeSwitch).not.toHaveBeenCalled();
    expect(electron.calls).toContain('registerSchemesAsPrivileged');
    expect(electron.app.exit).not.toHaveBeenCalled();
  });
});

describe('a second instance', () => {
  test('hands over to the first: the first brings its window forward and says so in its log', async () => {
    const userDataDir = path.join(scratch, 'first-instance');
    await startMain({ userDataDir, lockGranted: true });
    for (const listener of electron.listeners.get('second-instance') ?? []) listener({}, ['opsdesk'], '/');
    await vi.waitFor(async () => expect(await readFile(path.join(userDataDir, 'logs', 'opsdesk.log'), 'utf8')).toContain('another OpsDesk was started; it handed over to this one and quit'));
  });
});

describe('fatal errors', () => {
  test('an uncaught exception is logged to the file, redacted, and a dialog names the log before the app exits', async () => {
    const userDataDir = path.join(scratch, 'fatal');
    const { onException } = await startMain({ userDataDir, lockGranted: true });
    onException(new Error('request with Authorization: Bearer sk-proj-secretsecretsecret failed'));

    const logFile = path.join(userDataDir, 'logs', 'opsdesk.log');
    const [title, body] = electron.showErrorBox.mock.calls[0] as [string, string];
    expect(title).toBe('OpsDesk stopped because of an error');
    expect(body).toContain(logFile);
    expect(body).not.toContain('secretsecretsecret');
    expect(electron.app.exit).toHaveBeenCalledWith(1);
    const logged = await readFile(logFile, 'utf8');
    expect(logged).toContain('OpsDesk stopped because of an error');
    expect(logged).not.toContain('secretsecretsecret');
  });

  test("before the saved language is read, the dialog is in the system's language; the log stays English", async () => {
    electron.showErrorBox.mockClear();
    const userDataDir = path.join(scratch, 'fatal-zh');
    const { onException } = await startMain({ userDataDir, lockGranted: true, languages: ['zh-CN', 'en-US'] });
    onException(new Error('boom'));
    const [title, body] = electron.showErrorBox.mock.calls[0] as [string, string];
    expect(title).toBe('OpsDesk 因错误而停止');
    expect(body).toContain('详情见日志');
    expect(await readFile(path.join(userDataDir, 'logs', 'opsdesk.log'), 'utf8')).toContain('OpsDesk stopped because of an error');
  });
});

describe('quit', () => {
  function quitOnce() {
    const event = { preventDefault: vi.fn() };
    for (const listener of electron.listeners.get('will-quit') ?? []) listener(event);
    return event;
  }

  test('waits for the services to close, then quits for real', async () => {
    let finishClosing!: () => void;
    const close = vi.fn(() => new Promise<void>((resolve) => (finishClosing = resolve)));
    closeBeforeQuit(close, createLogger({ sink: () => {} }));

    expect(quitOnce().preventDefault).toHaveBeenCalled();
    expect(close).toHaveBeenCalledTimes(1);
    expect(quitOnce().preventDefault).toHaveBeenCalled();
    expect(close).toHaveBeenCalledTimes(1);
    await Promise.resolve();
    expect(electron.app.quit).not.toHaveBeenCalled();

    finishClosing();
    await vi.waitFor(() => expect(electron.app.quit).toHaveBeenCalledTimes(1));
    expect(quitOnce().preventDefault).not.toHaveBeenCalled();
  });

  test('quits after the time cap when closing hangs, and says so in the log', async () => {
    vi.useFakeTimers();
    try {
      const lines: string[] = [];
      closeBeforeQuit(() => new Promise(() => {}), createLogger({ sink: (record) => lines.push(record.line) }), 5_000);
      quitOnce();
      await vi.advanceTimersByTimeAsync(4_999);
      expect(electron.app.quit).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      expect(electron.app.quit).toHaveBeenCalledTimes(1);
      expect(lines.join('\n')).toContain('quitting before the services closed');
    } finally {
      vi.useRealTimers();
    }
  });
});
