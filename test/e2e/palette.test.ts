import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import type { Db } from '../../src-main/core/db/database.ts';
import { TicketRepository } from '../../src-main/core/support/tickets/ticket-repository.ts';
import { readTicket } from '../../src-main/core/support/tickets/ticket-wire.ts';
import { fieldsOf } from '../../src-main/core/wire/read.ts';
import { fillAlertCache } from '../support/alert-cache-fill.ts';
import { setUpE2e } from '../support/e2e-setup.ts';
import { shot } from '../support/e2e-shots.ts';
import { insertProfileRow } from '../support/profile-row.ts';
import { visibleText } from '../../src-shared/visible-text.ts';

const e2e = setUpE2e();

const HOSTILE = '<img src=x onerror="document.title=\'owned\'"> office {{constructor}} \u202Eevil';

/** A cache as sync would have left it: an appliance's alerts, a support site's tickets. */
function fillCache(db: Db): string {
  fillAlertCache(db, 'fw', 500, Date.now());
  insertProfileRow(db, 'desk', 'support', 'Main desk');
  const tickets = [
    { id: 'T-1001', status: 'open', subject: 'Our office is blocked', visitor: { name: 'Ada Lovelace' }, messages: [{ id: 'm1', text: 'our office IP 203.0.113.220 is blocked' }] },
    { id: 'T-1002', status: 'open', subject: 'Refund for order 7', messages: [{ id: 'm2', text: 'the office printer is broken too' }] },
    { id: 'T-1003', status: 'open', subject: HOSTILE },
  ];
  new TicketRepository(db).store('desk', tickets.map((ticket) => readTicket(fieldsOf(ticket)!)!), { news: false, syncedAt: new Date().toISOString() });
  return db.prepare("SELECT src_ip FROM firewall_alerts WHERE id = 'alt_00000042'").pluck().get() as string;
}

const palette = (page: Page) => page.getByRole('dialog', { name: /Command palette|命令面板/ });
const paletteInput = (page: Page) => palette(page).getByRole('combobox');
const selectedOption = (page: Page) => palette(page).getByRole('option', { selected: true });
const tabTitles = (page: Page) => page.getByRole('tab').allInnerTexts();
const activeTab = (page: Page) => page.getByRole('tab', { selected: true }).innerText();

/** Types into the palette and waits until the list shows main's answer to that text. */
async function search(page: Page, text: string): Promise<void> {
  await paletteInput(page).fill(text);
  await palette(page).locator(`[data-answer-for="${text.replaceAll('"', '\\"')}"]`).waitFor();
}

async function start() {
  const app = await e2e.openApp();
  const address = fillCache(app.services.db);
  await app.page.reload();
  await expect.poll(() => tabTitles(app.page)).toEqual(['Firewall', 'Support', 'Chat']);
  return { ...app, address };
}

describe('command palette', () => {
  test('Ctrl+K from a text field searches the cache; arrows and Enter open a ticket in its tab; Escape gives the focus back', async () => {
    const { page } = await start();
    const alertSearch = page.getByRole('searchbox', { name: 'Search alerts' });
    await alertSearch.fill('probe');
    await alertSearch.focus();
    await page.keyboard.press('Control+k');
    await expect.poll(() => paletteInput(page).evaluate((input) => input === document.activeElement)).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => palette(page).count()).toBe(0);
    await expect.poll(() => alertSearch.evaluate((input) => input === document.activeElement), { message: 'the focus is back in the field it left' }).toBe(true);
    expect(await alertSearch.inputValue()).toBe('probe');

    await page.keyboard.press('Control+k');
    await search(page, 'office');
    const tickets = palette(page).getByRole('group', { name: 'Tickets' });
    expect(await palette(page).innerText()).toMatch(/TICKETS\s*3/i);
    const ours = tickets.getByRole('option', { name: /Our office is blocked/ });
    expect(await tickets.getByRole('option').allInnerTexts()).toHaveLength(3);
    expect(await tickets.getByRole('option', { name: /Refund for order 7/ }).innerText(), 'a match in a message shows the words around it').toContain('the office printer is broken too');
    expect(await tickets.getByRole('option', { name: /onerror/ }).innerText()).toContain(visibleText(HOSTILE));
    expect(await ours.locator('mark').allInnerTexts(), 'the matched word is marked').toEqual(['office', 'office']);
    expect(await ours.innerText(), 'each hit names its connection').toContain('Main desk');
    expect(await palette(page).locator('img').count(), 'a hostile subject is text, not markup').toBe(0);
    await shot(page, 'palette-search-light');

    // Down through the matching commands to the first ticket.
    while (!(await selectedOption(page).innerText()).includes('Our office is blocked')) await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    expect(await selectedOption(page).innerText()).toContain('Refund for order 7');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Enter');
    await expect.poll(() => palette(page).count()).toBe(0);
    await expect.poll(() => activeTab(page)).toContain('Our office is blocked');

    await page.keyboard.press('Control+k');
    await search(page, 'ticket: refund');
    expect(await selectedOption(page).innerText(), 'a prefix leaves the commands out').toContain('Refund for order 7');
    await page.keyboard.press('Alt+Enter');
    await expect.poll(() => tabTitles(page)).toEqual(['Firewall', 'Support', 'Chat', expect.stringContaining('Our office is blocked'), expect.stringContaining('Refund for order 7')]);
    expect(await activeTab(page), 'Alt+Enter opens it behind the current tab').toContain('Our office is blocked');
    expect(await palette(page).count(), 'the palette stays for the next one').toBe(1);
    await page.keyboard.press('Escape');
    expect(await page.title()).not.toBe('owned');
  });

  test('a typed address goes straight to its card, and "Block" opens the block form with it filled in', async () => {
    const { page, address } = await start();
    await page.keyboard.press('Control+k');
    await search(page, address);
    expect(await selectedOption(page).innerText()).toBe(`Open address ${address}`);
    expect(await palette(page).getByRole('group', { name: 'Alerts' }).getByRole('option').count()).toBeGreaterThan(0);
    await page.keyboard.press('Enter');
    await expect.poll(() => activeTab(page)).toContain(address);
    await expect.poll(() => page.getByRole('tabpanel').getByRole('table', { name: 'Newest alerts' }).getByRole('row', { name: 'Alert alt_00000042' }).count()).toBe(1);

    await page.keyboard.press('Control+k');
    await search(page, address);
    await palette(page).getByRole('option', { name: `Block ${address}…` }).click();
    await expect.poll(() => page.getByRole('dialog', { name: `Block ${address}?` }).count()).toBe(1);
  });

  test('a command runs and comes first next time; the palette works in Chinese and in the dark theme', async () => {
    const { page } = await start();
    await page.keyboard.press('Control+k');
    await search(page, 'theme dark');
    expect(await selectedOption(page).innerText()).toBe('Theme: dark');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(21, 23, 26)');

    await page.keyboard.press('Control+k');
    await expect.poll(() => palette(page).getByRole('option').first().innerText(), { message: 'recently used first' }).toBe('Theme: dark');
    expect(await palette(page).getByRole('option', { name: 'Open the outbox' }).innerText()).toContain('Ctrl+Shift+O');
    await shot(page, 'palette-actions-dark');
    await search(page, 'office');
    await shot(page, 'palette-search-dark');
    await search(page, 'language 简体');
    await page.keyboard.press('Enter');

    await page.keyboard.press('Control+k');
    await expect.poll(() => paletteInput(page).getAttribute('placeholder')).toContain('搜索本地缓存');
    await search(page, 'office');
    expect(await palette(page).getByRole('group', { name: '工单' }).getByRole('option').count()).toBe(3);
    expect(await palette(page).innerText()).toContain('Enter 打开');
    await shot(page, 'palette-search-zh-dark');
    await search(page, '主题 浅色');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Control+k');
    await search(page, 'refund');
    await shot(page, 'palette-search-zh-light');
  });
});
