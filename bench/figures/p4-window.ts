// P4, a window that opens fast (issue 28): the JavaScript the window loads before its first paint
// (the built index.html's entry script and the chunks it preloads, gzipped), against all the
// renderer's JavaScript; and a cold window over 100,000 cached alerts (a reload, as the app's own
// window opening is) timed from navigation to the alerts' first rows in the DOM and painted,
// against the same reload to the window's first paint of its tab strip.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { SessionKeyStore } from '../../src-main/core/secrets/session-key-store.ts';
import { fillAlertCache } from '../../test/support/alert-cache-fill.ts';
import { openApp } from '../../test/support/app-harness.ts';
import { launchChromium } from '../../test/support/chromium.ts';
import { p95 } from '../chromium-timing.ts';
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

async function coldWindow(count: number, reloads: number): Promise<{ rowsMs: number; shellMs: number }> {
  const browser = await launchChromium();
  const app = await openApp(browser, { keyStore: new SessionKeyStore('bench') });
  try {
    fillAlertCache(app.services.db, 'bench-p4', count, Date.now());
    await app.page.addInitScript(firstPaintsProbe);
    const rows: number[] = [];
    const shell: number[] = [];
    // The first reload warms SQLite's and Chromium's caches, as a window opened before has.
    for (let reload = 0; reload <= reloads; reload += 1) {
      await app.page.reload();
      const marks = await app.page.evaluate(() => (window as unknown as { __p4: Promise<{ rows: number; shell: number }> }).__p4);
      if (reload === 0) continue;
      rows.push(marks.rows);
      shell.push(marks.shell);
    }
    return { rowsMs: p95(rows), shellMs: p95(shell) };
  } finally {
    await app.close({ removeData: true });
    await browser.close();
  }
}

export const p4Window: Figure = {
  id: 'P4',
  async run({ quick }): Promise<FigureRow[]> {
    const { initial, all } = await windowScripts();
    const [initialKb, allKb] = await Promise.all([gzippedKb(initial), gzippedKb(all)]);
    const count = quick ? 5_000 : 100_000;
    const cold = await coldWindow(count, quick ? 2 : 10);
    return [
      row('P4 JavaScript loaded before the first paint, gzipped, vs all the window\'s JavaScript', 'KB', initialKb, allKb, { measuredBelow: 250 },
        `${initial.length} of ${all.length} scripts; the rest load when their view first opens, or earlier when the window is idle`),
      row(`P4 cold window (reload) to the alerts' first rows painted, ${count / 1000}k cached, vs to its tab strip painted`, 'ms', cold.rowsMs, cold.shellMs, { measuredBelow: 250 },
        'p95 of reloads after a first one; the ratio is shown, not judged'),
    ];
  },
};
