// The Support view's desk sections and key states for npm run screenshots: knowledge base search
// and a taken FAQ id, Q&A with its sources and summary, webhooks with the secret shown once and the
// receiver, analytics charts, chat logs by session; then a key lacking scopes, a closed API
// channel, a key for another site, a refused address and a LIVE key's confirmation.
import type { TFunction } from 'i18next';
import type { Browser, Locator, Page } from 'playwright-core';
import { SUPPORT_SCOPES } from '../test/sim/index.ts';
import type { Simulators, SupportKeyOptions } from '../test/sim/index.ts';
import { openApp } from '../test/support/app-harness.ts';
import { supportProfile } from '../test/support/support-profile.ts';

interface Pass {
  t: TFunction;
  locale: string;
  suffix: string;
}

type Capture = (page: Page, name: string) => Promise<void>;

/** A fresh app with one support profile holding `apiKey` for `site`, its Support tab showing. */
async function supportApp(browser: Browser, sims: Simulators, { t, locale }: Pass, apiKey: string, site = 'site-main') {
  const app = await openApp(browser, { locale });
  await app.services.profiles.save(supportProfile({ name: 'Support desk', baseUrl: sims.support.url, apiKey, caPem: sims.ca.certPem, site, ratePerMinute: 10_000 }));
  await app.page.reload();
  await app.page.getByRole('tab', { name: t('views.support.title') }).click();
  const view = app.page.getByRole('tabpanel', { name: t('views.support.title') });
  await view.getByRole('navigation', { name: t('supportDesk.sections.nav') }).waitFor({ timeout: 15_000 });
  return { app, view };
}

const newKey = (sims: Simulators, options: Partial<SupportKeyOptions> = {}) =>
  sims.support.addKey({ site: 'site-main', scopes: [...SUPPORT_SCOPES], ratePerMinute: 10_000, ...options });

async function openSection(view: Locator, t: TFunction, key: string): Promise<Locator> {
  const name = t(`supportDesk.sections.${key}`);
  await view.getByRole('navigation', { name: t('supportDesk.sections.nav') }).getByRole('button', { name, exact: true }).click();
  const section = view.getByRole('region', { name, exact: true });
  await section.waitFor({ timeout: 15_000 });
  return section;
}

export async function captureSupportDesk(browser: Browser, sims: Simulators, pass: Pass, capture: Capture): Promise<void> {
  const { t, suffix } = pass;
  {
    const { app, view } = await supportApp(browser, sims, pass, newKey(sims));
    const { page } = app;
    await view.getByRole('region', { name: t('supportDesk.access.region') }).getByText(t('supportDesk.access.testBadge'), { exact: true }).waitFor({ timeout: 15_000 });

    const kb = await openSection(view, t, 'kb');
    const search = kb.getByRole('region', { name: t('supportDesk.kb.searchRegion') });
    await search.getByLabel(t('supportDesk.kb.query')).fill('refund invoice password');
    await search.getByRole('button', { name: t('supportDesk.kb.search') }).click();
    await search.getByRole('status', { name: t('supportDesk.kb.resultsLabel') }).locator('li').first().waitFor({ timeout: 15_000 });
    await kb.getByRole('region', { name: t('supportDesk.kb.faqRegion') }).locator('li').first().waitFor({ timeout: 15_000 });
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await capture(page, `support-kb-${colorScheme}${suffix}`);
    }
    await page.emulateMedia({ colorScheme: 'light' });
    await kb.getByRole('button', { name: t('supportDesk.kb.add') }).click();
    const form = page.getByRole('dialog', { name: t('supportDesk.kb.addTitle') });
    await form.getByLabel(t('supportDesk.kb.faqId')).fill('faq-site-main-001');
    await form.getByLabel(t('supportDesk.kb.question'), { exact: true }).fill('How do I reset my password?');
    await form.getByLabel(t('supportDesk.kb.answer'), { exact: true }).fill('Settings → Security → Reset password.');
    await form.getByRole('button', { name: t('supportDesk.kb.addSubmit'), exact: true }).click();
    await form.getByRole('alert').waitFor({ timeout: 15_000 });
    await capture(page, `support-kb-faq-id-taken-light${suffix}`);
    await form.getByRole('button', { name: t('supportDesk.common.cancel') }).click();

    const qa = await openSection(view, t, 'qa');
    await qa.getByLabel(t('supportDesk.qa.question'), { exact: true }).fill('How do I get a refund for my invoice?');
    await qa.getByRole('button', { name: t('supportDesk.qa.ask'), exact: true }).click();
    await qa.getByText(t('supportDesk.qa.sources'), { exact: true }).first().waitFor({ timeout: 15_000 });
    await qa.getByLabel(t('supportDesk.qa.followUp')).fill('And how long does it take?');
    await qa.getByRole('button', { name: t('supportDesk.qa.continue') }).click();
    await qa.getByRole('listitem').filter({ hasText: t('supportDesk.qa.sources') }).nth(1).waitFor({ timeout: 15_000 });
    await qa.getByRole('button', { name: t('supportDesk.qa.showSummary') }).click();
    await qa.getByRole('region', { name: t('supportDesk.qa.summaryRegion') }).locator('dl').waitFor({ timeout: 15_000 });

    const webhooks = await openSection(view, t, 'webhooks');
    const register = webhooks.getByRole('region', { name: t('supportDesk.webhooks.registerRegion') });
    await register.getByLabel(t('supportDesk.webhooks.url'), { exact: true }).fill('https://hooks.example/support');
    await register.getByRole('button', { name: t('supportDesk.webhooks.register'), exact: true }).click();
    await register.getByRole('alert').waitFor({ timeout: 15_000 });
    await webhooks.getByRole('region', { name: t('supportDesk.webhooks.listRegion') }).getByRole('row').nth(1).waitFor({ timeout: 15_000 });

    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await openSection(view, t, 'qa');
      await capture(page, `support-qa-${colorScheme}${suffix}`);
      await openSection(view, t, 'webhooks');
      await capture(page, `support-webhooks-${colorScheme}${suffix}`);
      const analytics = await openSection(view, t, 'analytics');
      await analytics.locator('.recharts-bar-rectangle').first().waitFor({ timeout: 15_000 });
      await capture(page, `support-analytics-${colorScheme}${suffix}`);
      const logs = await openSection(view, t, 'chatLogs');
      await logs.locator('.support-log-line').first().waitFor({ timeout: 15_000 });
      await capture(page, `support-chat-logs-${colorScheme}${suffix}`);
    }
    await app.close({ removeData: true });
  }

  // A key lacking scopes: disabled actions name the scope; sections it cannot read say so.
  {
    const { app, view } = await supportApp(browser, sims, pass, newKey(sims, { type: 'agent', scopes: ['chat', 'kb.read', 'ticket.read', 'crm.read'] }));
    const kb = await openSection(view, t, 'kb');
    await kb.getByText(t('supportDesk.access.needsScope', { scope: 'kb.write' })).waitFor({ timeout: 15_000 });
    await capture(app.page, `support-scope-disabled-kb-light${suffix}`);
    const analytics = await openSection(view, t, 'analytics');
    await analytics.getByRole('note').waitFor({ timeout: 15_000 });
    await capture(app.page, `support-scope-disabled-analytics-light${suffix}`);
    await app.close({ removeData: true });
  }

  // The site refuses the key: a closed channel, another site's key, an address outside the allowlist.
  for (const [state, apiKey, site] of [
    ['channel-disabled', sims.support.keys.closed, 'site-closed'],
    ['wrong-site', sims.support.keys.eu, 'site-main'],
    ['forbidden-ip', sims.support.keys.ipRestricted, 'site-main'],
  ] as const) {
    const { app, view } = await supportApp(browser, sims, pass, apiKey, site);
    await view.getByText(t('supportDesk.access.blockedTitle', { site })).waitFor({ timeout: 15_000 });
    await capture(app.page, `support-${state}-light${suffix}`);
    await app.close({ removeData: true });
  }

  // A LIVE key: a write asks first.
  {
    const { app, view } = await supportApp(browser, sims, pass, newKey(sims, { env: 'live' }));
    const kb = await openSection(view, t, 'kb');
    await kb.getByRole('button', { name: t('supportDesk.kb.add') }).click();
    const form = app.page.getByRole('dialog', { name: t('supportDesk.kb.addTitle') });
    await form.getByLabel(t('supportDesk.kb.question'), { exact: true }).fill('Is the desk open on Sundays?');
    await form.getByLabel(t('supportDesk.kb.answer'), { exact: true }).fill('Yes, from 9 to 17.');
    await form.getByRole('button', { name: t('supportDesk.kb.addSubmit'), exact: true }).click();
    await app.page.getByRole('dialog', { name: t('outbox.live.title') }).waitFor({ timeout: 15_000 });
    for (const colorScheme of ['light', 'dark'] as const) {
      await app.page.emulateMedia({ colorScheme });
      await capture(app.page, `support-live-confirmation-${colorScheme}${suffix}`);
    }
    await app.close({ removeData: true });
  }
}
