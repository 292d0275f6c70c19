// The alerts screen as an analyst reads it at a laptop's 1280×800: a screenful of alerts under a
// thin strip of chrome, the connection said quietly, the filters on one row, Signature with room,
// and every category and action in words in the table, the detail, the filters and the palette.
import type { Locator } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { FirewallSim } from '../sim/index.ts';
import type { AppUnderTest } from '../support/app-harness.ts';
import { setUpE2e } from '../support/e2e-setup.ts';
import { shot } from '../support/e2e-shots.ts';
import { firewallProfile } from '../support/firewall-profile.ts';

const e2e = setUpE2e({ scratchPrefix: 'opsdesk-alerts-screen-' });

const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 20_000 });

/** A category and an action no catalog names: shown as the appliance sent them. */
const UNKNOWN_CATEGORY = 'zero_day_probe';
const UNKNOWN_ACTION = 'sinkholed';

async function start(locale: 'en-US' | 'zh-CN'): Promise<{ app: AppUnderTest; firewall: FirewallSim }> {
  const firewall = await e2e.serve(new FirewallSim({ seed: 7, alertCount: 0, caPem: e2e.ca.certPem }));
  firewall.addAlerts(300);
  firewall.addAlerts(1, { category: UNKNOWN_CATEGORY as never, action: UNKNOWN_ACTION as never, signature: 'Probe of an unlisted kind' });
  firewall.addAlerts(1, { category: 'port_scan', action: 'detected', signature: 'Sweep of the branch office' });
  const app = await e2e.openApp({ backgroundSync: true, locale });
  await app.services.profiles.save(
    firewallProfile({ name: 'Branch firewall', baseUrl: firewall.url, apiKey: firewall.keys.operations, caPem: e2e.ca.certPem, requestsPerSecond: 200 }),
  );
  await app.page.reload();
  return { app, firewall };
}

/** The rows wholly inside the table's scrolling body: what the analyst reads without scrolling. */
const wholeRows = (grid: Locator) =>
  grid.locator('.vt-body').evaluate((body) => {
    const box = body.getBoundingClientRect();
    return [...body.querySelectorAll('[role="row"]')].filter((row) => {
      const rect = row.getBoundingClientRect();
      return rect.top >= box.top - 0.5 && rect.bottom <= box.bottom + 0.5;
    }).length;
  });

/** The words in one column of the rows drawn, by the column's title. */
async function column(grid: Locator, title: string): Promise<string[]> {
  const titles = (await grid.getByRole('columnheader').allInnerTexts()).map((text) => text.replace(/[▲▼]/g, '').trim());
  const index = titles.indexOf(title);
  expect(index, `a ${title} column`).toBeGreaterThanOrEqual(0);
  return grid.locator('.vt-body [role="row"]').evaluateAll((rows, at) => rows.map((row) => (row.querySelectorAll('[role="gridcell"]')[at] as HTMLElement).innerText.trim()), index);
}

const top = (locator: Locator) => locator.boundingBox().then((box) => Math.round(box!.y));

const searchFor = (panel: Locator, text: string) => panel.getByRole('search').getByRole('searchbox').fill(text);

describe('the alerts screen at 1280×800', () => {
  test('twenty rows under at most 150 px of chrome: the connection and sync one quiet line, the filters one row, Export and Block sources in the toolbar', async () => {
    const { app } = await start('en-US');
    const { page } = app;
    const panel = page.getByRole('tabpanel', { name: 'Firewall' });
    await poll(() => panel.getByRole('status', { name: 'Matching alerts' }).innerText()).toBe('302 alerts');
    const grid = panel.getByRole('grid', { name: 'Alerts' });
    await poll(() => grid.locator('.vt-body [role="row"]:not(:has(.vt-pending))').count()).toBeGreaterThan(20);

    expect(await wholeRows(grid), 'alert rows in view').toBeGreaterThanOrEqual(20);
    const panelTop = (await panel.boundingBox())!.y;
    const tableTop = (await grid.boundingBox())!.y;
    expect(tableTop - panelTop, 'chrome above the table (px)').toBeLessThanOrEqual(150);

    // Connected is a dot and a word in the header, not a box; the sync state is on the same line, details on demand.
    const header = panel.locator('.view-header');
    const connection = header.getByRole('region', { name: 'Connection' });
    await poll(() => connection.innerText()).toMatch(/^Connected/);
    expect(await connection.evaluate((element) => element.classList.contains('card'))).toBe(false);
    const sync = header.getByRole('status', { name: 'Sync' });
    await poll(() => sync.innerText()).toMatch(/Alerts last synced/);
    expect((await header.boundingBox())!.height, 'the header is one line').toBeLessThanOrEqual(36);
    await connection.getByText('Details').click();
    await poll(() => connection.innerText()).toMatch(/Version \S+/);

    // One row of filters; the addresses are behind More filters, which counts what it holds.
    const filters = panel.getByRole('search', { name: 'Filter alerts' });
    const controlTops = await filters.locator(':scope > :is(input, select, span, div)').evaluateAll((elements) => elements.map((element) => Math.round(element.getBoundingClientRect().top)));
    expect(Math.max(...controlTops) - Math.min(...controlTops), `the filters' tops ${controlTops.join(', ')}`).toBeLessThanOrEqual(6);
    expect(await panel.getByRole('textbox', { name: 'Source IP' }).count()).toBe(0);
    await filters.getByRole('button', { name: 'More filters' }).click();
    const source = (await column(grid, 'Source'))[0]!;
    await page.getByRole('dialog', { name: 'More filters' }).getByRole('textbox', { name: 'Source IP' }).fill(source);
    await page.keyboard.press('Escape');
    await poll(() => filters.getByRole('button', { name: /^More filters/ }).innerText()).toBe('More filters (1) ▾');
    await poll(async () => new Set(await column(grid, 'Source'))).toEqual(new Set([source]));
    await panel.getByRole('button', { name: 'Clear filters' }).click();
    await poll(() => filters.getByRole('button', { name: /^More filters/ }).innerText()).toBe('More filters ▾');

    // The table's toolbar: the count, Export and Block sources on one line.
    const count = panel.getByRole('status', { name: 'Matching alerts' });
    const [countTop, exportTop, blockTop] = await Promise.all([top(count), top(panel.getByRole('button', { name: 'Export CSV' })), top(panel.getByRole('button', { name: /^Block sources/ }))]);
    expect(Math.abs(exportTop - countTop)).toBeLessThanOrEqual(8);
    expect(Math.abs(blockTop - countTop)).toBeLessThanOrEqual(8);
    await shot(page, 'alerts-screen-1280');
  });

  // Last year's alerts keep their year: `format.test.ts` (a first sync fetches only the last days).
  test('Signature has the room, Time leaves out this year, Source fits an IPv4 address; with the detail open Signature stays readable', async () => {
    const { app } = await start('en-US');
    const { page } = app;
    const panel = page.getByRole('tabpanel', { name: 'Firewall' });
    const grid = panel.getByRole('grid', { name: 'Alerts' });
    await poll(() => panel.getByRole('status', { name: 'Matching alerts' }).innerText()).toBe('302 alerts');
    const width = (title: string) => grid.getByRole('columnheader', { name: title }).boundingBox().then((box) => box!.width);
    const gridWidth = (await grid.boundingBox())!.width;
    await poll(() => width('Signature')).toBeGreaterThanOrEqual(gridWidth * 0.25);
    expect(await width('Signature'), 'Signature is the widest column').toBeGreaterThan(Math.max(await width('Time'), await width('Source'), await width('Destination'), await width('Category')));
    const sourceCell = grid.locator('.vt-body [role="row"] .vt-address bdi').first();
    await poll(() => sourceCell.innerText()).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
    expect(await sourceCell.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);

    const year = String(new Date().getFullYear());
    const times = await column(grid, 'Time');
    expect(times.length).toBeGreaterThan(10);
    expect(times.filter((time) => time.includes(year))).toEqual([]);
    expect(times.filter((time) => !/^[A-Z][a-z]{2} \d{1,2}(, \d{4})?, \d{1,2}:\d{2}:\d{2}\s[AP]M$/.test(time))).toEqual([]);

    await grid.getByRole('rowgroup').focus();
    await page.keyboard.press('Home');
    await page.keyboard.press('Enter');
    await panel.getByRole('complementary').first().waitFor();
    await poll(() => width('Signature')).toBeGreaterThanOrEqual(200);
    expect(await grid.locator('.vt-body [role="row"] [role="gridcell"]:last-child').first().evaluate((cell) => cell.scrollWidth <= cell.clientWidth + 1), 'the first signature is whole').toBe(true);
  });

  test('categories and actions in words in the table, the detail, the filters and the palette, in English and 简体中文; an unknown code as it came', async () => {
    for (const [locale, words] of [
      ['en-US', { portScan: 'Port scan', detected: 'Detected', blocked: 'Blocked', panel: 'Firewall', grid: 'Alerts', category: 'Category', action: 'Action', allCategories: 'All categories' }],
      ['zh-CN', { portScan: '端口扫描', detected: '已检测', blocked: '已拦截', panel: '防火墙', grid: '告警', category: '类别', action: '动作', allCategories: '全部类别' }],
    ] as const) {
      const { app } = await start(locale);
      const { page } = app;
      const panel = page.getByRole('tabpanel', { name: words.panel });
      const grid = panel.getByRole('grid', { name: words.grid });
      await poll(() => grid.locator('.vt-body [role="row"]:not(:has(.vt-pending))').count()).toBeGreaterThan(20);
      const categories = await column(grid, words.category);
      const actions = await column(grid, words.action);
      expect(categories.filter((text) => /_/.test(text) && text !== UNKNOWN_CATEGORY), `${locale}: category codes left`).toEqual([]);
      expect(new Set(actions.filter((text) => text !== UNKNOWN_ACTION))).toEqual(new Set([words.detected, words.blocked]));

      // The unknown code is the newest but one: shown as sent, in the table and the detail.
      await searchFor(panel, 'Probe of an unlisted kind');
      await poll(() => column(grid, words.category)).toEqual([UNKNOWN_CATEGORY]);
      expect(await column(grid, words.action)).toEqual([UNKNOWN_ACTION]);
      await searchFor(panel, 'Sweep of the branch office');
      await poll(() => column(grid, words.category)).toEqual([words.portScan]);
      await grid.getByRole('rowgroup').focus();
      await page.keyboard.press('Home');
      await page.keyboard.press('Enter');
      const detail = panel.getByRole('complementary').first();
      await poll(() => detail.innerText()).toContain(words.portScan);
      expect(await detail.innerText()).not.toContain('port_scan');
      await page.keyboard.press('Escape');
      await searchFor(panel, '');

      // The filter names each category; the value it filters by is still the appliance's code.
      const select = panel.getByRole('search').getByRole('combobox', { name: words.category });
      const options = await select.locator('option').allInnerTexts();
      expect(options).toContain(words.portScan);
      expect(options).toContain(UNKNOWN_CATEGORY);
      expect(options.filter((text) => /_/.test(text) && text !== UNKNOWN_CATEGORY)).toEqual([]);
      await select.selectOption({ label: words.portScan });
      await poll(async () => new Set(await column(grid, words.category))).toEqual(new Set([words.portScan]));
      await select.selectOption({ label: words.allCategories });

      // The palette names the severity and category of an alert it finds.
      await page.keyboard.press('Control+k');
      const palette = page.getByRole('dialog', { name: locale === 'en-US' ? 'Command palette' : '命令面板' });
      await palette.getByRole('combobox').fill('Sweep of the branch office');
      const found = palette.getByRole('option').filter({ hasText: 'Sweep of the branch office' }).first();
      await poll(() => found.innerText()).toContain(words.portScan);
      expect(await found.innerText()).not.toContain('port_scan');
      await page.keyboard.press('Escape');
      await app.close({ removeData: true });
    }
  });
});
