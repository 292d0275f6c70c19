import path from 'node:path';
import type { Page } from 'playwright-core';

/** Where `OPSDESK_E2E_SHOTS` names a folder, what each state of an e2e test looked like, to be looked at. */
export async function shot(page: Page, name: string): Promise<void> {
  const folder = process.env.OPSDESK_E2E_SHOTS;
  if (folder) await page.screenshot({ path: path.join(folder, `${name}.png`) });
}

/** The window sizes every new panel is looked at in. */
export const SHOT_SIZES = [
  { width: 1280, height: 800 },
  { width: 1920, height: 1080 },
] as const;

/**
 * Where `OPSDESK_E2E_SHOTS` names a folder, one state at each of SHOT_SIZES in light and dark
 * (`<name>-1280x800-dark.png`…); the page goes back to `viewport` and light afterwards.
 */
export async function shotsAtSizes(page: Page, name: string, viewport: { width: number; height: number }): Promise<void> {
  const folder = process.env.OPSDESK_E2E_SHOTS;
  if (!folder) return;
  for (const size of SHOT_SIZES) {
    await page.setViewportSize(size);
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      // Virtual lists lay their rows out for the new size in the next frame.
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      await page.screenshot({ path: path.join(folder, `${name}-${size.width}x${size.height}-${colorScheme}.png`) });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize(viewport);
}
