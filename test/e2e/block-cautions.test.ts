// Addresses that must never be blocked (issue 40, item 2), in Chromium against the firewall
// simulator, which listens on 127.0.0.1: so an alert "from" 127.0.0.1 comes from a loopback address
// that is also the appliance's own. The alert, the address card and the Block dialog say why it is
// never blocked and nothing sends it; a link-local address is asked about again; a documentation
// address is said and blocked with one click; the bulk preview lists the refused and the warned
// apart, sends the refused never and the warned only when ticked.
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { FIREWALL_API_PREFIX, FirewallSim } from '../sim/index.ts';
import type { AppUnderTest } from '../support/app-harness.ts';
import { setUpE2e } from '../support/e2e-setup.ts';
import { shot } from '../support/e2e-shots.ts';
import { firewallProfile } from '../support/firewall-profile.ts';
import { expectNoEnglish } from '../support/no-english.ts';

const e2e = setUpE2e({ scratchPrefix: 'opsdesk-cautions-' });
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000 });

const loopbackWords = 'A loopback address (127.0.0.0/8)';
const applianceWords = (host: string) => `The appliance’s own management address (${host})`;

/** An appliance with alerts from each address, cached in an app showing it. */
async function scene(sources: string[], language: 'en' | 'zh-CN' = 'en'): Promise<{ app: AppUnderTest; firewall: FirewallSim; profileId: string }> {
  const firewall = await e2e.serve(new FirewallSim({ seed: 3, alertCount: 0, caPem: e2e.ca.certPem }));
  for (const source of sources) firewall.addAlerts(2, { src_ip: source, signature: `ET SCAN from ${source}` });
  const app = await e2e.openApp({ locale: 'en-US' });
  if (language !== 'en') app.services.preferences.setLanguage(language);
  const profile = await app.services.profiles.save(
    firewallProfile({ name: 'Branch firewall', baseUrl: firewall.url, apiKey: firewall.keys.operations, caPem: e2e.ca.certPem, requestsPerSecond: 100 }),
  );
  await app.services.firewall.syncNow(profile.id);
  await app.page.reload();
  return { app, firewall, profileId: profile.id };
}

const blockPosts = (firewall: FirewallSim) => firewall.requests.filter((request) => request.method === 'POST' && request.path === `${FIREWALL_API_PREFIX}/blocklist`);

/** The Block dialog of the block list's Add, with `ip` typed in. */
async function typedBlock(page: Page, ip: string) {
  const panel = page.getByRole('tabpanel', { name: 'Firewall' });
  await panel.getByRole('navigation', { name: 'Firewall sections' }).getByRole('button', { name: 'Block list' }).click();
  await panel.getByRole('region', { name: 'Block list' }).getByRole('button', { name: 'Add block' }).click();
  const dialog = page.getByRole('dialog', { name: 'Block an address' });
  await dialog.getByRole('textbox', { name: 'Address' }).fill(ip);
  return dialog;
}

describe('addresses that must never be blocked', () => {
  test('an alert from the appliance’s own loopback address: the alert, the card and the dialog say why; nothing sends it. Link-local asks again; a documentation address is said and blocked at once', async () => {
    const { app, firewall } = await scene(['127.0.0.1']);
    const { page } = app;
    const host = new URL(firewall.url).hostname;

    // The alert's detail says it before any click, and offers no Block source.
    const panel = page.getByRole('tabpanel', { name: 'Firewall' });
    const rows = panel.getByRole('grid').getByRole('rowgroup');
    await poll(() => rows.locator('[role="row"]').count()).toBeGreaterThan(0);
    await rows.focus();
    await page.keyboard.press('Home');
    await page.keyboard.press('Enter');
    const detail = panel.getByRole('complementary');
    await poll(() => detail.innerText()).toContain('OpsDesk never blocks this address.');
    expect(await detail.innerText()).toContain(loopbackWords);
    expect(await detail.innerText()).toContain(applianceWords(host));
    expect(await detail.getByRole('button', { name: 'Block source 127.0.0.1' }).isDisabled()).toBe(true);
    await shot(page, 'cautions-alert-en');

    // The address card, the same.
    await detail.getByRole('button', { name: '127.0.0.1', exact: true }).first().click();
    const standing = page.getByRole('tabpanel', { name: '127.0.0.1' }).getByRole('listitem', { name: 'Firewall Branch firewall' });
    await poll(() => standing.innerText()).toContain('OpsDesk never blocks this address.');
    expect(await standing.innerText()).toContain(applianceWords(host));
    expect(await standing.getByRole('button', { name: 'Block…' }).isDisabled()).toBe(true);
    await page.getByRole('tab', { name: 'Firewall' }).click();

    // Typed into the Block dialog: the reason, and no way to confirm (Enter neither).
    const dialog = await typedBlock(page, '127.0.0.1');
    const refusal = dialog.getByRole('alert');
    await poll(() => refusal.innerText()).toContain('OpsDesk never blocks 127.0.0.1:');
    expect(await refusal.innerText()).toContain(loopbackWords);
    expect(await refusal.innerText()).toContain(applianceWords(host));
    const confirm = dialog.getByRole('button', { name: 'Block', exact: true });
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel('Reason').press('Enter');
    await shot(page, 'cautions-dialog-refused-en');
    // The IPv4-mapped way of writing it is the same address.
    await dialog.getByRole('textbox', { name: 'Address' }).fill('::ffff:127.0.0.1');
    await poll(() => refusal.innerText()).toContain('OpsDesk never blocks ::ffff:127.0.0.1:');
    expect(await confirm.isDisabled()).toBe(true);

    // Link-local: warned, asked again, then blocked.
    await dialog.getByRole('textbox', { name: 'Address' }).fill('169.254.20.30');
    await poll(() => dialog.getByRole('note').innerText()).toContain('A link-local address (169.254.0.0/16)');
    expect(await dialog.getByRole('alert').count()).toBe(0);
    await confirm.click();
    await poll(() => dialog.getByRole('alert').innerText()).toContain('Block 169.254.20.30 even so?');
    expect(blockPosts(firewall)).toEqual([]);
    await dialog.getByRole('button', { name: 'Block anyway' }).click();
    await poll(() => firewall.blockedAddresses()).toContain('169.254.20.30');
    expect(blockPosts(firewall).map((request) => request.path)).toHaveLength(1);

    // A documentation address: said as a line, blocked with the one click every block takes.
    const lab = await typedBlock(page, '203.0.113.9');
    await poll(() => lab.innerText()).toContain('In a documentation range (203.0.113.0/24): used by labs and simulators');
    await lab.getByRole('button', { name: 'Block', exact: true }).click();
    await poll(() => firewall.blockedAddresses()).toContain('203.0.113.9');

    expect(firewall.committedWrites.filter((write) => write.method === 'POST').map((write) => write.key)).toEqual(['169.254.20.30', '203.0.113.9']);
    expect(blockPosts(firewall)).toHaveLength(2);
  });

  test('the bulk preview lists what is never blocked and what is left out unless ticked, with the reasons; the refused is never sent', async () => {
    const sources = ['127.0.0.1', '169.254.7.7', '203.0.113.50', '45.33.32.156'];
    const { app, firewall } = await scene(sources);
    const { page } = app;
    const panel = page.getByRole('tabpanel', { name: 'Firewall' });
    await poll(() => panel.getByRole('status', { name: 'Matching alerts' }).innerText()).toContain('8');
    await panel.getByRole('grid', { name: 'Alerts' }).getByRole('checkbox', { name: /^Select alert / }).first().click();
    const bar = panel.getByRole('toolbar', { name: 'Selected alerts' });
    await bar.getByRole('button', { name: 'Select all 8 matching the filter' }).click();
    await bar.getByRole('button', { name: 'Block the distinct sources…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Block the sources of these alerts' });
    await poll(() => dialog.getByRole('status').innerText()).toContain('4 distinct source addresses.');

    const never = dialog.getByRole('region', { name: 'Never blocked' });
    expect(await never.innerText()).toContain('1 is an address OpsDesk never blocks, and is left out:');
    expect(await never.getByRole('listitem').first().innerText()).toContain('127.0.0.1');
    expect(await never.innerText()).toContain(loopbackWords);
    expect(await never.innerText()).toContain(applianceWords(new URL(firewall.url).hostname));
    expect(await never.getByRole('checkbox').count()).toBe(0);
    const warned = dialog.getByRole('region', { name: 'Left out unless ticked' });
    expect(await warned.innerText()).toContain('A link-local address (169.254.0.0/16)');
    const tick = warned.getByRole('checkbox', { name: 'Block 169.254.7.7 too' });
    expect(await tick.isChecked()).toBe(false);
    expect(await dialog.innerText()).toContain('1 is in a documentation range (used by labs and simulators) and is blocked like the others.');
    expect(await dialog.getByRole('button', { name: /^Block \d+ address/ }).innerText()).toBe('Block 2 addresses');
    await shot(page, 'cautions-bulk-en');
    await tick.check();
    await dialog.getByRole('button', { name: 'Block 3 addresses' }).click();
    await poll(() => dialog.getByRole('status').innerText()).toBe('3 blocked · 0 queued · 0 failed · 0 to go');
    const blocked = firewall.committedWrites.filter((write) => write.method === 'POST').map((write) => write.key);
    expect(blocked.sort()).toEqual(['169.254.7.7', '203.0.113.50', '45.33.32.156']);
    expect(blockPosts(firewall)).toHaveLength(3);
  });

  test('in 简体中文: the dialog says why, nothing English left', async () => {
    const { app, firewall } = await scene(['127.0.0.1'], 'zh-CN');
    const { page } = app;
    const panel = page.getByRole('tabpanel', { name: '防火墙' });
    await panel.getByRole('navigation', { name: '防火墙分区' }).getByRole('button', { name: '封禁列表' }).click();
    await panel.getByRole('region', { name: '封禁列表' }).getByRole('button', { name: '添加封禁' }).click();
    const dialog = page.getByRole('dialog', { name: '封禁地址' });
    await dialog.getByRole('textbox', { name: '地址' }).fill('127.0.0.1');
    await poll(() => dialog.getByRole('alert').innerText()).toContain('OpsDesk 从不封禁 127.0.0.1：');
    expect(await dialog.getByRole('alert').innerText()).toContain('环回地址（127.0.0.0/8）');
    expect(await dialog.getByRole('button', { name: '封禁', exact: true }).isDisabled()).toBe(true);
    await expectNoEnglish(dialog);
    await shot(page, 'cautions-dialog-zh');
    expect(blockPosts(firewall)).toEqual([]);
  });
});
