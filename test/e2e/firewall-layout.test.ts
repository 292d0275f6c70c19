// What the firewall view looks like to an analyst at 1280×800, in Chromium against the simulator:
// the block list's rows (Created on one line, the row's actions on hover and focus and always in
// its menu, a waiting block's trouble in its state, every expiry in one wording), forms whose
// fields keep their width in 简体中文, an undo toast that stays in the tab it was made in, and the
// alert selection bar on one line in both languages.
import type { Locator } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { FirewallSim } from '../sim/index.ts';
import { createTranslator } from '../../src-shared/i18n/translator.ts';
import { setUpE2e } from '../support/e2e-setup.ts';
import { shotsAtSizes } from '../support/e2e-shots.ts';
import { firewallProfile } from '../support/firewall-profile.ts';

const e2e = setUpE2e();
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 30_000 });
const WINDOW = { width: 1280, height: 800 };
const HOUR = 3_600;

/** A firewall with alerts and a few blocks of known lengths, open in the app in `locale`. */
async function openFirewall(locale: 'en-US' | 'zh-CN') {
  const firewall = await e2e.serve(new FirewallSim({ seed: 11, alertCount: 0, caPem: e2e.ca.certPem }));
  firewall.addAlerts(30);
  const app = await e2e.openApp({ locale, viewport: WINDOW, backgroundSync: true });
  const profile = await app.services.profiles.save(
    firewallProfile({ name: 'Branch firewall', baseUrl: firewall.url, apiKey: firewall.keys.demo, caPem: e2e.ca.certPem, requestsPerSecond: 100 }),
  );
  for (const [ip, hours] of [['198.51.100.22', 22], ['198.51.100.23', 23], ['198.51.100.36', 36]] as const) {
    await app.services.firewall.blocks.block(profile.id, ip, hours * HOUR, 'Port scan from a known scanner range, reported twice by the night shift');
  }
  await app.page.reload();
  const { t } = createTranslator(locale === 'zh-CN' ? 'zh-CN' : 'en');
  const panel = app.page.getByRole('tabpanel', { name: t('views.firewall.title') });
  const section = async (name: string) => {
    await panel.getByRole('navigation', { name: t('firewall.sections.nav') }).getByRole('button', { name, exact: true }).click();
    return panel.getByRole('region', { name });
  };
  return { firewall, app, page: app.page, profile, panel, section, t };
}

/** The cell of `row` under the column headed `heading`. */
async function cellUnder(table: Locator, row: Locator, heading: string): Promise<Locator> {
  const headings = await table.getByRole('columnheader').allInnerTexts();
  const index = headings.findIndex((text) => text.trim() === heading);
  expect(index, `a column headed ${heading} among ${headings.join(', ')}`).toBeGreaterThan(-1);
  return row.getByRole('cell').nth(index);
}

/** How many lines an element's text takes on screen. */
const linesOf = (element: Locator) =>
  element.evaluate((node) => {
    const range = document.createRange();
    range.selectNodeContents(node);
    return new Set([...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top))).size;
  });

describe('the block list', () => {
  test('Created on one line, the row actions on hover and focus and always in its menu, a waiting block’s trouble in its state, one wording for expiries', async () => {
    const { firewall, page, section, profile, app } = await openFirewall('en-US');
    const blocklist = await section('Block list');
    const table = blocklist.getByRole('table', { name: 'Block list' });
    const row = table.getByRole('row', { name: 'Block 198.51.100.23' });
    await row.waitFor();

    // Created: the time, on one line; the whole moment on hover.
    const created = await cellUnder(table, row, 'Created');
    expect(await linesOf(created)).toBe(1);
    const full = await created.locator('time').getAttribute('title');
    expect(full!.length).toBeGreaterThan((await created.innerText()).length);

    // Every expiry in one wording: hours beside hours, never "tomorrow".
    const remaining = await Promise.all(['198.51.100.22', '198.51.100.23', '198.51.100.36'].map(async (ip) => (await cellUnder(table, table.getByRole('row', { name: `Block ${ip}` }), 'State')).innerText()));
    expect(remaining).toEqual(['in 22 hours', 'in 23 hours', 'in 36 hours']);

    // The row's actions stand out of sight until the pointer is on the row or the focus in it.
    const open = row.getByRole('button', { name: 'Open block 198.51.100.23' });
    const unblock = row.getByRole('button', { name: 'Unblock 198.51.100.23' });
    expect(await open.isVisible()).toBe(false);
    expect(await unblock.isVisible()).toBe(false);
    await row.hover();
    await poll(() => unblock.isVisible()).toBe(true);
    await blocklist.getByRole('searchbox', { name: 'Search the block list' }).hover();
    await poll(() => unblock.isVisible()).toBe(false);
    // The focus tabbed into the row shows them too, and they take it in turn.
    await row.getByRole('checkbox').focus();
    await poll(() => unblock.isVisible()).toBe(true);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Open block 198.51.100.23');
    await shotsAtSizes(page, 'firewall-layout-blocklist-focus', WINDOW);

    // The row's menu, by keyboard: Shift+F10 in the row, arrows, Enter.
    await page.keyboard.press('Shift+F10');
    const menu = page.getByRole('menu', { name: 'Block 198.51.100.23' });
    await poll(() => menu.getByRole('menuitem').allInnerTexts()).toEqual(['Open', 'Extend…', 'Unblock…']);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    const release = page.getByRole('dialog', { name: 'Unblock 198.51.100.23?' });
    await release.waitFor();
    await release.getByRole('button', { name: 'Cancel' }).click();
    // And by its "…" button, which stands on every row.
    await blocklist.getByRole('searchbox', { name: 'Search the block list' }).hover();
    const more = table.getByRole('row', { name: 'Block 198.51.100.36' }).getByRole('button', { name: 'Actions for 198.51.100.36' });
    expect(await more.isVisible()).toBe(true);
    await more.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menu', { name: 'Block 198.51.100.36' }).getByRole('menuitem', { name: 'Extend…' }).click();
    await page.getByRole('dialog', { name: 'Extend the block of 198.51.100.36?' }).waitFor();
    await page.keyboard.press('Escape');
    // And by a right click on the row; Escape closes it and gives the focus to the row's "…".
    await table.getByRole('row', { name: 'Block 198.51.100.22' }).getByRole('cell').nth(3).click({ button: 'right' });
    const rightClicked = page.getByRole('menu', { name: 'Block 198.51.100.22' });
    await poll(() => rightClicked.getByRole('menuitem').allInnerTexts()).toEqual(['Open', 'Extend…', 'Unblock…']);
    await page.keyboard.press('Escape');
    await poll(() => rightClicked.count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Actions for 198.51.100.22');

    // A block the appliance has not taken: where its write stands, in the state column; the address alone in its cell.
    firewall.faults.add({ method: 'POST', path: '/blocklist', kind: 'status', status: 503, retryAfterSeconds: 3600 });
    await app.services.firewall.blocks.block(profile.id, '203.0.113.90', 2 * HOUR, 'Brute force').catch(() => undefined);
    const waiting = table.getByRole('row', { name: 'Block 203.0.113.90' });
    await poll(async () => (await cellUnder(table, waiting, 'State')).innerText()).toMatch(/^2h once sent\s+Block\s+Queued: /);
    expect((await (await cellUnder(table, waiting, 'IP')).innerText()).trim()).toBe('203.0.113.90');
    await shotsAtSizes(page, 'firewall-layout-blocklist', WINDOW);
  });
});

/** Each field of a form: at least `minimum` px wide, its label on one line. */
async function expectRoomyFields(form: Locator, minimum: number) {
  const fields = await form.locator('.field').evaluateAll((nodes) =>
    nodes.map((node) => {
      const label = node.querySelector('.field-label');
      const range = document.createRange();
      if (label) range.selectNodeContents(label);
      return {
        label: label?.textContent ?? '',
        width: Math.round(node.getBoundingClientRect().width),
        labelLines: label ? new Set([...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top))).size : 1,
      };
    }),
  );
  expect(fields.length).toBeGreaterThan(0);
  expect(fields.filter((field) => field.width < minimum || field.labelLines !== 1)).toEqual([]);
}

describe('forms in 简体中文', () => {
  test('the bulk-block, block, extend and admin dialogs keep each field wide, its label on one line', async () => {
    const { page, panel, section, t } = await openFirewall('zh-CN');
    await section(t('firewall.sections.alerts'));
    const boxes = panel.getByRole('grid', { name: t('firewall.alerts.table') }).getByRole('checkbox', { name: /^选择告警 / });
    await boxes.nth(0).click();
    await boxes.nth(1).click();
    await panel.getByRole('toolbar', { name: t('firewall.selection.bar') }).getByRole('button', { name: t('firewall.selection.block') }).click();
    const bulk = page.getByRole('dialog', { name: t('firewall.bulk.title') });
    await bulk.getByRole('form').waitFor();
    await expectRoomyFields(bulk, 200);
    await shotsAtSizes(page, 'firewall-layout-bulk-block-zh-CN', WINDOW);
    await page.keyboard.press('Escape');

    const blocklist = await section(t('firewall.blocklist.title'));
    await blocklist.getByRole('button', { name: t('firewall.blocklist.add') }).click();
    const block = page.getByRole('dialog', { name: t('firewall.block.titleEmpty') });
    await expectRoomyFields(block, 200);
    await shotsAtSizes(page, 'firewall-layout-block-zh-CN', WINDOW);
    await page.keyboard.press('Escape');

    const row = blocklist.getByRole('row', { name: t('firewall.blocklist.row', { ip: '198.51.100.23' }) });
    await row.hover();
    await row.getByRole('button', { name: t('firewall.blocklist.extendNamed', { ip: '198.51.100.23' }) }).click();
    const extend = page.getByRole('dialog', { name: t('firewall.block.extendTitle', { ip: '198.51.100.23' }) });
    await expectRoomyFields(extend, 200);
    await shotsAtSizes(page, 'firewall-layout-extend-zh-CN', WINDOW);
    await page.keyboard.press('Escape');
    await blocklist.getByRole('searchbox').hover();
    await shotsAtSizes(page, 'firewall-layout-blocklist-zh-CN', WINDOW);

    const policies = await section(t('firewallAdmin.sections.policies'));
    await policies.getByRole('row').nth(1).waitFor();
    await policies.getByRole('button', { name: t('firewallAdmin.policies.add'), exact: true }).click();
    const policy = page.getByRole('dialog', { name: t('firewallAdmin.policies.addTitle') });
    await expectRoomyFields(policy, 200);
    await shotsAtSizes(page, 'firewall-layout-new-policy-zh-CN', WINDOW);
  });
});

describe('the undo toast', () => {
  test('stays in the firewall tab its block was made in: not in another tab, back with its tab while it can still undo', async () => {
    const { page, section } = await openFirewall('en-US');
    const blocklist = await section('Block list');
    await blocklist.getByRole('button', { name: 'Add block' }).click();
    const form = page.getByRole('dialog', { name: 'Block an address' });
    await form.getByRole('textbox', { name: 'Address' }).fill('192.0.2.77');
    await form.getByRole('button', { name: 'Block', exact: true }).click();
    const toast = page.getByRole('status', { name: 'Done, with undo' });
    await poll(() => toast.innerText()).toContain('Blocked 192.0.2.77');

    await page.getByRole('tab', { name: 'Support' }).click();
    await page.getByRole('tabpanel', { name: 'Support' }).waitFor();
    expect(await toast.count()).toBe(0);
    await page.getByRole('tab', { name: 'Firewall' }).click();
    await poll(() => toast.count()).toBe(1);
    expect(await toast.getByRole('button', { name: 'Undo' }).isVisible()).toBe(true);
  });
});

describe('the alert selection bar', () => {
  for (const locale of ['en-US', 'zh-CN'] as const) {
    test(`fits on one line at 1280 px in ${locale}`, async () => {
      const { page, panel, section, t } = await openFirewall(locale);
      await section(t('firewall.sections.alerts'));
      const boxes = panel.getByRole('grid', { name: t('firewall.alerts.table') }).getByRole('checkbox', { name: new RegExp(`^${t('firewall.selection.check', { id: '' }).trim()}`) });
      await boxes.nth(0).click();
      await boxes.nth(1).click();
      const bar = panel.getByRole('toolbar', { name: t('firewall.selection.bar') });
      await bar.getByRole('button', { name: t('firewall.selection.allMatching', { count: 30 }) }).waitFor();
      const { height, tallest, right } = await bar.evaluate((node) => ({
        height: node.getBoundingClientRect().height,
        tallest: Math.max(...[...node.children].map((child) => child.getBoundingClientRect().height)),
        right: node.getBoundingClientRect().right,
      }));
      expect(height).toBeLessThanOrEqual(tallest + 8);
      expect(right).toBeLessThanOrEqual(WINDOW.width);
      await shotsAtSizes(page, `firewall-layout-selection-${locale}`, WINDOW);
      await bar.getByRole('button', { name: t('firewall.selection.block') }).click();
      await page.getByRole('dialog', { name: t('firewall.bulk.title') }).getByRole('form').waitFor();
      await shotsAtSizes(page, `firewall-layout-bulk-block-${locale}`, WINDOW);
    });
  }
});
