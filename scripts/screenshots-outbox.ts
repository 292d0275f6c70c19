// The outbox's states for npm run screenshots: the panel with a refused, a waiting and an offline
// write, and the LIVE confirmation a Retry on a live key asks for.
import type { Browser, Page } from 'playwright-core';
import type { TFunction } from 'i18next';
import type { Simulators } from '../test/sim/index.ts';
import { openApp } from '../test/support/app-harness.ts';
import { FakeClock } from '../test/support/fake-clock.ts';
import { fillOutbox } from '../test/support/outbox-scene.ts';

export async function captureOutbox(
  browser: Browser,
  sims: Simulators,
  { t, locale, suffix }: { t: TFunction; locale: string; suffix: string },
  capture: (page: Page, name: string) => Promise<void>,
) {
  const clock = new FakeClock();
  const app = await openApp(browser, { locale, clock });
  try {
    await fillOutbox(app.services, sims, clock);
    const { page } = app;
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await page.keyboard.press('Control+Shift+O');
      const outbox = page.getByRole('dialog', { name: t('outbox.heading') });
      await outbox.getByRole('article').nth(3).waitFor({ timeout: 15_000 });
      await capture(page, `outbox-${colorScheme}${suffix}`);
      // The oldest write comes first: the LIVE profile's refused ticket.
      await outbox.getByRole('button', { name: t('outbox.retry') }).first().click();
      await page.getByRole('dialog', { name: t('outbox.live.title') }).waitFor({ timeout: 15_000 });
      await capture(page, `outbox-live-confirmation-${colorScheme}${suffix}`);
      await page.keyboard.press('Escape');
      await page.keyboard.press('Escape');
      await outbox.waitFor({ state: 'detached' });
    }
  } finally {
    sims.support.faults.clear();
    await app.close({ removeData: true });
  }
}
