// The firewall's own settings in Chromium against the simulator: how it syncs (interval, first
// backfill, retention, the backfill's progress) and its webhook receiver (off by default).
import type { Locator, Page } from 'playwright-core';
import { afterEach, describe, expect, test } from 'vitest';
import { FirewallSim } from '../sim/index.ts';
import type { AppUnderTest } from '../support/app-harness.ts';
import { setUpE2e } from '../support/e2e-setup.ts';
import { firewallProfile } from '../support/firewall-profile.ts';
import { everyOutcome, pushEveryOutcome } from '../support/firewall-pushes.ts';
import { freePort } from '../support/free-port.ts';
import { shot } from '../support/e2e-shots.ts';
import { expectEach } from '../support/expect-each.ts';

const e2e = setUpE2e();
let app: AppUnderTest | undefined;
let firewall: FirewallSim | undefined;

afterEach(() => {
  firewall?.setWebhook(null);
});

const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 20_000 });
/** A region's text as one line, as a screen reader reads it. */
const textOf = async (locator: Locator) => (await locator.innerText()).replace(/\s+/g, ' ').trim();

/**
 * A simulator with `alertCount` alerts and the app as it runs (every firewall profile syncs in the
 * background), with one firewall profile and the Firewall tab showing; `slowPagesMs` delays every
 * page of alerts the appliance sends, so the first sync is seen while it runs.
 */
async function start(alertCount: number, options: { ipcLog?: { channel: string; result: unknown }[]; slowPagesMs?: number } = {}): Promise<{ page: Page; profileId: string }> {
  firewall = await e2e.serve(new FirewallSim({ seed: 5, alertCount: 0, caPem: e2e.ca.certPem }));
  firewall.addAlerts(alertCount);
  if (options.slowPagesMs) firewall.faults.add({ path: '/alerts', kind: 'delay', ms: options.slowPagesMs });
  app = await e2e.openApp({ backgroundSync: true, ...(options.ipcLog && { ipcLog: options.ipcLog }) });
  const profile = await app.services.profiles.save(
    firewallProfile({ name: 'Lab firewall', baseUrl: firewall.url, apiKey: firewall.keys.operations, caPem: e2e.ca.certPem, requestsPerSecond: 200 }),
  );
  await app.page.reload();
  return { page: app.page, profileId: profile.id };
}

async function openSection(page: Page, name: string): Promise<Locator> {
  const view = page.getByRole('tabpanel', { name: 'Firewall' });
  await view.getByRole('navigation', { name: 'Firewall sections' }).getByRole('button', { name, exact: true }).click();
  const section = view.getByRole('region', { name });
  await section.waitFor();
  return section;
}

describe('sync settings', () => {
  test('the first sync shows its progress; interval, backfill and retention are checked, saved and kept', async () => {
    const { page, profileId } = await start(2500, { slowPagesMs: 3000 });
    const section = await openSection(page, 'Sync settings');
    const form = section.getByRole('form', { name: 'Sync settings' });
    await poll(() => form.getByLabel('Sync every').inputValue()).toBe('1');
    expect(await form.getByLabel('Unit').inputValue()).toBe('minutes');
    expect(await form.getByLabel('Days', { exact: true }).inputValue()).toBe('7');

    // The first sync's backfill, slowed down by the appliance: its progress shows while it runs.
    const progress = section.getByRole('status', { name: 'Alert sync' });
    await poll(() => textOf(progress)).toMatch(/First sync: [1-9][\d,]* of 2,500 alerts fetched/);
    expect(await progress.getByRole('progressbar').getAttribute('max')).toBe('2500');
    await shot(page, 'sync-settings-backfill');
    firewall!.faults.clear();
    await poll(() => textOf(progress)).toMatch(/Idle · 2,500 alerts cached/);
    expect(await textOf(progress)).toMatch(/Last complete sync (now|\d+ seconds? ago)/);

    // Values out of range are refused on their fields, in the words of what was typed.
    await form.getByLabel('Sync every').fill('5');
    await form.getByLabel('Unit').selectOption('seconds');
    await form.getByLabel('At most (alerts)').fill('10');
    await form.getByLabel('Alerts of the last (days)').fill('1.5');
    await form.getByRole('button', { name: 'Save' }).click();
    const interval = form.getByLabel('Sync every');
    await poll(() => interval.getAttribute('aria-invalid')).toBe('true');
    expect(await form.locator(`#${await interval.getAttribute('aria-describedby')}`).innerText()).toBe('Between 10 seconds and 24 hours.');
    const rows = form.getByLabel('At most (alerts)');
    expect(await form.locator(`#${await rows.getAttribute('aria-describedby')}`).innerText()).toBe('Between 1,000 and 5,000,000 alerts.');
    const days = form.getByLabel('Alerts of the last (days)');
    expect(await form.locator(`#${await days.getAttribute('aria-describedby')}`).innerText()).toBe('Enter a whole number.');
    expect(app!.services.firewall.syncSettings.get(profileId).intervalSeconds).toBe(60);
    await shot(page, 'sync-settings-invalid');

    await interval.fill('2');
    await form.getByLabel('Unit').selectOption('minutes');
    await form.getByLabel('Everything the cache keeps').check();
    await days.fill('30');
    await rows.fill('50000');
    await form.getByRole('button', { name: 'Save' }).click();
    await poll(() => form.getByRole('status').innerText()).toBe('Saved. The next sync follows these settings.');
    expect(app!.services.firewall.syncSettings.get(profileId)).toEqual({ intervalSeconds: 120, backfillDays: 30, retentionDays: 30, retentionRows: 50_000 });
    await shot(page, 'sync-settings');

    await page.reload();
    const again = (await openSection(page, 'Sync settings')).getByRole('form', { name: 'Sync settings' });
    await poll(() => again.getByLabel('Sync every').inputValue()).toBe('2');
    expect(await again.getByLabel('Everything the cache keeps').isChecked()).toBe(true);
    expect(await again.getByLabel('Alerts of the last (days)').inputValue()).toBe('30');
    expect(await again.getByLabel('At most (alerts)').inputValue()).toBe('50000');
  }, 90_000);
});

describe('webhook receiver', () => {
  test('off by default; switched on it listens, keeps the signing key in main, and a push from the appliance brings its alerts', async () => {
    const ipcLog: { channel: string; result: unknown }[] = [];
    const { page } = await start(20, { ipcLog });
    const view = page.getByRole('tabpanel', { name: 'Firewall' });
    await poll(() => view.getByRole('status', { name: 'Matching alerts' }).innerText()).toBe('20 alerts');

    const section = await openSection(page, 'Webhook receiver');
    const status = section.getByRole('status', { name: 'Receiver' });
    await poll(() => textOf(status)).toBe('Receiver Off');
    const form = section.getByRole('form', { name: 'Webhook receiver' });
    expect(await form.getByLabel("Receive the appliance's event pushes").isChecked()).toBe(false);
    await shot(page, 'webhook-receiver-off');

    const port = await freePort();
    const leaf = await e2e.localCertificate();
    const signingKey = 'whsec-e2e-signing-key-7f3a9c';
    await form.getByLabel("Receive the appliance's event pushes").check();
    await form.getByLabel('Listen on address').fill('127.0.0.1');
    await form.getByLabel('Port').fill(String(port));
    await form.getByLabel('Appliance address').fill('10.0.0.300');
    await form.getByLabel('Signing key', { exact: true }).fill(signingKey);
    await form.getByLabel('TLS certificate (PEM)').fill(leaf.certPem);
    await form.getByLabel('TLS private key (PEM)').fill(leaf.keyPem);
    await form.getByRole('button', { name: 'Save' }).click();
    const appliance = form.getByLabel('Appliance address');
    await poll(() => appliance.getAttribute('aria-invalid')).toBe('true');
    expect(await form.locator(`#${await appliance.getAttribute('aria-describedby')}`).innerText()).toBe('Enter one IPv4 or IPv6 address (not a range).');
    await shot(page, 'webhook-receiver-invalid');
    expect(await textOf(status)).toBe('Receiver Off');

    await appliance.fill('127.0.0.1');
    await form.getByRole('button', { name: 'Save' }).click();
    await poll(() => textOf(status)).toBe(`Receiver Listening on 127.0.0.1:${port} for 127.0.0.1`);
    expect(await form.getByLabel('Signing key', { exact: true }).inputValue()).toBe('');
    expect(await form.innerText()).toContain('A signing key is stored in the keychain');
    expect(await form.innerText()).toContain('A certificate and private key are stored');
    await shot(page, 'webhook-receiver-listening');

    // The appliance pushes its new alerts; the push starts a sync, so they arrive without "Sync now".
    firewall!.setWebhook({ url: `https://127.0.0.1:${port}/hook`, secret: signingKey });
    firewall!.addAlerts(3);
    await firewall!.webhooksIdle();
    expectEach(firewall!.webhookDeliveries.filter((delivery) => delivery.event === 'alert.created'), (delivery) => delivery.status === 200, 'be answered 200');
    await view.getByRole('navigation', { name: 'Firewall sections' }).getByRole('button', { name: 'Alerts', exact: true }).click();
    await poll(() => view.getByRole('status', { name: 'Matching alerts' }).innerText()).toBe('23 alerts');

    // The key stays in main: not in the page, not in anything main sent to it.
    expect(await page.content()).not.toContain(signingKey);
    expect(JSON.stringify(ipcLog)).not.toContain(signingKey);
    expect(JSON.stringify(ipcLog)).not.toContain(leaf.keyPem.split('\n')[1]);

    await page.reload();
    const reopened = await openSection(page, 'Webhook receiver');
    await poll(() => textOf(reopened.getByRole('status', { name: 'Receiver' }))).toBe(`Receiver Listening on 127.0.0.1:${port} for 127.0.0.1`);
    expect(await reopened.getByLabel("Receive the appliance's event pushes").isChecked()).toBe(true);
  }, 90_000);

  test('shows what arrived while the section is open: counts, and each delivery with its outcome, the refused ones with why; the sender\'s words as text', async () => {
    const { page, profileId } = await start(0);
    const port = await freePort();
    const leaf = await e2e.localCertificate();
    const signingKey = 'whsec-e2e-deliveries';
    await app!.services.firewall.webhooks.save({ profileId, enabled: true, host: '127.0.0.1', port, applianceAddress: '127.0.0.1', signingKey, certificatePem: leaf.certPem, privateKeyPem: leaf.keyPem });
    const section = await openSection(page, 'Webhook receiver');
    const counts = section.getByRole('status', { name: 'Deliveries since OpsDesk started' });
    await poll(() => textOf(counts)).toBe('Deliveries since OpsDesk started Handled 0 · Repeats ignored 0 · Refused 0');
    expect(await section.getByText('Nothing has arrived yet.').isVisible()).toBe(true);

    // Markup in the event kind and a right-to-left override in its id: shown as sent, never run.
    const event = '<img src=x onerror="window.__pwned=1">';
    const id = 'evt_\u202Egnp.exe';
    const statuses = await pushEveryOutcome({ url: `https://127.0.0.1:${port}/hook`, caPem: e2e.ca.certPem, signingKey }, { event, id });
    expect(statuses).toEqual([200, 200, 401, 400, 413, 403]);

    await poll(() => textOf(counts)).toBe('Deliveries since OpsDesk started Handled 1 · Repeats ignored 1 · Refused 4');
    const table = section.getByRole('table', { name: 'Last deliveries' });
    const rows = table.getByRole('row');
    await poll(() => rows.count()).toBe(1 + everyOutcome.length);
    const outcomes = ["Refused: not the appliance's address", 'Refused: too large', 'Refused: malformed, not a push', 'Refused: wrong signature', 'A repeat, ignored', 'Handled'];
    for (const [index, expected] of everyOutcome.entries()) {
      const cells = (await rows.nth(index + 1).getByRole('cell').allInnerTexts()).map((text) => text.trim());
      expect(cells.slice(1)).toEqual(
        expected.outcome === 'refused' ? [expected.from, 'not read', 'not read', outcomes[index]] : [expected.from, event, 'evt_⟨U+202E⟩gnp.exe', outcomes[index]],
      );
    }
    expect(await table.locator('img').count()).toBe(0);
    expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
    await shot(page, 'webhook-receiver-deliveries');
  }, 90_000);
});
