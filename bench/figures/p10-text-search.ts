// P10, the alerts' text search as the analyst types, over a million cached alerts: from the input
// to the matching rows painted (the typing pause the view waits for not counted), fully indexed
// and again with the newest alerts not yet in the full-text index (a backfill still being
// indexed), against the bare FTS5 query for the same first page. The cache is built by SQL.
import type { Page } from 'playwright-core';
import type { Db } from '../../src-main/core/db/database.ts';
import { searchPauseMs } from '../../src-shared/firewall-constants.ts';
import { SessionKeyStore } from '../../src-main/core/secrets/session-key-store.ts';
import { fillAlertCache } from '../../test/support/alert-cache-fill.ts';
import { openApp } from '../../test/support/app-harness.ts';
import { launchChromium } from '../../test/support/chromium.ts';
import type { Browser } from 'playwright-core';
import { p95, timeFirstRows } from '../chromium-timing.ts';
import { row } from '../figure.ts';
import type { Figure, FigureRow } from '../figure.ts';
import { cachePageSize } from '../../src-renderer/ui/paged-cache.ts';

const profileId = 'bench-p10';
const firstAlertCell = '[role="grid"][aria-label="Alerts"] .vt-body [role="gridcell"]:not(.vt-pending):not(.vt-check)';
/** Words of the cache's signatures (a third of the rows each) and prefixes of them, each search replacing the last. */
const searches = ['beacon', 'login', 'prob', 'beac', 'probe', 'logi'];

/**
 * One search typed into the box (its whole text at once, as a paste or the last key of a word
 * does), timed in the page from the input to rows that all hold the word, painted.
 */
async function timeSearch(page: Page, word: string): Promise<number> {
  return page.evaluate((text) => {
    const panel = document.querySelector('[role="tabpanel"]:not([hidden])')!;
    const body = panel.querySelector('[role="grid"][aria-label="Alerts"] .vt-body')!;
    const box = panel.querySelector<HTMLInputElement>('input[type="search"].fw-search')!;
    const settled = () => {
      const rows = [...body.querySelectorAll<HTMLElement>('[role="row"]')];
      // textContent, not innerText: innerText lays the page out on every check, work the app itself never asks for.
      return rows.length > 0 && !body.querySelector('.vt-pending') && rows.every((line) => line.textContent!.toLowerCase().includes(text));
    };
    return new Promise<number>((resolve, reject) => {
      const timeout = setTimeout(() => reject(new Error(`the search for ${text} did not settle`)), 30_000);
      let started = 0;
      const observer = new MutationObserver(() => {
        if (!settled()) return;
        observer.disconnect();
        clearTimeout(timeout);
        requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - started)));
      });
      observer.observe(body, { subtree: true, childList: true, characterData: true });
      // React reads an input's value through the native setter, then its input event.
      const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
      started = performance.now();
      setValue.call(box, text);
      box.dispatchEvent(new Event('input', { bubbles: true }));
    });
  }, word);
}

/** The view's first page for a word straight from FTS5 (which holds an alert under its search key) and the profile's time index, prepared once: the floor of the answer. */
function bareSearch(db: Db): (word: string) => unknown {
  const statement = db.prepare(
    `SELECT a.id, a.severity, a.occurred_ms, a.category, a.action, a.src_ip, a.src_port, a.dst_ip, a.dst_port, a.protocol, a.signature, a.message, a.device_id
     FROM firewall_alerts a WHERE a.profile_key = (SELECT key FROM firewall_profile_keys WHERE profile_id = ?)
       AND a.search_key IN (SELECT rowid FROM firewall_alerts_fts WHERE firewall_alerts_fts MATCH ?)
     ORDER BY a.occurred_ms DESC, a.rowid DESC LIMIT ${cachePageSize}`,
  );
  return (word) => statement.all(profileId, `"${word}"*`);
}

/** Takes the newest `rows` alerts out of the full-text index, as a backfill leaves them until the worker catches up. */
function unindexNewest(db: Db, rows: number): void {
  db.transaction(() => {
    const last = db.prepare('SELECT MAX(rowid) FROM firewall_alerts').pluck().get() as number;
    db.prepare(
      `INSERT INTO firewall_alerts_fts (firewall_alerts_fts, rowid, signature, message, category, src_ip, dst_ip)
       SELECT 'delete', search_key, signature, message, category, src_ip, dst_ip FROM firewall_alerts WHERE rowid > ?`,
    ).run(last - rows);
    db.prepare('UPDATE firewall_alerts_fts_progress SET indexed_through = ?').run(last - rows);
  })();
}

async function measure(browser: Browser, count: number, unindexed: number, rounds: number): Promise<{ endToEndP95: number; bareP95: number }> {
  const app = await openApp(browser, { keyStore: new SessionKeyStore('bench') });
  try {
    fillAlertCache(app.services.db, profileId, count, Date.now());
    if (unindexed > 0) unindexNewest(app.services.db, unindexed);
    await app.page.reload();
    await app.page.getByRole('tab', { name: 'Support' }).click();
    await timeFirstRows(app.page, 'Firewall', firstAlertCell);
    const endToEnd: number[] = [];
    for (let round = 0; round < rounds; round += 1) {
      for (const word of searches) endToEnd.push((await timeSearch(app.page, word)) - searchPauseMs);
    }
    const bare: number[] = [];
    const search = bareSearch(app.services.db);
    for (let round = 0; round < rounds * 3; round += 1) {
      for (const word of searches) {
        const started = performance.now();
        search(word);
        bare.push(performance.now() - started);
      }
    }
    // The first round warms SQLite's cache and the statements; the figure is a search in a running app.
    return { endToEndP95: p95(endToEnd.slice(searches.length)), bareP95: p95(bare.slice(searches.length)) };
  } finally {
    await app.close({ removeData: true });
  }
}

/** P10 at the size (1M cached alerts, the newest 100k not yet indexed in the second row), or a small version for `--quick`. */
export const p10TextSearch: Figure = {
  id: 'P10',
  async run({ quick }): Promise<FigureRow[]> {
    const [count, unindexed, rounds] = quick ? [20_000, 2_000, 2] : [1_000_000, 100_000, 6];
    const label = count >= 1_000_000 ? `${count / 1_000_000}M` : `${count / 1000}k`;
    const browser = await launchChromium();
    try {
      const indexed = await measure(browser, count, 0, rounds);
      const catchingUp = await measure(browser, count, unindexed, rounds);
      const pause = `the ${searchPauseMs} ms typing pause not counted; bare: the first page by FTS5 and the table, one prepared statement`;
      return [
        row(`P10 word/prefix search p95 end to end (input to rows painted), ${label} indexed, vs bare FTS5`, 'ms', indexed.endToEndP95, indexed.bareP95, { measuredBelow: 50, ratioAtMost: 3 }, pause),
        row(`P10 word/prefix search p95 end to end, ${label} with the newest ${unindexed / 1000}k not yet indexed, vs bare FTS5`, 'ms', catchingUp.endToEndP95, catchingUp.bareP95, { measuredBelow: 50, ratioAtMost: 3 }, pause),
      ];
    } finally {
      await browser.close();
    }
  },
};
