import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { build } from 'vite';
import { contract, subscribeChannel, unsubscribeChannel } from '../../src-shared/contract/index.ts';
import type { Contract } from '../../src-shared/contract/index.ts';
import { manifestOf } from '../../src-shared/contract/manifest.ts';
import { createAppServices } from '../../src-main/core/app-services.ts';
import type { AppServices, AppServicesOptions } from '../../src-main/core/app-services.ts';
import { rendererFileFor, rendererHeaders } from '../../src-main/electron/renderer-files.ts';
import { createEventHub } from '../../src-main/ipc/event-hub.ts';
import type { EventHub } from '../../src-main/ipc/event-hub.ts';
import { createHandlers } from '../../src-main/ipc/handlers/index.ts';
import { createRouter } from '../../src-main/ipc/router.ts';
import { wireEvents } from '../../src-main/ipc/wire-events.ts';
import { dialogFitScript } from './dialog-fit.ts';
import { chromiumPrinter } from './pdf-printer.ts';
import { RecordingPlatform } from './recording-platform.ts';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const rendererDir = path.join(repoRoot, 'out/renderer');
/** Stands in for opsdesk://app: a secure origin that only this harness serves. */
export const harnessHost = 'opsdesk.test';
export const harnessOrigin = `https://${harnessHost}`;
/** The one window the harness has, as Electron's webContents id would name it. */
const harnessWindowId = 1;

let bridgeScript: Promise<string> | undefined;

function buildBridgeScript(): Promise<string> {
  bridgeScript ??= build({
    configFile: false,
    logLevel: 'silent',
    build: {
      write: false,
      minify: false,
      lib: { entry: path.join(repoRoot, 'test/support/bridge-in-page.ts'), formats: ['iife'], name: 'opsdeskBridge' },
    },
  }).then((output) => {
    const [result] = Array.isArray(output) ? output : [output];
    const chunk = (result as { output: { type: string; code?: string }[] }).output.find((item) => item.type === 'chunk');
    return chunk!.code!;
  });
  return bridgeScript;
}

export interface HarnessOptions extends Partial<Omit<AppServicesOptions, 'dataDir' | 'platform'>> {
  /** What the app would show on the desktop; a fresh recorder unless given. */
  platform?: RecordingPlatform;
  /** Reuse a data folder to see what survives a restart. */
  dataDir?: string;
  /** Calls whose transport fails outright, as if main crashed while handling them. */
  brokenChannels?: Set<string>;
  /** Every IPC result and event the page received, so tests can scan them. */
  ipcLog?: { channel: string; result: unknown }[];
  /** The browser's language (navigator.languages), as the OS would set it; Chromium's default unless given. */
  locale?: string;
  /** The window's size; 1280×800 unless given. */
  viewport?: { width: number; height: number };
  /** Measure every dialog the window opens against its box (`dialog-fit.ts`). */
  watchDialogs?: boolean;
}

export interface AppUnderTest {
  page: Page;
  services: AppServices;
  platform: RecordingPlatform;
  events: EventHub<Contract>;
  dataDir: string;
  /** Closes the page and services; the data folder stays unless `removeData` is set. */
  close(options?: { removeData?: boolean }): Promise<void>;
}

/**
 * The built renderer in real Chromium, its `window.opsdesk` wired to the real handler map and
 * real services running in this process: the whole path a click takes in the app.
 */
export async function openApp(browser: Browser, options: HarnessOptions = {}): Promise<AppUnderTest> {
  const dataDir = options.dataDir ?? (await mkdtemp(path.join(tmpdir(), 'opsdesk-e2e-')));
  const { brokenChannels, ipcLog, locale, viewport = { width: 1280, height: 800 }, watchDialogs = false, dataDir: _dataDir, platform = new RecordingPlatform(), ...serviceOptions } = options;
  platform.printer ??= chromiumPrinter(browser);
  // Not openTestServices: the window's tests keep the app's own key store (the real keychain) and its folder.
  const services = await createAppServices({ logSink: () => {}, ...serviceOptions, platform, dataDir });
  const router = createRouter(contract, createHandlers(services, { version: '0.0.0-test', platform: 'linux', dataFolder: dataDir, logFile: path.join(dataDir, 'logs', 'opsdesk.log') }), {
    appOrigin: harnessOrigin,
    redact: services.logger.redact,
  });
  const events = createEventHub(router);
  wireEvents(services, events);
  const context = await browser.newContext({ viewport, ...(locale && { locale }) });
  const page = await context.newPage();
  // A step that cannot happen fails naming its locator, not as the whole test's timeout.
  page.setDefaultTimeout(20_000);

  await context.route('**/*', async (route) => {
    const file = rendererFileFor(rendererDir, route.request().url(), harnessHost);
    if (!file) return route.abort('blockedbyclient');
    try {
      await route.fulfill({ status: 200, headers: rendererHeaders(file), body: await readFile(file) });
    } catch {
      await route.fulfill({ status: 404, body: 'Not found' });
    }
  });

  const target = {
    id: harnessWindowId,
    isDestroyed: () => page.isClosed(),
    // A page that is reloading misses the event, as a reloading window would; it lists afresh.
    send: (channel: string, data: unknown) => {
      ipcLog?.push({ channel, result: data });
      void page.evaluate(([c, d]) => window.__opsdeskDeliver(c, JSON.parse(d)), [channel, JSON.stringify(data)] as const).catch(() => {});
    },
  };
  await page.exposeBinding('__opsdeskInvoke', async (source, channel: string, payload: unknown) => {
    const sender = { url: source.frame.url(), isTopFrame: source.frame.parentFrame() === null, windowId: harnessWindowId };
    if (brokenChannels?.has(channel)) throw new Error(`The connection to the main process was lost (${channel}).`);
    const result =
      channel === subscribeChannel || channel === unsubscribeChannel ? events.answer(channel, sender, target, payload) : await router.dispatch(channel, sender, payload);
    ipcLog?.push({ channel, result });
    // As text: Playwright's own argument serialisation walks every value and makes a page of
    // alerts cost hundreds of milliseconds, which Electron's structured clone does not.
    return JSON.stringify(result);
  });

  await page.addInitScript(`window.__opsdeskManifest = ${JSON.stringify(manifestOf(contract))};`);
  await page.addInitScript(await buildBridgeScript());
  if (watchDialogs) await page.addInitScript(dialogFitScript);
  await page.goto(`${harnessOrigin}/index.html`);
  await page.getByRole('tablist').waitFor();

  return {
    page,
    services,
    platform,
    events,
    dataDir,
    async close({ removeData = false } = {}) {
      await context.close();
      await services.dispose();
      if (removeData) await rm(dataDir, { recursive: true, force: true });
    },
  };
}
