// Issue 28, items 7, 8 and 11 as an analyst meets them: every view writes a moment one way (the
// chosen language's, what the server sent on hover) and groups every number, in English and in
// 简体中文; a read-only appliance says so once; the alerts view says how far back its cache goes
// and fetches older alerts; a view that is not set up opens Settings at its own connections.
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { SUPPORT_SCOPES } from '../sim/index.ts';
import { setUpE2e } from '../support/e2e-setup.ts';
import { firewallProfile } from '../support/firewall-profile.ts';
import { supportProfile } from '../support/support-profile.ts';

const e2e = setUpE2e({ simulators: { alertCount: 1_500 } });

/** The machine is shared while the suite runs: answers may take a few seconds. */
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 20_000 });

/** Where `OPSDESK_E2E_SHOTS` asks for them, each state in light and dark, to be looked at. */
async function shots(page: Page, name: string): Promise<void> {
  const folder = process.env.OPSDESK_E2E_SHOTS;
  if (!folder) return;
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await page.screenshot({ path: path.join(folder, `words-${name}-${colorScheme}.png`) });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

interface Misprints {
  /** Visible text holding a number of four digits or more without the language's grouping. */
  ungrouped: string[];
  /** Visible text holding a timestamp as a server sends it. */
  iso: string[];
}

/**
 * What a region shows that is not in the one format. A moment is a <time> (its year is a year, and
 * what the server sent is on hover), or the moment a canvas chart's legend writes (no element can
 * hold it there); an id, a code or a server's own words (isolated in a <bdi>) are values to copy,
 * not numbers to group.
 */
function misprints(region: Locator): Promise<Misprints> {
  return region.evaluate((root) => {
    const verbatim = 'time, .u-legend .u-series:first-child .u-value, code, kbd, pre, bdi, input, textarea, select';
    const found: Misprints = { ungrouped: [], iso: [] };
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const element = node.parentElement;
      const text = node.textContent ?? '';
      if (!element || !element.checkVisibility() || !/\d/.test(text)) continue;
      if (/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(text) && !element.closest('input, textarea, code, pre')) found.iso.push(text.trim());
      if (!element.closest(verbatim) && /(?<![\p{L}\p{N}_.:/#-])\p{N}{4,}(?![\p{N}.:/-])/u.test(text)) found.ungrouped.push(text.trim());
    }
    return found;
  });
}

/** Waits until the region's text stays the same for a moment: what it reads has arrived. */
async function settled(region: Locator): Promise<void> {
  let before = '';
  await poll(async () => {
    const now = await region.innerText().catch(() => '');
    const same = now === before && now !== '';
    before = now;
    if (!same) await new Promise((resolve) => setTimeout(resolve, 400));
    return same;
  }).toBe(true);
}

/** Opens each section of a view's nav in turn and returns what each shows out of format. */
async function walkSections(panel: Locator, nav: string): Promise<Record<string, Misprints>> {
  const buttons = panel.getByRole('navigation', { name: nav }).getByRole('button');
  const found: Record<string, Misprints> = {};
  for (let index = 0; index < (await buttons.count()); index++) {
    const button = buttons.nth(index);
    const name = await button.innerText();
    await button.click();
    await settled(panel);
    const seen = await misprints(panel);
    if (seen.ungrouped.length > 0 || seen.iso.length > 0) found[name] = seen;
  }
  return found;
}

test('times and numbers one way in every view in English and 简体中文; a read-only appliance says so once; older alerts on request; Settings where a view sends it', { timeout: 240_000 }, async () => {
  const { sims, ca } = e2e;
  const app = await e2e.openApp({ backgroundSync: true });
  const { page, services } = app;
  await services.profiles.save(
    firewallProfile({ name: 'Branch firewall', baseUrl: sims.firewall.url, apiKey: sims.firewall.keys.readOnly, caPem: ca.certPem, requestsPerSecond: 200 }),
  );
  const supportKey = sims.support.addKey({ site: 'site-main', scopes: [...SUPPORT_SCOPES], ratePerMinute: 10_000 });
  await services.profiles.save(supportProfile({ name: 'Support lab', baseUrl: sims.support.url, apiKey: supportKey, caPem: ca.certPem, ratePerMinute: 10_000 }));
  await page.reload();

  // The alerts: the first sync stored the last 7 days, and the view says so; older alerts on request.
  const firewall = page.getByRole('tabpanel', { name: 'Firewall' });
  const reach = firewall.getByRole('status', { name: 'How far back the cached alerts go' });
  await poll(() => reach.innerText()).toMatch(/^Cached since \w{3} \d{1,2}, \d{4}, /);
  const since = reach.locator('time');
  expect(Date.parse((await since.getAttribute('title'))!)).toBeGreaterThan(Date.now() - 7 * 86_400_000 - 60_000);
  const count = firewall.getByRole('status', { name: 'Matching alerts' });
  await poll(() => count.innerText()).toMatch(/^\d{3} alerts$/);
  await reach.getByRole('button', { name: 'Fetch older alerts' }).click();
  await shots(page, 'alerts-fetch-older');
  await reach.getByRole('menuitem', { name: 'The last 90 days (all that is kept)' }).click();
  await poll(() => reach.innerText()).toMatch(/^Every alert the appliance lists is cached/);
  await poll(() => count.innerText()).toBe('1,500 alerts');
  if (process.env.OPSDESK_E2E_SHOTS) {
    await page.setViewportSize({ width: 1920, height: 1080 });
    await shots(page, 'alerts-whole-1920');
    await page.setViewportSize({ width: 1280, height: 800 });
  }

  // Read-only: the view says it once, above every section, and Policies does not say it again.
  const readOnly = "This key's role (read-only) may not do this";
  await poll(() => firewall.innerText()).toContain(readOnly);
  await firewall.getByRole('navigation', { name: 'Firewall sections' }).getByRole('button', { name: 'Policies' }).click();
  await firewall.getByRole('region', { name: 'Policies' }).waitFor();
  expect((await firewall.innerText()).split(readOnly)).toHaveLength(2);
  await shots(page, 'read-only-once');

  // The status chart's legend reads the latest readings, or those under the pointer.
  await firewall.getByRole('navigation', { name: 'Firewall sections' }).getByRole('button', { name: 'Status' }).click();
  const chart = firewall.locator('[data-samples]');
  await poll(async () => Number(await chart.getAttribute('data-samples'))).toBeGreaterThanOrEqual(2);
  const legend = () => chart.locator('.u-legend .u-value').allInnerTexts();
  await poll(legend).toEqual([expect.stringMatching(/\d:\d{2}:\d{2}/), expect.stringMatching(/^\d+(\.\d+)? %$/), expect.stringMatching(/^\d+(\.\d+)? %$/)]);
  const latest = (await legend())[0];
  const plot = await chart.locator('.u-over').boundingBox();
  await page.mouse.move(plot!.x + 2, plot!.y + plot!.height / 2);
  await poll(async () => (await legend())[0]).not.toBe(latest);
  expect((await legend())[1]).toMatch(/^\d+(\.\d+)? %$/);
  await shots(page, 'status-legend-pointer');
  await page.mouse.move(0, 0);
  await poll(async () => (await legend())[0]).not.toBe('');

  // Every section of every view: no ungrouped number, no timestamp as the server sent it.
  const walk = async (language: 'en' | 'zh-CN') => {
    const names = language === 'en' ? { firewall: 'Firewall', support: 'Support', firewallNav: 'Firewall sections', supportNav: 'Support sections' } : { firewall: '防火墙', support: '客服', firewallNav: '防火墙分区', supportNav: '客服分区' };
    await page.getByRole('tab', { name: names.firewall }).click();
    const fromFirewall = await walkSections(page.getByRole('tabpanel', { name: names.firewall }), names.firewallNav);
    await page.getByRole('tab', { name: names.support }).click();
    const fromSupport = await walkSections(page.getByRole('tabpanel', { name: names.support }), names.supportNav);
    expect({ language, ...fromFirewall, ...fromSupport }).toEqual({ language });
  };
  await walk('en');

  // The knowledge base's hits: how many to show in words, snippets that end on a whole word.
  const support = page.getByRole('tabpanel', { name: 'Support' });
  await support.getByRole('navigation', { name: 'Support sections' }).getByRole('button', { name: 'Knowledge base' }).click();
  const search = support.getByRole('region', { name: 'Search the knowledge base' });
  await search.getByLabel('Search for').fill('refund invoice');
  await search.getByRole('button', { name: 'Search' }).click();
  await poll(() => search.locator('.support-snippet').count()).toBeGreaterThan(0);
  expect(await search.getByLabel('Results to show').inputValue()).toBe('5');
  await shots(page, 'kb-results');

  // A view not set up opens Settings at its back end's connections, not at the top.
  await page.getByRole('tab', { name: 'Chat' }).click();
  await page.getByRole('tabpanel', { name: 'Chat' }).getByRole('button', { name: 'Open Settings' }).click();
  const settings = page.getByRole('tabpanel', { name: 'Settings' });
  const gateway = settings.getByRole('region', { name: 'Model gateway' });
  await poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Model gateway');
  expect(await gateway.evaluate((section) => section.getBoundingClientRect().top)).toBeLessThan(200);
  await shots(page, 'settings-at-gateway');
  // The firewall form's call-rate limit reads as a limit: requests, within how many seconds.
  await settings.getByRole('region', { name: 'Firewall appliance' }).getByRole('button', { name: 'Add connection' }).click();
  const form = page.getByRole('dialog', { name: 'Add firewall appliance connection' });
  expect(await form.getByLabel('Within how many seconds').count()).toBe(1);
  await shots(page, 'firewall-form');
  await form.getByRole('button', { name: 'Cancel' }).click();

  await settings.getByLabel('Display language').selectOption('zh-CN');
  await page.getByRole('tab', { name: '防火墙' }).click();
  const firewallInChinese = page.getByRole('tabpanel', { name: '防火墙' });
  await firewallInChinese.getByRole('navigation', { name: '防火墙分区' }).getByRole('button', { name: '告警' }).click();
  await poll(() => firewallInChinese.getByRole('status', { name: '匹配的告警' }).innerText()).toBe('1,500 条告警');
  await shots(page, 'alerts-zh');
  await walk('zh-CN');
});
