// P4, a window that opens fast (issue 28): the JavaScript the window loads before its first paint
// (the built index.html's entry script and the chunks it preloads, gzipped), against all the
// renderer's JavaScript; and a cold window over 100,000 cached alerts (a reload, as the app's own
// window opening is) timed from navigation to the alerts' first rows in the DOM and painted,
// against the same reload to the window's first paint of its tab strip; the same from a true cold
// start (issue 44: a new browser context and a fresh connection to the data folder, not a reload of a
// running window); and both again with Chromium's CPU slowed as on a modest machine.
import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { SessionKeyStore } from '../../src-main/core/secrets/session-key-store.ts';
import { fillAlertCache } from '../../test/support/alert-cache-fill.ts';
import { openApp } from '../../test/support/app-harness.ts';
import type { Browser, BrowserContext } from 'playwright-core';
import { launchChromium } from '../../test/support/chromium.ts';
import { MODEST_MACHINE_SLOWDOWN, p95, throttleCpu } from '../chromium-timing.ts';
import { row } from '../figure.ts';
import type { Figure, FigureRow } from '../figure.ts';

const rendererDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../out/renderer');
const firstAlertCell = '[role="tabpanel"]:not([hidden]) [role="grid"][aria-label="Alerts"] .vt-body [role="gridcell"]:not(.vt-pending):not(.vt-check)';

const gzippedKb = async (files: string[]) => {
  const sizes = await Promise.all(files.map(async (file) => gzipSync(await readFile(path.join(rendererDir, file))).length));
  return sizes.reduce((sum, size) => sum + size, 0) / 1024;
};

/** The scripts index.html loads and preloads before the window can paint, and every script of the build. */
async function windowScripts(): Promise<{ initial: string[]; all: string[] }> {
  const html = await readFile(path.join(rendererDir, 'index.html'), 'utf8');
  const initial = [...html.matchAll(/<(?:script|link rel="modulepreload")[^>]*(?:src|href)="\.\/([^"]+\.js)"/g)].map((match) => match[1]!);
  const all = (await readdir(path.join(rendererDir, 'assets'))).filter((file) => file.endsWith('.js')).map((file) => `assets/${file}`);
  return { initial, all };
}

// Installed before any of the page's scripts on every load: when the tab strip and the first alert
// row are first in the DOM, each then painted (the next frame's task).
const firstPaintsProbe = `
  window.__p4 = new Promise((resolve) => {
    const marks = {};
    const painted = (name) => requestAnimationFrame(() => setTimeout(() => { marks[name] = performance.now(); if (marks.rows !== undefined && marks.shell !== undefined) resolve(marks); }));
    const observer = new MutationObserver(() => {
      if (!('shellSeen' in marks) && document.querySelector('[role="tablist"]')) { marks.shellSeen = true; painted('shell'); }
      if (!('rowsSeen' in marks) && document.querySelector(${JSON.stringify(firstAlertCell)})) { marks.rowsSeen = true; observer.disconnect(); painted('rows'); }
    });
    observer.observe(document, { subtree: true, childList: true });
  });`;

type Marks = { rows: number; shell: number };
interface ColdFigures {
  rowsMs: number;
  shellMs: number;
  throttledRowsMs: number;
  throttledShellMs: number;
}

const marksOf = (marks: Marks[]) => ({ rowsMs: p95(marks.map((mark) => mark.rows)), shellMs: p95(marks.map((mark) => mark.shell)) });

async function coldWindow(count: number, reloads: number): Promise<ColdFigures> {
  const browser = await launchChromium();
  const app = await openApp(browser, { keyStore: new SessionKeyStore('bench') });
  try {
    fillAlertCache(app.services.db, 'bench-p4', count, Date.now());
    await app.page.addInitScript(firstPaintsProbe);
    const reloaded = async () => {
      await app.page.reload();
      return app.page.evaluate(() => (window as unknown as { __p4: Promise<Marks> }).__p4);
    };
    const marks: Marks[] = [];
    // The first reload warms SQLite's and Chromium's caches, as a window opened before has.
    for (let reload = 0; reload <= reloads; reload += 1) {
      const mark = await reloaded();
      if (reload > 0) marks.push(mark);
    }
    const slowerForNow = await throttleCpu(app.page, MODEST_MACHINE_SLOWDOWN);
    const throttled: Marks[] = [];
    for (let reload = 0; reload < reloads; reload += 1) throttled.push(await reloaded());
    await slowerForNow();
    const slow = marksOf(throttled);
    return { ...marksOf(marks), throttledRowsMs: slow.rowsMs, throttledShellMs: slow.shellMs };
  } finally {
    await app.close({ removeData: true });
    await browser.close();
  }
}

/**
 * The browser as openApp sees it, but each new context carries the first-paints probe from its
 * first navigation, and its page is slowed `rate` times from before it loads (when given).
 */
function probingBrowser(browser: Browser, rate?: number): Browser {
  const probing = (context: BrowserContext): BrowserContext =>
    new Proxy(context, {
      get(target, property) {
        // The slowdown ends with the context, whose protocol session goes with it.
        if (property === 'newPage' && rate !== undefined) return async () => { const page = await target.newPage(); await throttleCpu(page, rate); return page; };
        const value: unknown = Reflect.get(target, property);
        return typeof value === 'function' ? (value as (...values: unknown[]) => unknown).bind(target) : value;
      },
    });
  return new Proxy(browser, {
    get(target, property) {
      if (property === 'newContext') {
        return async (options?: Parameters<Browser['newContext']>[0]) => {
          const context = await target.newContext(options);
          await context.addInitScript(firstPaintsProbe);
          return probing(context);
        };
      }
      const value: unknown = Reflect.get(target, property);
      return typeof value === 'function' ? (value as (...values: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/**
 * True cold starts: the cache filled and the app closed, then `starts` times main's services opened
 * afresh on that data folder (a new SQLite connection) and the window loaded in a new browser
 * context (a new renderer process with empty HTTP and code caches), timed from its navigation.
 */
async function trueColdStarts(count: number, starts: number): Promise<ColdFigures> {
  const browser = await launchChromium();
  const filled = await openApp(browser, { keyStore: new SessionKeyStore('bench') });
  const { dataDir } = filled;
  try {
    try {
      fillAlertCache(filled.services.db, 'bench-p4', count, Date.now());
    } finally {
      await filled.close();
    }
    const startOnce = async (rate?: number) => {
      const app = await openApp(probingBrowser(browser, rate), { keyStore: new SessionKeyStore('bench'), dataDir });
      try {
        return await app.page.evaluate(() => (window as unknown as { __p4: Promise<Marks> }).__p4);
      } finally {
        await app.close();
      }
    };
    const marks: Marks[] = [];
    const throttled: Marks[] = [];
    // Interleaved, so that a slower moment of the machine falls on both.
    for (let start = 0; start < starts; start += 1) {
      marks.push(await startOnce());
      throttled.push(await startOnce(MODEST_MACHINE_SLOWDOWN));
    }
    const slow = marksOf(throttled);
    return { ...marksOf(marks), throttledRowsMs: slow.rowsMs, throttledShellMs: slow.shellMs };
  } finally {
    await browser.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

export const p4Window: Figure = {
  id: 'P4',
  async run({ quick }): Promise<FigureRow[]> {
    const { initial, all } = await windowScripts();
    const [initialKb, allKb] = await Promise.all([gzippedKb(initial), gzippedKb(all)]);
    const count = quick ? 5_000 : 100_000;
    const cold = await coldWindow(count, quick ? 2 : 10);
    const started = await trueColdStarts(count, quick ? 2 : 5);
    const cached = `${count / 1000}k cached`;
    const slower = `CPU ${MODEST_MACHINE_SLOWDOWN}× slower`;
    const throttledNote = 'Chromium\'s main thread slowed as Lighthouse\'s slow profile does (a modest laptop or a virtual desktop); main runs at full speed';
    const trueColdNote = 'main\'s services opened afresh on the data folder (a new SQLite connection), the window in a new browser context (new renderer, empty HTTP and code caches), from its navigation; the row above reloads a running window';
    return [
      row('P4 JavaScript loaded before the first paint, gzipped, vs all the window\'s JavaScript', 'KB', initialKb, allKb, { measuredBelow: 250 },
        `${initial.length} of ${all.length} scripts; the rest load when their view first opens, or earlier when the window is idle`),
      row(`P4 cold window (reload) to the alerts' first rows painted, ${cached}, vs to its tab strip painted`, 'ms', cold.rowsMs, cold.shellMs, { measuredBelow: 250 },
        'p95 of reloads after a first one; the ratio is shown, not judged'),
      row(`P4 true cold start to the alerts' first rows painted, ${cached}, vs to its tab strip painted`, 'ms', started.rowsMs, started.shellMs, { measuredBelow: 250 },
        `p95 of ${quick ? 2 : 5} starts; ${trueColdNote}; the ratio is shown, not judged`),
      row(`P4 cold window (reload) to the alerts' first rows painted, ${cached}, vs to its tab strip painted, ${slower}`, 'ms', cold.throttledRowsMs, cold.throttledShellMs, { measuredBelow: 1000 },
        `${throttledNote}; the ratio is shown, not judged`),
      row(`P4 true cold start to the alerts' first rows painted, ${cached}, vs to its tab strip painted, ${slower}`, 'ms', started.throttledRowsMs, started.throttledShellMs, { measuredBelow: 1000 },
        `${throttledNote}, from before the window loads; ${trueColdNote.split(';')[0]}; the ratio is shown, not judged`),
    ];
  },
};
