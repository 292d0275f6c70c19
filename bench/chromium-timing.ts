// What the Chromium figures (P3, P6) time with: a p95, and the first rows a new tab paints.
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
