// The firewall's tables as an analyst who keeps OpsDesk open all day uses them: the whole width of
// the window, the detail beside the table, values never broken inside a token and never cut
// without an ellipsis; columns and filters as they were left, after a restart too.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { FirewallSim } from '../sim/index.ts';
import type { AppUnderTest } from '../support/app-harness.ts';
import { setUpE2e } from '../support/e2e-setup.ts';
import { shot } from '../support/e2e-shots.ts';
import { firewallProfile } from '../support/firewall-profile.ts';

const e2e = setUpE2e();

/** The machine is shared while the suite runs: answers may take a few seconds. */
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 20_000 });

async function start(): Promise<{ app: AppUnderTest; profileId: string }> {
  const firewall = await e2e.serve(new FirewallSim({ seed: 7, alertCount: 0, caPem: e2e.ca.certPem }));
  firewall.addAlerts(300);
  const app = await e2e.openApp({ backgroundSync: true });
  const profile = await app.services.profiles.save(
    firewallProfile({ name: 'Branch firewall', baseUrl: firewall.url, apiKey: firewall.keys.demo, caPem: e2e.ca.certPem, requestsPerSecond: 200 }),
  );
  await app.page.reload();
  await poll(() => matching(app.page)).toBe('300 alerts');
  return { app, profileId: profile.id };
}

const firewallPanel = (page: Page) => page.getByRole('tabpanel', { name: 'Firewall' });
const alertsGrid = (page: Page) => firewallPanel(page).getByRole('grid', { name: 'Alerts' });
const matching = (page: Page) => firewallPanel(page).getByRole('status', { name: 'Matching alerts' }).innerText();
/** The titled columns (the check box column has none). */
const headers = (grid: Locator) => grid.getByRole('columnheader').allInnerTexts().then((texts) => texts.map((text) => text.replace(/[▲▼]/g, '').trim()).filter(Boolean));

async function openSection(page: Page, name: string): Promise<void> {
  await firewallPanel(page).getByRole('navigation', { name: 'Firewall sections' }).getByRole('button', { name, exact: true }).click();
}

/**
 * What a table shows wrongly: a value on two lines (broken inside a token), a value cut at the
 * cell's edge with no ellipsis or nothing to hover, an address in the Source cell cut to make room
 * for the "blocked" badge. Empty when every cell on screen is whole or ends with an ellipsis.
 */
function tableFaults(grid: Locator): Promise<string[]> {
  return grid.evaluate((table) => {
    const faults: string[] = [];
    const cells = [...table.querySelectorAll<HTMLElement>('[role="columnheader"], .vt-body [role="gridcell"]:not(.vt-pending)')];
    for (const cell of cells) {
      const range = document.createRange();
      range.selectNodeContents(cell);
      const tops = [...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => rect.top).sort((a, b) => a - b);
      if (tops.some((top, index) => index > 0 && top - tops[index - 1]! > 10)) faults.push(`on two lines: ${cell.innerText}`);
      const cut = cell.scrollWidth > cell.clientWidth + 1;
      const style = getComputedStyle(cell);
      if (cut && cell.getAttribute('role') === 'gridcell' && style.textOverflow !== 'ellipsis' && !cell.classList.contains('vt-address')) faults.push(`cut with no ellipsis: ${cell.innerText}`);
      if (cut && cell.getAttribute('role') === 'gridcell' && !cell.title && !cell.querySelector('.admin-actions')) faults.push(`cut with nothing to hover: ${cell.innerText}`);
      const address = cell.classList.contains('vt-address') ? cell.querySelector('bdi') : null;
      if (address && address.scrollWidth > address.clientWidth + 1) faults.push(`address cut beside its badge: ${address.textContent}`);
    }
    if (cells.length === 0) faults.push('no cells');
    return faults;
  });
}

/** The columns whose header and first row's cell are not one above the other, the same width. */
function misaligned(grid: Locator): Promise<string[]> {
  return grid.evaluate((table) => {
    const head = [...table.querySelectorAll<HTMLElement>('[role="columnheader"]')];
    const cells = [...table.querySelectorAll<HTMLElement>('.vt-body [role="row"]:first-child [role="gridcell"]')];
    if (head.length !== cells.length) return [`${head.length} headers over ${cells.length} cells`];
    return head.flatMap((header, index) => {
      const [above, below] = [header.getBoundingClientRect(), cells[index]!.getBoundingClientRect()];
      return Math.abs(above.left - below.left) > 1 || Math.abs(above.width - below.width) > 1 ? [header.innerText || `column ${index}`] : [];
    });
  });
}

describe('the firewall tables at a working day\'s window sizes', () => {
  test('alerts with the detail open and an appliance table: whole width, the columns chosen to stay beside the detail, nothing broken or cut without its ellipsis', async () => {
    const { app } = await start();
    const { page } = app;
    for (const [width, height] of [[1280, 800], [1920, 1080]] as const) {
      await page.setViewportSize({ width, height });
      await openSection(page, 'Alerts');
      const grid = alertsGrid(page);
      await grid.locator('.vt-body [role="row"]').first().dblclick();
      const detail = firewallPanel(page).getByRole('complementary').first();
      await detail.waitFor();
      // Beside the table, not over it: the columns kept beside the detail show whole, none pushed out of view.
      if (width === 1280) {
        await poll(() => headers(grid)).toEqual(['Severity', 'Time', 'Source', 'Signature']);
        // The analyst keeps Category too; it stays so at the next width and in main.
        await grid.getByRole('button', { name: 'Columns of Alerts' }).click();
        await grid.getByRole('dialog', { name: 'Columns of Alerts' }).getByRole('checkbox', { name: 'Show Category with the detail open' }).check();
        await shot(page, 'tables-alerts-detail-columns-menu');
        await grid.getByRole('button', { name: 'Columns of Alerts' }).click();
      }
      await poll(() => headers(grid)).toEqual(['Severity', 'Time', 'Source', 'Category', 'Signature']);
      const gridScroll = await grid.locator('.vt-body').evaluate((body) => body.scrollWidth - body.clientWidth);
      expect(gridScroll, 'the kept columns fit beside the detail').toBeLessThanOrEqual(1);
      const [gridBox, detailBox, viewBox] = await Promise.all([grid.boundingBox(), detail.boundingBox(), firewallPanel(page).boundingBox()]);
      expect(gridBox!.x + gridBox!.width).toBeLessThanOrEqual(detailBox!.x);
      expect(detailBox!.x + detailBox!.width).toBeGreaterThan(viewBox!.width * 0.9);
      expect(await tableFaults(grid)).toEqual([]);
      expect(await misaligned(grid)).toEqual([]);
      await shot(page, `tables-alerts-detail-${width}`);
      await detail.getByRole('button', { name: 'Close detail' }).click();
      await poll(() => headers(grid)).toEqual(['Severity', 'Time', 'Source', 'Destination', 'Category', 'Action', 'Signature']);
      expect(await misaligned(grid)).toEqual([]);

      await openSection(page, 'Devices');
      const devices = firewallPanel(page).getByRole('grid', { name: 'Devices' });
      await poll(() => devices.locator('.vt-body [role="row"]').count()).toBeGreaterThan(2);
      expect(await tableFaults(devices)).toEqual([]);
      expect(await misaligned(devices)).toEqual([]);
      await shot(page, `tables-devices-${width}`);
      await openSection(page, 'Log search');
      const logs = firewallPanel(page).getByRole('region', { name: 'Log search' });
      await logs.getByLabel('Time').selectOption('all');
      await logs.getByRole('button', { name: 'Search' }).click();
      const results = logs.getByRole('grid', { name: 'Results' });
      await poll(() => results.locator('.vt-body [role="row"]').count()).toBeGreaterThan(2);
      expect(await tableFaults(results)).toEqual([]);
      await shot(page, `tables-log-search-${width}`);
    }
    await poll(() => app.services.views.tableLayouts().tables['firewall.alerts']?.withDetail).toEqual(['occurredAt', 'severity', 'srcIp', 'signature', 'category']);
  });

  test('beside the detail a wide window keeps every column that fits whole, a narrow one the chosen four; dragging the detail wider gives columns up', async () => {
    const { app } = await start();
    const { page } = app;
    await page.setViewportSize({ width: 1920, height: 1080 });
    await openSection(page, 'Alerts');
    const grid = alertsGrid(page);
    await grid.locator('.vt-body [role="row"]').first().dblclick();
    const detail = firewallPanel(page).getByRole('complementary').first();
    await detail.waitFor();
    await poll(() => headers(grid)).toEqual(['Severity', 'Time', 'Source', 'Destination', 'Category', 'Action', 'Signature']);
    expect(await grid.locator('.vt-body').evaluate((body) => body.scrollWidth - body.clientWidth), 'every column fits beside the detail').toBeLessThanOrEqual(1);
    expect(await tableFaults(grid)).toEqual([]);
    expect(await misaligned(grid)).toEqual([]);
    await shot(page, 'tables-alerts-detail-wide');

    // The detail dragged wider (its edge, ← with the keyboard) takes the room of the last columns first.
    const edge = firewallPanel(page).getByRole('separator', { name: 'Width of the detail' });
    await edge.focus();
    for (let step = 0; step < 40 && (await headers(grid)).length > 5; step++) await page.keyboard.press('ArrowLeft');
    await poll(() => headers(grid)).toEqual(['Severity', 'Time', 'Source', 'Destination', 'Signature']);
    expect(await misaligned(grid)).toEqual([]);

    await page.setViewportSize({ width: 1280, height: 800 });
    await poll(() => headers(grid)).toEqual(['Severity', 'Time', 'Source', 'Signature']);
    expect(await grid.locator('.vt-body').evaluate((body) => body.scrollWidth - body.clientWidth)).toBeLessThanOrEqual(1);
    // Nothing was chosen: the analyst's layout holds no columns for the detail.
    expect(app.services.views.tableLayouts().tables['firewall.alerts']?.withDetail).toBeUndefined();
  });

  test('addresses sort as numbers in the table, and an appliance page sorts its addresses the same way', async () => {
    const { app } = await start();
    const { page } = app;
    await alertsGrid(page).locator('button[title="Sort by Source"]').click();
    const sources = () => alertsGrid(page).locator('.vt-body [role="row"]').evaluateAll((rows) => rows.map((row) => (row.querySelectorAll('[role="gridcell"]')[3] as HTMLElement).innerText.replace(/BLOCKED/i, '').trim()));
    const asNumber = (address: string) => address.split('.').reduce((sum, octet) => sum * 256 + Number(octet), 0);
    await poll(async () => {
      const shown = await sources();
      // A header's first click puts the largest first; as text, 222.48.x would come before 222.53.x.
      return shown.length > 5 && shown.map(asNumber).every((value, index, all) => index === 0 || value <= all[index - 1]!) ? 'in order' : shown.join(' ');
    }).toBe('in order');

    await openSection(page, 'Devices');
    const devices = firewallPanel(page).getByRole('grid', { name: 'Devices' });
    await devices.locator('button[title="Sort by IP address"]').click();
    const ips = await devices.locator('.vt-body [role="row"]').evaluateAll((rows) => rows.map((row) => (row.querySelectorAll('[role="gridcell"]')[1] as HTMLElement).innerText.trim()).filter(Boolean));
    expect(ips.length).toBeGreaterThan(2);
    expect(ips.map(asNumber)).toEqual([...ips.map(asNumber)].sort((a, b) => a - b));
  });

  test('columns, filters and saved filters stay as the analyst left them, in every view: across sections and across a restart; gone with the connection', async () => {
    const { app, profileId } = await start();
    const { page } = app;
    const grid = alertsGrid(page);
    const categoryWidth = () => grid.getByRole('separator', { name: 'Width of Category' }).getAttribute('aria-valuenow').then(Number);
    const before = await categoryWidth();
    const resizer = grid.getByRole('separator', { name: 'Width of Category' });
    await resizer.focus();
    for (let step = 0; step < 3; step++) await resizer.press('ArrowRight');
    await poll(categoryWidth).toBe(before + 48);
    // The header and every row take the new width.
    await poll(async () => Math.round((await grid.getByRole('columnheader', { name: /Category/ }).boundingBox())!.width)).toBe(before + 48);
    expect(await misaligned(grid)).toEqual([]);

    await grid.getByRole('button', { name: 'Columns of Alerts' }).click();
    const columnsPanel = grid.getByRole('dialog', { name: 'Columns of Alerts' });
    await columnsPanel.getByRole('checkbox', { name: 'Action', exact: true }).uncheck();
    // Past the hidden Action, then before Category.
    await columnsPanel.getByRole('button', { name: 'Move Signature left' }).click();
    await columnsPanel.getByRole('button', { name: 'Move Signature left' }).click();
    await columnsPanel.getByRole('radio', { name: 'Compact' }).check();
    await page.keyboard.press('Escape');
    const shownColumns = ['Severity', 'Time', 'Source', 'Destination', 'Signature', 'Category'];
    await poll(() => headers(grid)).toEqual(shownColumns);
    expect(await grid.getAttribute('data-density')).toBe('compact');

    await firewallPanel(page).getByRole('group', { name: 'Severity' }).getByRole('button', { name: 'critical' }).click();
    await poll(() => matching(page)).not.toBe('300 alerts');
    const critical = await matching(page);
    // Another section and back: the filter is still there, and so is what it matched.
    await openSection(page, 'Block list');
    await openSection(page, 'Alerts');
    expect(await firewallPanel(page).getByRole('group', { name: 'Severity' }).getByRole('button', { name: 'critical' }).getAttribute('aria-pressed')).toBe('true');
    await poll(() => matching(page)).toBe(critical);

    const savedMenu = firewallPanel(page).getByRole('button', { name: /Saved filters/ });
    await savedMenu.click();
    const saved = firewallPanel(page).getByRole('dialog', { name: 'Saved filters' });
    await saved.getByLabel('Name for the current filter').fill('Critical only');
    await saved.getByRole('button', { name: 'Save' }).click();
    await poll(() => saved.getByRole('button', { name: 'Critical only', exact: true }).count()).toBe(1);
    await page.keyboard.press('Escape');

    // The other views keep theirs, each in its own section: the block list's search, the log search's form.
    await openSection(page, 'Block list');
    await firewallPanel(page).getByRole('searchbox', { name: 'Search the block list' }).fill('203.0.113.');
    await openSection(page, 'Log search');
    const logs = firewallPanel(page).getByRole('region', { name: 'Log search' });
    await logs.getByLabel('Source IP').fill('10.20.');
    await logs.getByLabel('Time').selectOption('7d');
    await openSection(page, 'Block list');
    expect(await firewallPanel(page).getByRole('searchbox', { name: 'Search the block list' }).inputValue()).toBe('203.0.113.');
    await openSection(page, 'Alerts');

    // Main holds all of it before the window goes: the table's layout, the filters, the named filter.
    await poll(() => app.services.views.tableLayouts()).toMatchObject({ density: 'compact', tables: { 'firewall.alerts': { hidden: ['action'] } } });
    await poll(() => app.services.views.alertView({ profileId }).filter).toEqual({ severity: ['critical'] });
    expect(app.services.views.alertView({ profileId }).saved).toEqual([{ name: 'Critical only', filter: { severity: ['critical'] } }]);
    await poll(() => app.services.views.viewFilters({ profileId })).toMatchObject({ 'firewall.blocklist': { search: '203.0.113.' }, 'firewall.logs': { srcIp: '10.20.', timePreset: '7d' } });

    await app.close();
    const again = await e2e.openApp({ dataDir: app.dataDir, backgroundSync: true });
    const page2 = again.page;
    await poll(() => matching(page2)).toBe(critical);
    const grid2 = alertsGrid(page2);
    await poll(() => headers(grid2)).toEqual(shownColumns);
    expect(await grid2.getAttribute('data-density')).toBe('compact');
    expect(Number(await grid2.getByRole('separator', { name: 'Width of Category' }).getAttribute('aria-valuenow'))).toBe(before + 48);

    // The named filter and "new since I last looked" (the window left the alerts at the restart) are in the palette too.
    await firewallPanel(page2).getByRole('group', { name: 'Severity' }).getByRole('button', { name: 'critical' }).click();
    await poll(() => matching(page2)).toBe('300 alerts');
    await page2.keyboard.press('Control+k');
    const palette = page2.getByRole('dialog', { name: 'Command palette' });
    await palette.getByRole('combobox').fill('Critical only');
    await palette.getByRole('option', { name: /Branch firewall: Critical only/ }).click();
    await poll(() => matching(page2)).toBe(critical);
    await page2.keyboard.press('Control+k');
    await palette.getByRole('combobox').fill('new since I last looked');
    await poll(() => palette.getByRole('option', { name: /Branch firewall: new since I last looked/ }).count()).toBe(1);
    await palette.getByRole('option', { name: /Branch firewall: new since I last looked/ }).click();
    // Nothing arrived since the last look at the cached alerts: the filter says so.
    await poll(() => matching(page2)).toMatch(/^(No|0) alerts?/);

    await openSection(page2, 'Block list');
    await poll(() => firewallPanel(page2).getByRole('searchbox', { name: 'Search the block list' }).inputValue()).toBe('203.0.113.');
    await openSection(page2, 'Log search');
    const logs2 = firewallPanel(page2).getByRole('region', { name: 'Log search' });
    expect([await logs2.getByLabel('Source IP').inputValue(), await logs2.getByLabel('Time').inputValue()]).toEqual(['10.20.', '7d']);
    await shot(page2, 'tables-log-search-kept');

    // A deleted connection takes its views with it: the named filters and every kept filter.
    await again.services.profiles.remove(profileId);
    expect(again.services.views.viewFilters({ profileId })).toEqual({});
    expect(again.services.views.alertView({ profileId }).saved).toEqual([]);
  });
});
