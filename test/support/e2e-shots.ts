import path from 'node:path';
import type { Page } from 'playwright-core';

/** Where `OPSDESK_E2E_SHOTS` names a folder, what each state of an e2e test looked like, to be looked at. */
export async function shot(page: Page, name: string): Promise<void> {
  const folder = process.env.OPSDESK_E2E_SHOTS;
  if (folder) await page.screenshot({ path: path.join(folder, `${name}.png`) });
}
