// Blocking the sources of many alerts at once, in Chromium against the simulator: a preview, a result
// per address, faults on the way (answers dropped after the appliance committed, resets, 5xx), and in
// the end each address blocked exactly once, with no desktop notification for the analyst's own blocks.
import path from 'node:path';
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { FirewallSim } from '../sim/index.ts';
import { setUpE2e } from '../support/e2e-setup.ts';
import { firewallProfile } from '../support/firewall-profile.ts';

const e2e = setUpE2e();

async function shot(page: Page, name: string): Promise<void> {
  const folder = process.env.OPSDESK_E2E_SHOTS;
  if (folder) await page.screenshot({ path: path.join(folder, `bulk-block-${name}.png`), fullPage: true });
}

/** The machine is shared while the suite runs: answers from the simulator may take a few seconds. */
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 30_000 });

test('Block sources… blocks the distinct sources of the matching alerts through faults: each once, no notification of the analyst\'s own blocks', async () => {
  const firewall = await e2e.serve(new FirewallSim({ seed: 11, alertCount: 0, caPem: e2e.ca.certPem }));
  firewall.addAlerts(60);
  const app = await e2e.openApp({ backgroundSync: true });
  const profile = await app.services.profiles.save(
    firewallProfile({ name: 'Branch firewall', baseUrl: firewall.url, apiKey: firewall.keys.operations, caPem: e2e.ca.certPem, requestsPerSecond: 100 }),
  );
  await app.page.reload();
  const { page } = app;
  const panel = page.getByRole('tabpanel', { name: 'Firewall' });
  await poll(() => panel.getByRole('status', { name: 'Matching alerts' }).innerText()).toContain('60');
  const blockedBefore = new Set(firewall.blockedAddresses());
  const notificationsBefore = app.platform.notifications.length;

  firewall.faults.add({ method: 'POST', path: '/blocklist', kind: 'drop-after-commit', times: 3 });
  firewall.faults.add({ method: 'POST', path: '/blocklist', kind: 'reset', keep: 0, times: 2 });
  firewall.faults.add({ method: 'POST', path: '/blocklist', kind: 'status', status: 503, times: 2 });

  await panel.getByRole('button', { name: 'Block sources…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Block the sources of these alerts' });
  await poll(() => dialog.getByRole('status').innerText()).toMatch(/distinct source address/);
  await shot(page, 'preview');
  const block = dialog.getByRole('button', { name: /^Block \d+ address/ });
  const count = Number(/\d+/.exec(await block.innerText())![0]);
  expect(count).toBeGreaterThan(10);
  await block.click();

  await poll(() => dialog.getByRole('status').innerText()).toMatch(/ 0 to go$/);
  await shot(page, 'results');
  await poll(() => app.services.outbox.pendingCounts()[profile.id] ?? 0).toBe(0);
  const blocked = [...new Set(app.services.firewall.alerts.query({ profileId: profile.id, filter: {}, sort: { field: 'occurredAt', direction: 'desc' }, offset: 0, limit: 1000 }).rows.flatMap((row) => row.srcIp ?? []))]
    .filter((ip) => !blockedBefore.has(ip));
  expect(blocked).toHaveLength(count);
  const timesBlocked = (ip: string) => firewall.committedWrites.filter((write) => write.method === 'POST' && write.key === ip).length;
  expect(blocked.filter((ip) => timesBlocked(ip) !== 1)).toEqual([]);
  expect(firewall.blockedAddresses().filter((ip) => blocked.includes(ip)).sort()).toEqual([...blocked].sort());
  expect(app.platform.notifications.slice(notificationsBefore)).toEqual([]);
}, 120_000);
