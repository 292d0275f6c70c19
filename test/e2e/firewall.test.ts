import { access, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fillAlertCache } from '../support/alert-cache-fill.ts';
import { alertQuerySchema } from '../../src-shared/contract/firewall.ts';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { FIREWALL_API_PREFIX, FirewallSim } from '../sim/index.ts';
import { call, trustingAgent } from '../sim/test-helpers.ts';
import type { AppUnderTest } from '../support/app-harness.ts';
import { setUpE2e } from '../support/e2e-setup.ts';
import { firewallProfile } from '../support/firewall-profile.ts';

const e2e = setUpE2e({ scratchPrefix: 'opsdesk-export-' });

/**
 * Same seed, same port: started again, it is the same appliance after a reboot. Its alerts are
 * raised now, so the first sync's backfill window holds them all.
 */
async function startFirewall(options: { alertCount: number; port?: number }): Promise<FirewallSim> {
  const firewall = await e2e.serve(new FirewallSim({ seed: 7, alertCount: 0, caPem: e2e.ca.certPem }), options.port);
  firewall.addAlerts(options.alertCount);
  return firewall;
}

/** The app as it runs: every firewall profile syncs in the background. */
const start = () => e2e.openApp({ backgroundSync: true });

/** A firewall profile as Settings saves it; its first sync starts at once. */
async function addFirewall(target: AppUnderTest, firewall: FirewallSim, apiKey: string) {
  const profile = await target.services.profiles.save(
    firewallProfile({ name: 'Branch firewall', baseUrl: firewall.url, apiKey, caPem: e2e.ca.certPem, requestsPerSecond: 100 }),
  );
  await target.page.reload();
  return profile;
}

const firewallPanel = (page: Page) => page.getByRole('tabpanel', { name: 'Firewall' });
const alertsGrid = (page: Page) => firewallPanel(page).getByRole('grid', { name: 'Alerts' });
const matching = (page: Page) => firewallPanel(page).getByRole('status', { name: 'Matching alerts' }).innerText();
/** The text of one column in the rows on screen. */
const columnTexts = async (page: Page, columnIndex: number): Promise<string[]> =>
  alertsGrid(page)
    .locator('.vt-body [role="row"]')
    .evaluateAll((rows, index) => rows.map((row) => (row.querySelectorAll('[role="gridcell"]')[index] as HTMLElement | undefined)?.innerText.trim() ?? ''), columnIndex);
// The first cell of a row is its check box.
const columns = { severity: 1, time: 2, source: 3, destination: 4, category: 5, action: 6, signature: 7 } as const;

/**
 * What the window asked the appliance since request number `since`: every write and every read of
 * one record. The background sync's list reads (GET /alerts, GET /blocklist) are not the window's,
 * nor the health read main makes while the connection is quiet (GET /system/status).
 */
const applianceCalls = (firewall: FirewallSim, since: number): string[] =>
  firewall.requests
    .slice(since)
    .filter((request) => request.method !== 'GET' || !/\/(alerts|blocklist|system\/status)$/.test(request.path))
    .map((request) => `${request.method} ${request.path}`);

async function syncNow(page: Page) {
  await firewallPanel(page).getByRole('button', { name: 'Sync now' }).click();
}

async function openSection(page: Page, name: string): Promise<Locator> {
  await firewallPanel(page).getByRole('navigation', { name: 'Firewall sections' }).getByRole('button', { name }).click();
  return firewallPanel(page).getByRole('region', { name });
}

describe('the firewall workspace, as an analyst uses it', () => {
  test('browse, filter, filter out from a cell, open a detail, export CSV, block a source', async () => {
    const firewall = await startFirewall({ alertCount: 400 });
    const app = await start();
    const { page, platform } = app;
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await addFirewall(app, firewall, firewall.keys.operations);
    await syncNow(page);

    // Browse: every seeded alert is cached and listed, newest first.
    await expect.poll(() => matching(page), { timeout: 20_000 }).toBe('400 alerts');
    const times = await alertsGrid(page).locator('.vt-body [role="row"] time').evaluateAll((cells) => cells.map((cell) => cell.getAttribute('datetime')!));
    expect(times.length).toBeGreaterThan(5);
    expect([...times].sort().reverse()).toEqual(times);
    await expect.poll(() => firewallPanel(page).getByRole('status', { name: 'Sync' }).innerText()).toMatch(/Alerts last synced/);

    // Filter: critical only.
    await firewallPanel(page).getByRole('group', { name: 'Severity' }).getByRole('button', { name: 'critical' }).click();
    await expect.poll(() => columnTexts(page, columns.severity)).not.toContainEqual(expect.not.stringMatching(/^critical$/i));
    const criticalCount = Number((await matching(page)).replace(/\D/g, ''));
    expect(criticalCount).toBeGreaterThan(0);
    expect(criticalCount).toBeLessThan(400);

    // Filter out from a cell: the first row's category, through its context menu.
    const [category] = await columnTexts(page, columns.category);
    await alertsGrid(page).locator('.vt-body [role="row"]').first().getByRole('gridcell').nth(columns.category).click({ button: 'right' });
    await page.getByRole('menuitem', { name: `Filter out Category = ${category}` }).click();
    await expect.poll(() => columnTexts(page, columns.category)).not.toContain(category);
    expect(await firewallPanel(page).getByRole('button', { name: `Remove filter not Category = ${category}` }).count()).toBe(1);
    expect(Number((await matching(page)).replace(/\D/g, ''))).toBeLessThan(criticalCount);

    // Filter in from a cell: the buttons of the cell under the pointer.
    const [action] = await columnTexts(page, columns.action);
    const actionCell = alertsGrid(page).locator('.vt-body [role="row"]').first().getByRole('gridcell').nth(columns.action);
    await actionCell.hover();
    await actionCell.getByRole('button', { name: `Filter in Action ${action}` }).click();
    await expect.poll(() => firewallPanel(page).getByRole('button', { name: `Remove filter Action = ${action}` }).count()).toBe(1);
    await page.mouse.move(0, 0);
    await expect.poll(() => columnTexts(page, columns.action)).not.toContainEqual(expect.not.stringMatching(new RegExp(`^${action}$`)));
    await firewallPanel(page).getByRole('button', { name: `Remove filter Action = ${action}` }).click();

    // Open a detail with the keyboard; Esc closes it.
    const [firstSource] = await columnTexts(page, columns.source);
    await alertsGrid(page).getByRole('rowgroup', { name: 'Alerts rows' }).focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    const detail = firewallPanel(page).getByRole('complementary', { name: /^Alert / });
    await expect.poll(() => detail.innerText()).toContain('Signature');
    expect(await detail.innerText()).toContain(firstSource!.split(':')[0]);
    await page.keyboard.press('Escape');
    await expect.poll(() => detail.count()).toBe(0);

    // End selects the last alert the filters match and scrolls it wholly into view.
    const matched = Number((await matching(page)).replace(/\D/g, ''));
    const rowsBox = alertsGrid(page).getByRole('rowgroup', { name: 'Alerts rows' });
    await rowsBox.focus();
    await page.keyboard.press('End');
    const chosen = alertsGrid(page).locator('.vt-body [role="row"][aria-selected="true"]');
    await expect.poll(() => chosen.getAttribute('aria-rowindex')).toBe(String(matched + 1));
    const inView = async () => {
      const [row, box] = [await chosen.boundingBox(), await rowsBox.boundingBox()];
      return row !== null && box !== null && row.y >= box.y - 1 && row.y + row.height <= box.y + box.height + 1;
    };
    await expect.poll(inView).toBe(true);

    // Export CSV of the filtered set: the file holds exactly the rows the table counts.
    const shown = Number((await matching(page)).replace(/\D/g, ''));
    platform.savePath = path.join(e2e.scratch, 'alerts.csv');
    await firewallPanel(page).getByRole('button', { name: 'Export CSV' }).click();
    await expect.poll(() => firewallPanel(page).getByText(/^Saved .* rows to/).count(), { timeout: 20_000 }).toBe(1);
    const csv = await readFile(platform.savePath, 'utf8');
    const lines = csv.trimEnd().split(/\r?\n(?=(?:[^"]*"[^"]*")*[^"]*$)/);
    expect(lines.length).toBe(shown + 1);
    expect(csv).not.toMatch(/(^|,)[=+\-@]/m);

    // Block the source of an alert: asked first, Enter confirms; its rows show it blocked.
    await alertsGrid(page).getByRole('rowgroup', { name: 'Alerts rows' }).focus();
    await page.keyboard.press('Home');
    await page.keyboard.press('Enter');
    const blockButton = detail.getByRole('button', { name: /^Block source / });
    const sourceIp = (await blockButton.innerText()).replace('Block source ', '').trim();
    const asked = firewall.requests.length;
    await blockButton.click();
    await page.getByRole('dialog', { name: `Block ${sourceIp}?` }).getByRole('button', { name: 'Block', exact: true }).waitFor();
    await page.keyboard.press('Enter');
    await expect.poll(() => detail.getByRole('status').innerText(), { timeout: 15_000 }).toContain(`The block list holds ${sourceIp}`);
    await expect.poll(async () => (await columnTexts(page, columns.source))[0]).toMatch(new RegExp(`^${sourceIp.replaceAll('.', '\\.')}\\s*blocked$`, 'i'));
    // One write to the appliance: the block (the confirmation read the allow list to check the address).
    // The detail and the rows follow from its answer and main's cache.
    expect(applianceCalls(firewall, asked)).toEqual([`GET ${FIREWALL_API_PREFIX}/allowlist`, `POST ${FIREWALL_API_PREFIX}/blocklist`]);

    expect(dialogs).toEqual([]);
  });

  test('a block opens in its own tab from its desktop notification and from the center; the alert it came from opens; unblock there', async () => {
    const firewall = await startFirewall({ alertCount: 30 });
    const app = await start();
    const { page, platform, services } = app;
    const profile = await addFirewall(app, firewall, firewall.keys.operations);
    await syncNow(page);
    await expect.poll(() => matching(page), { timeout: 20_000 }).toBe('30 alerts');
    const [alert] = services.firewall.alerts.query(alertQuerySchema.parse({ profileId: profile.id, limit: 1 })).rows;
    const sourceIp = alert!.srcIp!;

    // Block the newest alert's source through the window: its detail, one hour.
    await alertsGrid(page).getByRole('rowgroup', { name: 'Alerts rows' }).focus();
    await page.keyboard.press('Home');
    await page.keyboard.press('Enter');
    const detail = firewallPanel(page).getByRole('complementary', { name: `Alert ${alert!.id}` });
    await detail.getByRole('button', { name: `Block source ${sourceIp}` }).waitFor();
    const asked = firewall.requests.length;
    await detail.getByRole('button', { name: `Block source ${sourceIp}` }).click();
    const confirmation = page.getByRole('dialog', { name: `Block ${sourceIp}?` });
    await confirmation.getByRole('combobox', { name: 'Duration' }).selectOption({ label: '1 hour' });
    await confirmation.getByRole('button', { name: 'Block', exact: true }).click();
    await expect.poll(() => detail.getByRole('status').innerText(), { timeout: 15_000 }).toContain(`The block list holds ${sourceIp}`);
    expect(applianceCalls(firewall, asked)).toEqual([`GET ${FIREWALL_API_PREFIX}/allowlist`, `POST ${FIREWALL_API_PREFIX}/blocklist`]);

    // The analyst's own block raises no notification: they made it. The same block made on the
    // appliance's own console is news, and its notification opens the entry.
    expect(platform.notifications.filter((shown) => shown.body.includes(sourceIp))).toEqual([]);
    const reason = services.firewall.blocks.list(profile.id).items.find((entry) => entry.ip === sourceIp)!.reason;
    await services.firewall.blocks.unblock(profile.id, services.firewall.blocks.list(profile.id).items.find((entry) => entry.ip === sourceIp)!.id);
    const console = trustingAgent(e2e.ca.certPem);
    await call(console, `${firewall.url}/blocklist`, { method: 'POST', headers: { authorization: `Bearer ${firewall.keys.operations}` }, json: { ip: sourceIp, duration: 3600, reason } });
    await console.close();
    await syncNow(page);
    await expect.poll(() => platform.notifications.some((shown) => shown.body.includes(sourceIp)), { timeout: 15_000 }).toBe(true);
    const toast = platform.notifications.find((shown) => shown.body.includes(sourceIp));
    platform.click(toast!.id);
    const blockTab = page.getByRole('tabpanel', { name: /^Block / });
    const blockEntry = blockTab.getByRole('region', { name: 'Block-list entry' });
    await expect.poll(() => blockEntry.getByRole('heading', { level: 2 }).innerText(), { timeout: 15_000 }).toBe(`Block ${sourceIp}`);
    const shownEntry = await blockEntry.innerText();
    expect(shownEntry).toMatch(/Remaining\s+in (59 minutes|1 hour)/);
    expect(shownEntry).toMatch(/Source\s+api/i);
    expect(shownEntry).toContain(`OpsDesk: alert ${alert!.id} by `);
    const origin = blockEntry.getByRole('region', { name: 'The alert it came from' });
    await expect.poll(() => origin.getByRole('button', { name: `Open alert ${alert!.id}` }).count()).toBe(1);
    await page.getByRole('button', { name: /^Close Block / }).click();
    await expect.poll(() => blockTab.count()).toBe(0);

    // The desktop click read it, so the bell counts nothing; the entry is still in the center.
    await page.getByRole('button', { name: 'Notifications' }).click();
    const center = page.getByRole('dialog', { name: 'Notification center' });
    await center.getByRole('button').filter({ hasText: sourceIp }).first().click();
    await expect.poll(() => blockEntry.getByRole('heading', { level: 2 }).innerText(), { timeout: 15_000 }).toBe(`Block ${sourceIp}`);

    await origin.getByRole('button', { name: `Open alert ${alert!.id}` }).click();
    await expect.poll(() => page.getByRole('tabpanel', { name: `Alert ${alert!.id}` }).getByRole('complementary').innerText(), { timeout: 15_000 }).toContain(sourceIp);
    await page.getByRole('tab', { name: /^Block / }).click();

    await blockEntry.getByRole('button', { name: 'Unblock' }).click();
    await page.getByRole('dialog', { name: `Unblock ${sourceIp}?` }).getByRole('button', { name: 'Unblock' }).click();
    await expect.poll(() => blockTab.getByRole('status').innerText(), { timeout: 15_000 }).toBe(`Unblocked: traffic from ${sourceIp} reaches the network again.`);
    expect(services.firewall.blocks.list(profile.id).items.map((entry) => entry.ip)).not.toContain(sourceIp);
    await page.getByRole('tab', { name: 'Firewall' }).click();
    const blocklist = await openSection(page, 'Block list');
    await blocklist.getByRole('table', { name: 'Block list' }).waitFor();
    expect(await blocklist.getByRole('row', { name: `Block ${sourceIp}` }).count()).toBe(0);
  }, 60_000);

  test('before the first sync the empty table says nothing is cached yet, not that nothing matches', async () => {
    const firewall = await startFirewall({ alertCount: 5 });
    const app = await e2e.openApp();
    const { page } = app;
    await addFirewall(app, firewall, firewall.keys.readOnly);
    await expect.poll(() => alertsGrid(page).innerText(), { timeout: 15_000 }).toContain('No alerts cached yet');
    await syncNow(page);
    await expect.poll(() => matching(page), { timeout: 20_000 }).toBe('5 alerts');
  });

  test('a long export shows its progress and stops on request, leaving no file behind', async () => {
    const app = await e2e.openApp();
    const { page, platform } = app;
    fillAlertCache(app.services.db, 'big-cache', 200_000, Date.now());
    await page.reload();
    await expect.poll(() => matching(page), { timeout: 15_000 }).toBe('200,000 alerts');
    const file = path.join(e2e.scratch, 'stopped.csv');
    platform.savePath = file;
    await firewallPanel(page).getByRole('button', { name: 'Export CSV' }).click();
    await firewallPanel(page).getByRole('progressbar', { name: 'Export progress' }).waitFor();
    await firewallPanel(page).getByRole('button', { name: 'Stop export' }).click();
    // Stopping waits for the export's current batch and the partial file's removal: on a loaded machine, seconds.
    await expect.poll(() => firewallPanel(page).getByText('Export cancelled.').count(), { timeout: 15_000 }).toBe(1);
    await expect(access(file)).rejects.toThrow(/ENOENT/);
  }, 60_000);

  test('when the system refuses desktop notifications, the center keeps them and says why', async () => {
    const app = await start();
    const { page, platform, services } = app;
    platform.refuseNotifications = 'notifications are not allowed for this application';
    services.notifications.raise({
      kind: 'block-created',
      profileId: null,
      groupKey: null,
      count: 1,
      desktop: true,
      describe: () => ({ title: 'New block', body: 'Lab: 203.0.113.9', target: null }),
    });
    await page.getByRole('button', { name: 'Notifications, 1 unread' }).click();
    const center = page.getByRole('dialog', { name: 'Notification center' });
    await expect.poll(() => center.getByRole('note').innerText()).toContain('notifications are not allowed for this application');
    expect(await center.getByRole('list', { name: /./ }).innerText()).toContain('New block');
    expect(platform.notifications).toEqual([]);
  });

  test('with the appliance stopped the cached alerts stay browsable under the offline banner; restarted, sync catches up', async () => {
    const firewall = await startFirewall({ alertCount: 120 });
    const app = await start();
    const { page } = app;
    await addFirewall(app, firewall, firewall.keys.readOnly);
    await syncNow(page);
    await expect.poll(() => matching(page), { timeout: 20_000 }).toBe('120 alerts');
    const { port } = firewall;
    await firewall.close();

    await page.reload();
    const banner = firewallPanel(page).getByRole('region', { name: 'Connection' });
    await expect.poll(() => banner.innerText(), { timeout: 15_000 }).toContain('Offline');
    await expect.poll(() => matching(page)).toBe('120 alerts');
    await firewallPanel(page).getByRole('group', { name: 'Severity' }).getByRole('button', { name: 'high' }).click();
    await expect.poll(() => columnTexts(page, columns.severity)).not.toContainEqual(expect.not.stringMatching(/^high$/i));

    const again = await startFirewall({ alertCount: 120, port });
    again.addAlerts(5);
    await firewallPanel(page).getByRole('group', { name: 'Severity' }).getByRole('button', { name: 'high' }).click();
    // Nothing to retry: while the view is open, main's health read sees the appliance back within seconds.
    await expect.poll(() => banner.innerText(), { timeout: 15_000 }).toMatch(/^Connected\b/);
    await syncNow(page);
    await expect.poll(() => matching(page), { timeout: 20_000 }).toBe('125 alerts');
  });
});

describe('what the appliance allows shows before the user tries', () => {
  test('the free WAF edition is read-only: the notice says why and the write controls are off', async () => {
    const firewall = await startFirewall({ alertCount: 20 });
    firewall.setEdition('free-waf');
    const app = await start();
    const { page } = app;
    await addFirewall(app, firewall, firewall.keys.demo);
    const notice = firewallPanel(page).getByRole('note', { name: 'Read-only' });
    await expect.poll(() => notice.innerText(), { timeout: 15_000 }).toMatch(/free|edition/i);
    const blocklist = await openSection(page, 'Block list');
    expect(await blocklist.getByRole('button', { name: 'Add block' }).isDisabled()).toBe(true);
    const allowlist = await openSection(page, 'Allow list');
    expect(await allowlist.getByRole('button', { name: 'Add allow list entry' }).isDisabled()).toBe(true);
  });

  test('an appliance that does not say the role: a Block it refuses turns the block controls read-only at once, with the reason', async () => {
    const firewall = await startFirewall({ alertCount: 20 });
    firewall.setDialect('plain');
    const app = await start();
    const { page } = app;
    await addFirewall(app, firewall, firewall.keys.readOnly);
    const blocklist = await openSection(page, 'Block list');
    await blocklist.getByRole('button', { name: 'Add block' }).click();
    const form = page.getByRole('dialog', { name: 'Block an address' });
    await form.getByRole('textbox', { name: 'Address' }).fill('192.0.2.77');
    const posts = () => firewall.requests.filter((request) => request.method === 'POST').length;
    expect(posts()).toBe(0);
    await form.getByRole('button', { name: 'Block' }).click();
    const notice = firewallPanel(page).getByRole('note', { name: 'Read-only' });
    await expect.poll(() => notice.innerText(), { timeout: 15_000 }).toMatch(/read-only/);
    expect(await form.getByRole('button', { name: 'Block' }).isDisabled()).toBe(true);
    expect(await blocklist.getByRole('button', { name: 'Add block' }).isDisabled()).toBe(true);
    // The one write sent was the user's: nothing probed the role.
    expect(posts()).toBe(1);
  });

  test('a read-only key is read-only once the appliance has said so', async () => {
    const firewall = await startFirewall({ alertCount: 20 });
    const app = await start();
    const { page } = app;
    await addFirewall(app, firewall, firewall.keys.readOnly);
    const notice = firewallPanel(page).getByRole('note', { name: 'Read-only' });
    await expect.poll(() => notice.innerText(), { timeout: 15_000 }).toMatch(/read-only|role/i);
    const blocklist = await openSection(page, 'Block list');
    expect(await blocklist.getByRole('button', { name: 'Add block' }).isDisabled()).toBe(true);
  });
});

describe('hostile strings from the appliance', () => {
  test('markup, scripts, links and bidi controls in alerts render as text and run nothing', async () => {
    const firewall = await startFirewall({ alertCount: 1500 });
    const app = await start();
    const { page } = app;
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await addFirewall(app, firewall, firewall.keys.readOnly);
    await syncNow(page);
    await expect.poll(() => matching(page), { timeout: 30_000 }).toBe('1,500 alerts');
    await firewallPanel(page).getByRole('searchbox', { name: 'Search alerts' }).fill('onerror');
    // The search answers the words typed: the count leaves the whole cache's.
    await expect.poll(() => matching(page)).not.toMatch(/^(0|1,500) alerts$/);
    await alertsGrid(page).getByRole('rowgroup', { name: 'Alerts rows' }).focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    const detail = firewallPanel(page).getByRole('complementary', { name: /^Alert / });
    await expect.poll(() => detail.innerText()).toContain('<img src=x onerror=alert(1)>');
    expect(await page.locator('img, script:not([src]), svg[onload], a[href^="javascript"]').count()).toBe(0);
    expect(dialogs).toEqual([]);
  });
});
