// Settings as VS Code's: a list of its sections that moves to one, and a search over the settings'
// labels in the language shown, in Chromium.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { setUpE2e } from '../support/e2e-setup.ts';
import { shotsAtSizes } from '../support/e2e-shots.ts';

const e2e = setUpE2e();

async function openSettings(page: Page, title = 'Settings'): Promise<Locator> {
  await page.keyboard.press('Control+t');
  await page.keyboard.type(title);
  await page.keyboard.press('Enter');
  const settings = page.getByRole('tabpanel', { name: title });
  await settings.getByRole('heading', { name: 'About OpsDesk' }).or(settings.getByRole('heading', { name: '关于 OpsDesk' })).waitFor();
  return settings;
}

/** The headings of the sections left in sight. */
const visibleHeadings = (settings: Locator) => settings.locator('[data-settings-section] h2:visible').allInnerTexts();

describe('Settings: its section list and its search', () => {
  test('the section list moves to a section and gives its heading the focus', async () => {
    const { page } = await e2e.openApp();
    const settings = await openSettings(page);
    const nav = settings.getByRole('navigation', { name: 'Settings sections' });
    expect(await nav.getByRole('button').allInnerTexts()).toEqual([
      'Model gateway', 'Customer support', 'Firewall appliance', 'Model at work', 'Canned replies', 'Language', 'Notifications', 'Activity log', 'Data on this computer', 'About OpsDesk',
    ]);
    await shotsAtSizes(page, 'settings-sections', { width: 1280, height: 800 });
    const about = settings.getByRole('heading', { name: 'About OpsDesk' });
    const panel = await settings.boundingBox();
    expect((await about.boundingBox())!.y).toBeGreaterThan(panel!.y + panel!.height);

    await nav.getByRole('button', { name: 'About OpsDesk' }).click();
    await expect.poll(() => about.evaluate((element) => element === document.activeElement)).toBe(true);
    await expect.poll(async () => (await about.boundingBox())!.y).toBeLessThan(panel!.y + panel!.height);
  });

  test('the search keeps the settings whose label holds the words, in English and 简体中文, and says when none does', async () => {
    const { page } = await e2e.openApp();
    const settings = await openSettings(page);
    const search = settings.getByRole('searchbox', { name: 'Search settings' });
    await search.fill('display LANGUAGE');
    await expect.poll(() => visibleHeadings(settings)).toEqual(['Language']);
    expect(await settings.getByRole('navigation', { name: 'Settings sections' }).getByRole('button').allInnerTexts()).toEqual(['Language']);
    await search.fill('retention of nothing');
    await expect.poll(() => settings.getByRole('status').filter({ hasText: 'No setting matches “retention of nothing”.' }).count()).toBe(1);
    expect(await visibleHeadings(settings)).toEqual([]);
    await search.fill('');
    await expect.poll(async () => (await visibleHeadings(settings)).length).toBe(10);

    await settings.getByLabel('Display language').selectOption('zh-CN');
    const chinese = page.getByRole('tabpanel', { name: '设置' });
    const searchZh = chinese.getByRole('searchbox', { name: '搜索设置' });
    await searchZh.fill('显示语言');
    await expect.poll(() => visibleHeadings(chinese)).toEqual(['语言']);
    await shotsAtSizes(page, 'settings-search-zh', { width: 1280, height: 800 });
    await searchZh.fill('Display language');
    await expect.poll(() => chinese.getByRole('status').filter({ hasText: '没有与“Display language”匹配的设置。' }).count()).toBe(1);
  });
});
