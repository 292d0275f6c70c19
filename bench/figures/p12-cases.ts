// P12, cases in Chromium (issue 46). "New case from the selection" with 500 alerts checked: from the
// click on "Create the case" to the new case's tab showing its timeline's first rows, painted,
// against main's own work for it (the same case made and its first timeline page read, in main).
// A case of 10,000 timeline events (its alerts'): opened from the Cases list to its first rows
// painted, and a text filter typed into its timeline to the matching rows painted, each against
// main's answer to the call the view makes; the longest window task while the timeline is scrolled
// end to end, and again with Chromium's CPU slowed as on a modest machine. The caches are built by
// SQL for appliances that are never reached: cases work from the cache, as they do offline.
import { serialize } from 'node:v8';
import type { Page } from 'playwright-core';
import { cases as casesContract } from '../../src-shared/contract/cases.ts';
import { SessionKeyStore } from '../../src-main/core/secrets/session-key-store.ts';
import { cachePageSize } from '../../src-renderer/ui/paged-cache.ts';
import { fillAlertCache } from '../../test/support/alert-cache-fill.ts';
import { openApp } from '../../test/support/app-harness.ts';
import { launchChromium } from '../../test/support/chromium.ts';
import { longestTask, MODEST_MACHINE_SLOWDOWN, p95, throttleCpu, timeFirstRows, watchLongTasks } from '../chromium-timing.ts';
import { row, type Figure, type FigureRow } from '../figure.ts';

const selectedProfile = 'bench-p12-selection';
const largeProfile = 'bench-p12-large';
/** A timeline row with its data (a row still being read holds a placeholder instead), in the tab shown. */
const shownEventCell = '.case-event .case-event-time';
/** An alert row with its data, not a placeholder. */
const firstAlertCell = '[role="grid"][aria-label="Alerts"] .vt-body [role="gridcell"]:not(.vt-pending):not(.vt-check)';

/**
 * Starts timing in the page: from the next click, on an element within `target` (heard in the
 * capture phase, before the app's own handler), to the frame that paints a visible timeline row, a row that was
 * not on screen before the click.
 */
async function armTimelinePaint(page: Page, target: string): Promise<void> {
  await page.evaluate(
    ({ target, cell }) => {
      const holder = window as unknown as { __painted: Promise<number> };
      const before = new Set([...document.querySelectorAll(cell)].filter((element) => element.checkVisibility()));
      holder.__painted = new Promise((resolve, reject) => {
        const timeout = setTimeout(() => reject(new Error(`no timeline row after a click on ${target}`)), 20_000);
        let started = 0;
        window.addEventListener('click', (event) => {
          if ((event.target as Element).closest(target)) started = performance.now();
        }, { capture: true, once: true });
        const observer = new MutationObserver(() => {
          if (!started || ![...document.querySelectorAll(cell)].some((element) => !before.has(element) && element.checkVisibility())) return;
          observer.disconnect();
          clearTimeout(timeout);
          requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - started)));
        });
        observer.observe(document.body, { subtree: true, childList: true });
      });
    },
    { target, cell: shownEventCell },
  );
}
const timelinePainted = (page: Page) => page.evaluate(() => (window as unknown as { __painted: Promise<number> }).__painted);

/** Text typed into the shown case's timeline filter (as one input event), timed to the frame that paints rows which all hold it, or with none, rows not all holding `before`. */
async function timeTimelineFilter(page: Page, text: string, before: string): Promise<number> {
  return page.evaluate(
    ({ text, before }) => {
      const view = [...document.querySelectorAll('.case-timeline')].find((element) => element.checkVisibility())!;
      const input = view.querySelector<HTMLInputElement>('input[type="search"]')!;
      const rows = () => [...view.querySelectorAll('.case-event')].map((element) => (element.textContent ?? '').toLowerCase());
      const settled = () => {
        const shown = rows();
        if (shown.length === 0 || view.querySelector('.cases-pending')) return false;
        return text === '' ? shown.some((line) => !line.includes(before)) : shown.every((line) => line.includes(text));
      };
      return new Promise<number>((resolve, reject) => {
        const timeout = setTimeout(() => reject(new Error(`the timeline did not settle on "${text}"`)), 10_000);
        let started = 0;
        const observer = new MutationObserver(() => {
          if (!settled()) return;
          observer.disconnect();
          clearTimeout(timeout);
          requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - started)));
        });
        observer.observe(view, { subtree: true, childList: true, characterData: true });
        started = performance.now();
        // React's controlled input hears the value through the native setter and an input event, as from typing.
        Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, text);
        input.dispatchEvent(new Event('input', { bubbles: true }));
      });
    },
    { text, before },
  );
}

/** Scrolls the shown timeline from top to bottom a screenful a frame, waits for its last rows, and returns the longest window task meanwhile. */
async function longestTaskScrolling(page: Page): Promise<number> {
  await watchLongTasks(page);
  await page.evaluate(async () => {
    const rows = [...document.querySelectorAll<HTMLElement>('.case-timeline-rows')].find((element) => element.checkVisibility())!;
    rows.scrollTop = 0;
    while (rows.scrollTop + rows.clientHeight < rows.scrollHeight - 1) {
      rows.scrollTop += rows.clientHeight;
      await new Promise((resolve) => requestAnimationFrame(resolve));
    }
    const deadline = performance.now() + 10_000;
    while (rows.querySelector('.cases-pending') && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  });
  return longestTask(page);
}

interface Figures {
  createdMs: number;
  createdMainMs: number;
  openMs: number;
  firstOpenMs: number;
  openMainMs: number;
  filterP95: number;
  filterMainP95: number;
  scrollLongestMs: number;
  throttledScrollLongestMs: number;
}

async function measure(selected: number, events: number, rounds: number): Promise<Figures> {
  const browser = await launchChromium();
  const app = await openApp(browser, { keyStore: new SessionKeyStore('bench') });
  try {
    const { services, page } = app;
    fillAlertCache(services.db, selectedProfile, selected, Date.now());
    fillAlertCache(services.db, largeProfile, events, Date.now());
    const large = services.cases.create(casesContract.calls.create.request.parse({ title: `${events} alerts of one incident`, alerts: { profileId: largeProfile, filter: {} } }));
    await page.reload();
    await page.getByRole('tab', { name: 'Chat' }).click();

    // "New case from the selection": the appliance's 500 alerts checked, the dialog's button clicked.
    await page.getByRole('tab', { name: 'Firewall' }).click();
    const firewall = page.locator('[role="tabpanel"]:not([hidden])');
    await firewall.locator(firstAlertCell).first().waitFor();
    await firewall.locator('.view-header select').selectOption(selectedProfile);
    const firewallTab = page.locator(`[id="${await page.locator('[role="tab"][aria-selected="true"]').getAttribute('id')}"]`);
    await firewall.getByRole('status', { name: 'Matching alerts' }).filter({ hasText: selected.toLocaleString('en') }).waitFor();
    const created: number[] = [];
    for (let round = 0; round < rounds; round += 1) {
      await firewallTab.click();
      await firewall.getByRole('checkbox', { name: 'Select the alerts shown' }).check();
      const bar = firewall.getByRole('toolbar', { name: 'Selected alerts' });
      const everyMatching = bar.getByRole('button', { name: /^Select all .* matching the filter$/ });
      if (await everyMatching.isVisible()) await everyMatching.click();
      await bar.getByRole('button', { name: 'New case from the selection…' }).click();
      const dialog = page.getByRole('dialog', { name: `New case from ${selected.toLocaleString('en')} alerts` });
      await armTimelinePaint(page, 'dialog button, [role="dialog"] button');
      await dialog.getByRole('button', { name: 'Create the case' }).click();
      created.push(await timelinePainted(page));
      await page.keyboard.press('Control+w');
    }
    const createdMain: number[] = [];
    for (let round = 0; round < rounds; round += 1) {
      const started = performance.now();
      const made = services.cases.create(casesContract.calls.create.request.parse({ title: 'Main alone', alerts: { profileId: selectedProfile, filter: {} } }));
      serialize(made);
      serialize(services.cases.timeline(made.id, {}, 'newest', 0, cachePageSize));
      createdMain.push(performance.now() - started);
    }

    // The large case, opened from the Cases list and closed again.
    await timeFirstRows(page, 'Cases', '.cases-title');
    const opens: number[] = [];
    for (let round = 0; round < rounds + 1; round += 1) {
      await armTimelinePaint(page, '.cases-title');
      await page.locator('[role="tabpanel"]:not([hidden]) .cases-title', { hasText: large.title }).click();
      opens.push(await timelinePainted(page));
      if (round < rounds) await page.keyboard.press('Control+w');
    }
    const openMain: number[] = [];
    for (let round = 0; round < rounds * 5; round += 1) {
      const started = performance.now();
      serialize(services.cases.get(large.id));
      serialize(services.cases.timeline(large.id, {}, 'newest', 0, cachePageSize));
      openMain.push(performance.now() - started);
    }

    const words = ['beacon', 'probe', 'login'];
    const filters: number[] = [];
    for (let round = 0; round < rounds; round += 1) {
      for (const word of words) {
        filters.push(await timeTimelineFilter(page, word, ''));
        filters.push(await timeTimelineFilter(page, '', word));
      }
    }
    const filterMain: number[] = [];
    for (let round = 0; round < rounds * 5; round += 1) {
      for (const text of [...words, '']) {
        const started = performance.now();
        serialize(services.cases.timeline(large.id, text ? { text } : {}, 'newest', 0, cachePageSize));
        filterMain.push(performance.now() - started);
      }
    }

    const scrollLongestMs = await longestTaskScrolling(page);
    const slowerForNow = await throttleCpu(page, MODEST_MACHINE_SLOWDOWN);
    const throttledScrollLongestMs = await longestTaskScrolling(page);
    await slowerForNow();

    return {
      // The first of each warms Chromium's and SQLite's caches; the figures are a running app's.
      createdMs: p95(created.slice(1)),
      createdMainMs: p95(createdMain.slice(1)),
      firstOpenMs: opens[0]!,
      openMs: p95(opens.slice(1)),
      openMainMs: p95(openMain.slice(1)),
      filterP95: p95(filters.slice(words.length * 2)),
      filterMainP95: p95(filterMain.slice(words.length + 1)),
      scrollLongestMs,
      throttledScrollLongestMs,
    };
  } finally {
    await app.close({ removeData: true });
    await browser.close();
  }
}

/** P12 at the sizes (500 alerts selected, a case of 10,000 events), or a small case for `--quick`. */
export const p12Cases: Figure = {
  id: 'P12',
  async run({ quick }): Promise<FigureRow[]> {
    const [selected, events, rounds] = quick ? [500, 2_000, 2] : [500, 10_000, 6];
    const figures = await measure(selected, events, rounds);
    const size = events.toLocaleString('en');
    const slower = `CPU ${MODEST_MACHINE_SLOWDOWN}× slower`;
    return [
      row(`P12 new case from ${selected} selected alerts: click to its timeline painted in its tab`, 'ms', figures.createdMs, figures.createdMainMs, { measuredBelow: 1000 },
        "baseline: main alone making the same case and reading its first timeline page"),
      row(`P12 case of ${size} timeline events opened from the list to its first rows painted`, 'ms', figures.openMs, figures.openMainMs, { measuredBelow: 150 },
        "baseline: main's answer to the case and its first timeline page; the open after the app's first is the row below"),
      row(`P12 case of ${size} timeline events, first open since the app started`, 'ms', figures.firstOpenMs, figures.openMainMs, { measuredBelow: 150 }, 'main reads the timeline from the cache on this open'),
      row(`P12 timeline text filter p95 end to end (input to rows painted), ${size} events`, 'ms', figures.filterP95, figures.filterMainP95, { measuredBelow: 30 },
        "baseline: main's answer to the same filter's first page"),
      row(`P12 longest window task scrolling a timeline of ${size} events end to end`, 'ms', figures.scrollLongestMs, null, { measuredBelow: 50 }, 'longtask entries (over 50 ms); 0 when none'),
      row(`P12 longest window task scrolling a timeline of ${size} events end to end, ${slower}`, 'ms', figures.throttledScrollLongestMs, null, { measuredBelow: 100 },
        "Chromium's main thread slowed as Lighthouse's slow profile does; main runs at full speed"),
    ];
  },
};
