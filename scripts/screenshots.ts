/**
 * Renders every view in Debian's Chromium with the real handler map behind it and writes one PNG
 * per view (light and dark) into screenshots/. Run after `npm run build`.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { launchChromium } from '../test/support/chromium.ts';
import { openApp } from '../test/support/app-harness.ts';
import { viewCatalog } from '../src-renderer/workspace/view-catalog.ts';

const outDir = path.resolve(import.meta.dirname, '../screenshots');
await mkdir(outDir, { recursive: true });
const browser = await launchChromium();
try {
  for (const colorScheme of ['light', 'dark'] as const) {
    const app = await openApp(browser);
    await app.page.emulateMedia({ colorScheme });
    for (const view of viewCatalog) {
      await app.page.keyboard.press('Control+t');
      await app.page.keyboard.type(view.title);
      await app.page.keyboard.press('Enter');
      await app.page.getByRole('tabpanel', { name: view.title }).last().waitFor();
      await app.page.waitForTimeout(300);
      const file = path.join(outDir, `${view.kind}-${colorScheme}.png`);
      await app.page.screenshot({ path: file });
      console.log(`wrote ${path.relative(process.cwd(), file)}`);
    }
    await app.close({ removeData: true });
  }
} finally {
  await browser.close();
}
