/**
 * The launch smoke test: the real Electron running OpsDesk, for what only a real run shows. It runs
 * wherever an Electron binary can be had and its sandbox can start, and says why it was skipped
 * everywhere else (no download, a sandbox the system refuses, no display): `skipped: …`.
 *
 * On Linux it runs the `app.asar` that `npm run dist` would ship (packed by check-package's own
 * packing, on the stand-in binary), so the ES-module main, the preload and the database worker all
 * load from inside the archive, as they do for a user. Electron is launched unpackaged on that
 * archive (`electron app.asar`): a packaged build refuses the debugging switches Playwright attaches
 * through (src-main/electron/app-lifecycle.ts), and its fuses turn `--inspect` off. Elsewhere it runs
 * the project folder. Always with `chromiumSandbox: true`: otherwise Playwright adds `--no-sandbox` on
 * Linux, and OpsDesk refuses to start that way.
 */
import * as asar from '@electron/asar';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { _electron, type ElectronApplication, type Page } from 'playwright-core';
import { ElectronSandboxError, ensureElectron } from '../../scripts/ensure-electron.ts';
import { packLinuxApp } from '../../scripts/check-package.ts';
import { descendantsOf, isAlive, startXvfb, type VirtualDisplay } from './process-tree.ts';

const root = path.resolve(import.meta.dirname, '../..');
const firstLine = (error: unknown) => (error instanceof Error ? error.message : String(error)).split('\n')[0]!;

let skipped = '';
let binary = '';
let appPath = '';
let scratch = '';
let userData = '';
let env: Record<string, string> = {};
let xvfb: VirtualDisplay | null = null;
let app: ElectronApplication | null = null;
let page: Page | null = null;
const logFile = () => path.join(userData, 'logs', 'opsdesk.log');
const log = () => readFile(logFile(), 'utf8').catch(() => '');

beforeAll(async () => {
  // Downloaded when missing, as `npm start` does; only a machine that cannot get it, or whose system
  // refuses its sandbox, skips.
  try {
    binary = await ensureElectron();
  } catch (error) {
    skipped = error instanceof ElectronSandboxError ? `Electron's sandbox cannot start here (${firstLine(error)})` : `no Electron binary (${firstLine(error)})`;
  }
  if (!skipped && process.platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY) {
    xvfb = await startXvfb();
    if (!xvfb) skipped = 'no display (no DISPLAY, and Xvfb is not installed: apt-get install xvfb)';
  }
  if (skipped) {
    console.log(`skipped: ${skipped}`);
    return;
  }
  if (!existsSync(path.join(root, 'out', 'main', 'index.js'))) throw new Error('out/ is not built: run `npm run build` first (npm test does)');
  scratch = await mkdtemp(path.join(tmpdir(), 'opsdesk-launch-'));
  userData = path.join(scratch, 'user-data');
  appPath = process.platform === 'linux' ? path.join((await packLinuxApp(path.join(scratch, 'package'))).appDir, 'resources', 'app.asar') : root;
  env = {
    ...(Object.fromEntries(Object.entries(process.env).filter(([name, value]) => value !== undefined && name !== 'ELECTRON_RUN_AS_NODE')) as Record<string, string>),
    // An unpackaged run takes its data folder from here: the test never touches the user's own.
    OPSDESK_USER_DATA_DIR: userData,
    ...(xvfb && { DISPLAY: xvfb.display }),
  };
  app = await _electron.launch({ executablePath: binary, args: [appPath], cwd: root, env, chromiumSandbox: true, timeout: 60_000 });
  page = await app.firstWindow({ timeout: 60_000 });
}, 300_000);

afterAll(async () => {
  await app?.close().catch(() => {});
  xvfb?.stop();
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

describe('Electron launch smoke test', () => {
  test('the window is served over opsdesk:// by an ES-module main, sandboxed, with the bridge answering and no Node', async (context) => {
    if (skipped) return context.skip(skipped);
    await page!.getByRole('tablist').waitFor({ timeout: 60_000 });
    expect(page!.url()).toBe('opsdesk://app/index.html');
    expect(await page!.title()).toBe('OpsDesk');
    expect(await page!.evaluate(() => [typeof (globalThis as { require?: unknown }).require, typeof (globalThis as { process?: unknown }).process])).toEqual(['undefined', 'undefined']);
    expect(await page!.evaluate(() => Object.keys(window.opsdesk).sort())).toEqual(expect.arrayContaining(['app', 'workspace']));
    const { version } = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8')) as { version: string };
    expect(await page!.evaluate(() => window.opsdesk.app.info())).toEqual({ ok: true, data: { version, platform: process.platform } });
    // Playwright was not let to add --no-sandbox (OpsDesk would have refused to start).
    expect(await app!.evaluate(({ app: electronApp }) => electronApp.commandLine.hasSwitch('no-sandbox'))).toBe(false);
    expect(await app!.evaluate(({ app: electronApp }) => electronApp.getAppPath())).toBe(appPath);
    if (appPath.endsWith('.asar')) {
      // The main that started is the archive's, and it is an ES module (package.json's "type").
      expect(JSON.parse(asar.extractFile(appPath, 'package.json').toString('utf8'))).toMatchObject({ type: 'module', main: 'out/main/index.js' });
      expect(asar.extractFile(appPath, 'out/main/index.js').toString('utf8')).toMatch(/^import\s/m);
    }
    await vi.waitFor(async () => expect(await log()).toContain('OpsDesk started'), { timeout: 30_000, interval: 200 });
  });

  test('the database worker loads from the app archive', async (context) => {
    if (skipped) return context.skip(skipped);
    const expected = appPath.endsWith('.asar') ? 'app.asar/out/main/database-worker.js' : 'out/main/database-worker.js';
    await vi.waitFor(async () => expect(await log()).toMatch(new RegExp(`the database worker is running .*${expected.replaceAll('.', '\\.')}`)), { timeout: 30_000, interval: 200 });
    expect(await log()).not.toContain('the database worker did not start');
  });

  test('a second instance hands over to the first and quits', async (context) => {
    if (skipped) return context.skip(skipped);
    const second: ChildProcess = spawn(binary, [appPath], { cwd: root, env, stdio: 'ignore' });
    const [code, signal] = (await Promise.race([
      once(second, 'exit'),
      new Promise((_resolve, reject) => setTimeout(() => reject(new Error('the second instance did not quit within 30 s')), 30_000)),
    ])) as [number | null, NodeJS.Signals | null];
    expect({ code, signal }).toEqual({ code: 0, signal: null });
    await vi.waitFor(async () => expect(await log()).toContain('another OpsDesk was started; it handed over to this one and quit'), { timeout: 15_000, interval: 200 });
    expect(app!.windows()).toHaveLength(1);
    expect(await page!.evaluate(() => window.opsdesk.app.info())).toMatchObject({ ok: true });
  });

  test('closing the window quits, and no process is left behind', async (context) => {
    if (skipped) return context.skip(skipped);
    const main = app!.process();
    const exited = once(main, 'exit');
    const children = process.platform === 'win32' ? [] : descendantsOf(main.pid!);
    expect(process.platform === 'win32' || children.length > 0).toBe(true);
    // The connection goes with the app, which may cut this call's answer short.
    await app!.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0]?.close()).catch(() => {});
    // The services close within CLOSE_TIME_CAP_MS (5 s) before the app quits.
    await Promise.race([exited, new Promise((_resolve, reject) => setTimeout(() => reject(new Error('OpsDesk did not exit within 15 s of its window closing')), 15_000))]);
    app = null;
    await vi.waitFor(() => expect(children.filter(isAlive)).toEqual([]), { timeout: 5_000, interval: 100 });
    expect(await log()).not.toContain('quitting before the services closed');
  });
});
