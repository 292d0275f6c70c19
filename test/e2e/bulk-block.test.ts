// Acting on many alerts and blocks at once, in Chromium against the simulators: alerts checked by
// their boxes (a click, a shift-click range, Space on the selected row, all matching the filter),
// their distinct sources blocked through faults (answers dropped after the appliance committed,
// resets, 5xx) each exactly once with no desktop notification of the analyst's own blocks; one work
// item made from checked alerts; blocks checked in the block list, extended, then released while
// the appliance refuses for a moment: each result follows its write in the outbox.
import path from 'node:path';
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { FirewallSim, SupportSim } from '../sim/index.ts';
import { setUpE2e } from '../support/e2e-setup.ts';
import { firewallProfile } from '../support/firewall-profile.ts';
import { supportProfile } from '../support/support-profile.ts';

const e2e = setUpE2e();

async function shot(page: Page, name: string): Promise<void> {
  const folder = process.env.OPSDESK_E2E_SHOTS;
  if (folder) await page.screenshot({ path: path.join(folder, `bulk-block-${name}.png`), fullPage: true });
}

/** The machine is shared while the suite runs: answers from the simulator may take a few seconds. */
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 30_000 });

test('checked alerts: sources blocked through faults each once, one work item; checked blocks extended and released, each result following the outbox', async () => {
  const firewall = await e2e.serve(new FirewallSim({ seed: 11, alertCount: 0, caPem: e2e.ca.certPem }));
  const support = await e2e.serve(new SupportSim({ seed: 5, caPem: e2e.ca.certPem }));
  firewall.addAlerts(60);
  const app = await e2e.openApp({ backgroundSync: true });
  const { services } = app;
  const profile = await services.profiles.save(
    firewallProfile({ name: 'Branch firewall', baseUrl: firewall.url, apiKey: firewall.keys.operations, caPem: e2e.ca.certPem, requestsPerSecond: 100 }),
  );
  const supportId = (await services.profiles.save(supportProfile({ name: 'Help desk', baseUrl: support.url, apiKey: support.keys.demo, caPem: e2e.ca.certPem, ratePerMinute: 600 }))).id;
  await app.page.reload();
  const { page } = app;
  const panel = page.getByRole('tabpanel', { name: 'Firewall' });
  await poll(() => panel.getByRole('status', { name: 'Matching alerts' }).innerText()).toContain('60');
  const blockedBefore = new Set(firewall.blockedAddresses());
  const notificationsBefore = app.platform.notifications.length;

  // A click checks a row, a shift-click the rows between, Space the selected row; then all matching.
  const boxes = panel.getByRole('grid', { name: 'Alerts' }).getByRole('checkbox', { name: /^Select alert / });
  const bar = panel.getByRole('toolbar', { name: 'Selected alerts' });
  await boxes.nth(0).click();
  await boxes.nth(9).click({ modifiers: ['Shift'] });
  await poll(() => bar.getByText(/selected$/).innerText()).toBe('10 selected');
  await panel.getByRole('grid', { name: 'Alerts' }).getByRole('row').nth(12).getByRole('gridcell').nth(2).click();
  await page.keyboard.press('Space');
  await poll(() => bar.getByText(/selected$/).innerText()).toBe('11 selected');
  await bar.getByRole('button', { name: 'Select all 60 matching the filter' }).click();
  await poll(() => bar.getByText(/selected$/).innerText()).toBe('60 selected');
  await shot(page, 'selection');

  firewall.faults.add({ method: 'POST', path: '/blocklist', kind: 'drop-after-commit', times: 3 });
  firewall.faults.add({ method: 'POST', path: '/blocklist', kind: 'reset', keep: 0, times: 2 });
  firewall.faults.add({ method: 'POST', path: '/blocklist', kind: 'status', status: 503, times: 2 });
  await bar.getByRole('button', { name: 'Block the distinct sources…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Block the sources of these alerts' });
  await poll(() => dialog.getByRole('status').innerText()).toMatch(/distinct source address/);
  await shot(page, 'preview');
  const block = dialog.getByRole('button', { name: /^Block \d+ address/ });
  const count = Number(/\d+/.exec(await block.innerText())![0]);
  expect(count).toBeGreaterThan(10);
  await block.click();
  // Every result settles in the dialog: a block sent again after a fault, or queued and then sent by the outbox.
  await poll(() => dialog.getByRole('status').innerText()).toBe(`${count} blocked · 0 queued · 0 failed · 0 to go`);
  await shot(page, 'results');
  await dialog.getByRole('button', { name: 'Close' }).last().click();
  await poll(() => services.outbox.pendingCounts()[profile.id] ?? 0).toBe(0);
  const sources = [...new Set(services.firewall.alerts.query({ profileId: profile.id, filter: {}, sort: { field: 'occurredAt', direction: 'desc' }, offset: 0, limit: 1000 }).rows.flatMap((row) => row.srcIp ?? []))];
  const blocked = sources.filter((ip) => !blockedBefore.has(ip));
  expect(blocked).toHaveLength(count);
  const timesBlocked = (ip: string) => firewall.committedWrites.filter((write) => write.method === 'POST' && write.key === ip).length;
  expect(blocked.filter((ip) => timesBlocked(ip) !== 1)).toEqual([]);
  expect(firewall.blockedAddresses().filter((ip) => blocked.includes(ip)).sort()).toEqual([...blocked].sort());
  expect(app.platform.notifications.slice(notificationsBefore)).toEqual([]);

  // One work item from two checked alerts: its text first, then one write; both alerts list it.
  await bar.getByRole('button', { name: 'Clear selection' }).click();
  await poll(() => bar.count()).toBe(0);
  await boxes.nth(0).click();
  await boxes.nth(1).click();
  await bar.getByRole('button', { name: 'Create one work item…' }).click();
  const workDialog = page.getByRole('dialog', { name: 'One work item for the selected alerts' });
  const preview = workDialog.getByRole('textbox', { name: /^Description/ });
  await poll(() => preview.inputValue()).toMatch(/^2 alerts from the firewall Branch firewall/);
  const checkedIds = services.firewall.alerts.query({ profileId: profile.id, filter: {}, sort: { field: 'occurredAt', direction: 'desc' }, offset: 0, limit: 2 }).rows.map((row) => row.id);
  for (const id of checkedIds) expect(await preview.inputValue()).toContain(`alert ${id}`);
  await shot(page, 'work-item');
  await workDialog.getByRole('button', { name: 'Create the work item' }).click();
  await poll(() => workDialog.getByRole('status').innerText()).toMatch(/Sent/);
  const made = support.store.work.filter((item) => checkedIds.every((id) => item.description.includes(`alert ${id}`)));
  expect(made).toHaveLength(1);
  for (const id of checkedIds) await poll(() => services.address.alertWorkItems({ profileId: profile.id, alertId: id }).map((link) => link.workId)).toEqual([made[0]!.id]);
  expect(services.address.workItemAlerts({ profileId: supportId, workId: made[0]!.id }).map((link) => link.alertId).sort()).toEqual([...checkedIds].sort());
  await workDialog.getByRole('button', { name: 'Close' }).last().click();

  // The block list: every block checked by the header's box, extended by a week.
  await panel.getByRole('navigation', { name: 'Firewall sections' }).getByRole('button', { name: 'Block list' }).click();
  const blocklist = panel.getByRole('region', { name: 'Block list' });
  await poll(() => blocklist.getByRole('row', { name: /^Block / }).count()).toBe(firewall.blockedAddresses().length);
  await blocklist.getByRole('checkbox', { name: 'Select the blocks shown' }).click();
  const blockBar = blocklist.getByRole('toolbar', { name: 'Selected blocks' });
  const listed = firewall.blockedAddresses().length;
  await poll(() => blockBar.getByText(/selected$/).innerText()).toBe(`${listed} selected`);
  await blockBar.getByRole('button', { name: 'Extend…' }).click();
  const extend = page.getByRole('dialog', { name: `Extend the blocks of ${listed} addresses?` });
  await extend.getByRole('combobox', { name: 'Blocked for, from now' }).selectOption({ label: '7 days' });
  await extend.getByRole('button', { name: `Extend ${listed} blocks` }).click();
  await poll(() => extend.getByRole('status').innerText()).toBe(`${listed} extended · 0 queued · 0 failed · 0 to go`);
  await extend.getByRole('button', { name: 'Close' }).last().click();
  const weekAhead = Date.now() + 7 * 86_400_000;
  await poll(() => services.firewall.blocks.list(profile.id).items.filter((entry) => Math.abs(Date.parse(entry.expiresAt ?? '') - weekAhead) > 120_000).map((entry) => entry.ip)).toEqual([]);

  // Five released while the appliance answers each first attempt with a broken body (nothing done, and
  // not retried at once, as the answer might mean it was): each call answers "queued", and the dialog
  // reads "unblocked" only because it follows the write the outbox sends again later.
  firewall.faults.add({ method: 'DELETE', path: /^\/blocklist\/.+/, kind: 'malformed', times: 5 });
  const releaseBoxes = blocklist.getByRole('checkbox', { name: /^Select the block of / });
  await releaseBoxes.nth(0).click();
  await releaseBoxes.nth(4).click({ modifiers: ['Shift'] });
  await poll(() => blockBar.getByText(/selected$/).innerText()).toBe('5 selected');
  await blockBar.getByRole('button', { name: 'Unblock…' }).click();
  const release = page.getByRole('dialog', { name: 'Unblock 5 addresses?' });
  await release.getByRole('button', { name: 'Unblock 5 addresses' }).click();
  await poll(() => release.getByRole('status').innerText()).toBe('5 unblocked · 0 queued · 0 failed · 0 to go');
  await shot(page, 'released');
  const releases = services.outbox.list({ profileId: profile.id }).filter((entry) => entry.action.code === 'unblock');
  expect(releases.map((entry) => [entry.state, entry.attempts])).toEqual(Array.from({ length: 5 }, () => ['sent', 2]));
  expect(firewall.blockedAddresses()).toHaveLength(listed - 5);
}, 180_000);
