// What the Chromium figures time with: a p95, the first rows a new tab paints, and the longest window task.
import type { Page } from 'playwright-core';

export const p95 = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)]!;
};

/**
 * Opens a new tab of `view` through the picker and returns ms from Enter to the first element
 * matching `firstRow` (a row with its data, in the visible tab panel) in the DOM and painted.
 */
export async function timeFirstRows(page: Page, view: string, firstRow: string): Promise<number> {
  await page.keyboard.press('Control+t');
  await page.keyboard.type(view);
  await page.evaluate((selector) => {
    const w = window as unknown as { __firstRows: Promise<number> };
    w.__firstRows = new Promise((resolve) => {
      let started = 0;
      window.addEventListener('keydown', (event) => {
        if (event.key === 'Enter') started = performance.now();
      }, { capture: true, once: true });
      const observer = new MutationObserver(() => {
        if (!started || !document.querySelector(`[role="tabpanel"]:not([hidden]) ${selector}`)) return;
        observer.disconnect();
        requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - started)));
      });
      observer.observe(document.body, { subtree: true, childList: true });
    });
  }, firstRow);
  await page.keyboard.press('Enter');
  return page.evaluate(() => (window as unknown as { __firstRows: Promise<number> }).__firstRows);
}

/** Starts noting the longest main-thread task (`longtask`: those over 50 ms) from now on. */
export const watchLongTasks = (page: Page) =>
  page.evaluate(() => {
    const holder = window as unknown as { __longest: number; __longTasks?: PerformanceObserver };
    holder.__longTasks?.disconnect();
    holder.__longest = 0;
    holder.__longTasks = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) holder.__longest = Math.max(holder.__longest, entry.duration);
    });
    holder.__longTasks.observe({ type: 'longtask', buffered: false });
  });
export const longestTask = (page: Page) => page.evaluate(() => (window as unknown as { __longest: number }).__longest);

/** Lighthouse's slow profile: Chromium's main thread slowed `rate` times, as on a modest laptop or a virtual desktop. */
export const MODEST_MACHINE_SLOWDOWN = 4;

/**
 * Slows the page's CPU `rate` times through the DevTools protocol, until the returned function is
 * called (the slowdown belongs to the protocol session, which a detach would end).
 */
export async function throttleCpu(page: Page, rate: number): Promise<() => Promise<void>> {
  const session = await page.context().newCDPSession(page);
  await session.send('Emulation.setCPUThrottlingRate', { rate });
  return async () => {
    await session.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await session.detach();
  };
}
