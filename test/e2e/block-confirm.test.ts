// Blocking and allowing safely (issue 30): every block is asked first (address, appliance, how
// long, why; Enter confirms), can be undone for a few seconds, and asks again for an address on
// the allow list or in the analyst's protected ranges. Quick allow from an alert works the same way.
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { FIREWALL_API_PREFIX, FirewallSim } from '../sim/index.ts';
import type { AppUnderTest } from '../support/app-harness.ts';
import { setUpE2e } from '../support/e2e-setup.ts';
import { firewallProfile } from '../support/firewall-profile.ts';
import { expectNoEnglish } from '../support/no-english.ts';

const e2e = setUpE2e({ scratchPrefix: 'opsdesk-block-' });

async function shot(page: Page, name: string): Promise<void> {
  const folder = process.env.OPSDESK_E2E_SHOTS;
  if (folder) await page.screenshot({ path: path.join(folder, `block-confirm-${name}.png`) });
}

/** Both themes of what is on screen now. */
async function shots(page: Page, name: string): Promise<void> {
  await shot(page, `${name}-light`);
  await page.emulateMedia({ colorScheme: 'dark' });
  await shot(page, `${name}-dark`);
  await page.emulateMedia({ colorScheme: 'light' });
}

const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000 });

// A refusal that asks for an hour's wait: the outbox then makes no attempt of its own while the
// test clicks Retry or Discard (a backoff's attempt could send the write, or turn the buttons off,
// at any moment of a test on a loaded machine).
const noAttemptOfItsOwn = { retryAfterSeconds: 3600 };

/** An appliance whose alerts all come from `source`. */
async function startFirewall(source: string): Promise<FirewallSim> {
  const firewall = await e2e.serve(new FirewallSim({ seed: 7, alertCount: 0, caPem: e2e.ca.certPem }));
  firewall.addAlerts(8, { src_ip: source, signature: 'ET SCAN Suspicious inbound to SSH' });
  return firewall;
}

async function openWithFirewall(firewall: FirewallSim, language: 'en' | 'zh-CN' = 'en'): Promise<{ app: AppUnderTest; profileId: string }> {
  // No background sync: the one sync below fills the cache, and nothing else calls the appliance.
  const app = await e2e.openApp({ locale: 'en-US' });
  if (language === 'zh-CN') app.services.preferences.setLanguage('zh-CN');
  const profile = await app.services.profiles.save(
    firewallProfile({ name: 'Branch firewall', baseUrl: firewall.url, apiKey: firewall.keys.operations, caPem: e2e.ca.certPem, requestsPerSecond: 100 }),
  );
  await app.services.firewall.syncNow(profile.id);
  await app.page.reload();
  return { app, profileId: profile.id };
}

/** The newest alert's detail beside the table. */
async function openNewestAlert(page: Page, firewallTab: string) {
  const panel = page.getByRole('tabpanel', { name: firewallTab });
  const rows = panel.getByRole('grid').getByRole('rowgroup');
  await poll(() => rows.locator('[role="row"]').count()).toBeGreaterThan(0);
  await rows.focus();
  await page.keyboard.press('Home');
  await page.keyboard.press('Enter');
  return panel.getByRole('complementary');
}

/** The Firewall view's section `name` (its navigation button and its region share the name). */
async function openFirewallSection(page: Page, name: string) {
  const panel = page.getByRole('tabpanel', { name: 'Firewall' });
  await panel.getByRole('navigation', { name: 'Firewall sections' }).getByRole('button', { name }).click();
  return panel.getByRole('region', { name });
}

/** Adds an allow-list entry with the list's own form. */
async function addAllowEntry(section: Locator, range: string) {
  await section.getByRole('button', { name: 'Add allow list entry' }).click();
  const form = section.getByRole('form', { name: 'Add allow list entry' });
  await form.getByLabel('IP address or network').fill(range);
  await form.getByRole('button', { name: 'Add', exact: true }).click();
}

/** Every result row (the header aside) holds the words. */
function expectEvery(rows: string[], words: string) {
  expect(rows.length).toBeGreaterThan(1);
  expect(rows.slice(1).filter((text) => !text.includes(words))).toEqual([]);
}

const posts = (firewall: FirewallSim, path: string) => firewall.requests.filter((request) => request.method === 'POST' && request.path === `${FIREWALL_API_PREFIX}${path}`).length;

describe('blocking and allowing, asked first and undoable', () => {
  test('block from an alert: the confirmation says what, where, how long and why; Enter blocks; Undo leaves nothing on the appliance', async () => {
    const source = '203.0.113.77';
    const firewall = await startFirewall(source);
    const { app, profileId } = await openWithFirewall(firewall);
    const { page } = app;
    const detail = await openNewestAlert(page, 'Firewall');

    await detail.getByRole('button', { name: `Block source ${source}` }).click();
    const confirmation = page.getByRole('dialog', { name: `Block ${source}?` });
    const asked = await confirmation.innerText();
    expect(asked).toContain(source);
    expect(asked).toContain('Branch firewall');
    expect(await confirmation.getByRole('combobox', { name: 'Duration' }).inputValue()).toBe('86400');
    expect(await confirmation.getByLabel('Reason').inputValue()).toBe('ET SCAN Suspicious inbound to SSH');
    // Nothing is sent until the analyst confirms.
    expect(posts(firewall, '/blocklist')).toBe(0);
    await confirmation.getByRole('combobox', { name: 'Duration' }).selectOption({ label: 'Custom…' });
    await confirmation.getByRole('spinbutton', { name: 'Custom duration' }).fill('90');
    await confirmation.getByRole('combobox', { name: 'Custom duration unit' }).selectOption({ label: 'minutes' });
    await shots(page, 'dialog-en');
    await confirmation.getByLabel('Reason').press('Enter');

    const toast = page.getByRole('status', { name: 'Done, with undo' });
    await poll(() => toast.innerText()).toContain(`Blocked ${source} on Branch firewall for`);
    await poll(() => firewall.blockedAddresses()).toContain(source);
    await poll(() => app.services.firewall.blocks.list(profileId).items.find((entry) => entry.ip === source)?.durationSeconds).toBe(5400);
    // The alert shows the block with the time it has left, and Extend and Unblock.
    await poll(() => detail.getByRole('status').innerText()).toMatch(new RegExp(`The block list holds ${source.replaceAll('.', '\\.')} · ends in (1 hour|89 minutes|90 minutes)`));
    expect(await detail.getByRole('button', { name: 'Extend' }).count()).toBe(1);
    await shots(page, 'undo-toast-en');

    await toast.getByRole('button', { name: 'Undo' }).click();
    await poll(() => firewall.blockedAddresses()).not.toContain(source);
    await poll(() => toast.count()).toBe(0);
    await poll(() => detail.getByRole('button', { name: `Block source ${source}` }).count()).toBe(1);
  });

  test('Undo of a block whose answer was lost asks the appliance first: taken back there when it had it, never "undone" while unknown', async () => {
    const source = '203.0.113.79';
    const firewall = await startFirewall(source);
    const { app } = await openWithFirewall(firewall);
    const { page } = app;
    const detail = await openNewestAlert(page, 'Firewall');

    // The appliance blocks, and its answer never arrives.
    firewall.faults.add({ method: 'POST', path: '/blocklist', kind: 'drop-after-commit', times: 1 });
    await detail.getByRole('button', { name: `Block source ${source}` }).click();
    await page.getByRole('dialog', { name: `Block ${source}?` }).getByRole('button', { name: 'Block', exact: true }).click();
    const toast = page.getByRole('status', { name: 'Done, with undo' });
    await poll(() => toast.innerText()).toContain(`The block of ${source} waits in the outbox`);
    expect(firewall.blockedAddresses()).toContain(source);
    // Where it came from and who made it, on the appliance too.
    const sentReason = firewall.committedWrites.find((write) => write.method === 'POST' && write.key === source)?.body['reason'];
    expect(sentReason).toMatch(/^OpsDesk: alert \S+ by .+: ET SCAN Suspicious inbound to SSH$/);

    await toast.getByRole('button', { name: 'Undo' }).click();
    await poll(() => toast.count()).toBe(0);
    expect(firewall.blockedAddresses()).not.toContain(source);
    await poll(() => detail.getByRole('button', { name: `Block source ${source}` }).count()).toBe(1);

    // The same, and the appliance away when Undo asks: not undone, and said so; the block goes once it answers.
    firewall.faults.add({ method: 'POST', path: '/blocklist', kind: 'drop-after-commit', times: 1 });
    await detail.getByRole('button', { name: `Block source ${source}` }).click();
    await page.getByRole('dialog', { name: `Block ${source}?` }).getByRole('button', { name: 'Block', exact: true }).click();
    await poll(() => toast.innerText()).toContain(`The block of ${source} waits in the outbox`);
    await firewall.goDown();
    await toast.getByRole('button', { name: 'Undo' }).click();
    await poll(() => toast.innerText()).toContain('Could not undo');
    expect(await toast.innerText()).toContain('OpsDesk cannot tell yet whether the appliance already has this change');
    await shots(page, 'undo-unconfirmed-en');
    await firewall.comeBack();
    await poll(() => detail.getByRole('status').innerText()).toContain(`The block list holds ${source}`);
    expect(firewall.blockedAddresses()).toContain(source);
  });

  test('a block or a release the appliance has not taken says it waits, not that it is done; Retry sends it once', async () => {
    const source = '203.0.113.78';
    const firewall = await startFirewall(source);
    const { app } = await openWithFirewall(firewall);
    const { page } = app;
    const detail = await openNewestAlert(page, 'Firewall');
    firewall.faults.add({ method: 'POST', path: '/blocklist', kind: 'status', status: 503, ...noAttemptOfItsOwn });

    await detail.getByRole('button', { name: `Block source ${source}` }).click();
    await page.getByRole('dialog', { name: `Block ${source}?` }).getByRole('button', { name: 'Block', exact: true }).click();
    // The toast first: it leaves after its ten seconds, which a loaded machine can spend on the checks below.
    await poll(() => page.getByRole('status', { name: 'Done, with undo' }).innerText()).toContain(`The block of ${source} waits in the outbox: it goes to Branch firewall when the appliance answers.`);
    await poll(() => detail.getByRole('status').innerText()).toMatch(new RegExp(`^WAITING\\s*The block of ${source.replaceAll('.', '\\.')} has not reached the appliance yet · Queued`));
    expect(await detail.getByRole('button', { name: 'Extend' }).count()).toBe(0);
    expect(await detail.getByRole('button', { name: 'Unblock' }).count()).toBe(0);
    expect(firewall.blockedAddresses()).not.toContain(source);
    await shots(page, 'waiting-en');

    // The block list and the address card say the same: waiting, for how long once sent.
    const panel = page.getByRole('tabpanel', { name: 'Firewall' });
    await panel.getByRole('navigation', { name: 'Firewall sections' }).getByRole('button', { name: 'Block list' }).click();
    const listed = panel.getByRole('row', { name: `Block ${source}` });
    await poll(() => listed.innerText()).toContain('1 day once sent');
    expect(await listed.innerText()).toContain('Queued');
    // Nothing stands yet to extend or lift: its write is retried or discarded.
    expect(await listed.getByRole('button', { name: /^(Extend|Unblock) / }).count()).toBe(0);
    expect(await listed.getByRole('button', { name: 'Discard' }).count()).toBe(1);
    await panel.getByRole('navigation', { name: 'Firewall sections' }).getByRole('button', { name: 'Alerts' }).click();
    const again = await openNewestAlert(page, 'Firewall');
    await again.getByRole('button', { name: source, exact: true }).first().click();
    const card = page.getByRole('tabpanel', { name: source });
    const standing = card.getByRole('listitem', { name: 'Firewall Branch firewall' });
    await poll(() => standing.getByRole('status').first().innerText()).toMatch(/^block waiting$/i);
    expect(await standing.innerText()).toContain(`Waiting to block ${source} · 1 day once sent`);
    // Not blocked, so not unblocked: the waiting write is retried or discarded.
    expect(await standing.getByRole('button', { name: /^Unblock/ }).count()).toBe(0);
    expect(await standing.getByRole('button', { name: 'Discard' }).count()).toBe(1);
    await shots(page, 'waiting-card-en');
    await page.getByRole('tab', { name: 'Firewall' }).click();

    firewall.faults.clear();
    await detail.getByRole('button', { name: 'Retry' }).click();
    await poll(() => detail.getByRole('status').innerText()).toContain(`The block list holds ${source}`);
    expect(firewall.blockedAddresses()).toContain(source);
    expect(await detail.getByRole('button', { name: 'Unblock' }).count()).toBe(1);

    // An unblock the appliance has not taken, in the block's own tab: the block stands, its release waits.
    firewall.faults.add({ method: 'DELETE', path: /^\/blocklist\//, kind: 'status', status: 503, ...noAttemptOfItsOwn });
    await panel.getByRole('navigation', { name: 'Firewall sections' }).getByRole('button', { name: 'Block list' }).click();
    // A row's actions show while the pointer is on it.
    await panel.getByRole('row', { name: `Block ${source}` }).hover();
    await panel.getByRole('button', { name: `Open block ${source}` }).click();
    const blockTab = page.getByRole('region', { name: 'Block-list entry' });
    await blockTab.getByRole('button', { name: 'Unblock' }).click();
    await page.getByRole('dialog', { name: `Unblock ${source}?` }).getByRole('button', { name: 'Unblock' }).click();
    await poll(() => blockTab.getByRole('status').first().innerText()).toMatch(/^Queued/);
    expect(await blockTab.getByRole('button', { name: 'Unblock' }).count()).toBe(0);
    await shots(page, 'unblock-waiting-en');
    expect(firewall.blockedAddresses()).toContain(source);
    firewall.faults.clear();
    await blockTab.getByRole('button', { name: 'Retry' }).click();
    await poll(() => firewall.blockedAddresses()).not.toContain(source);
    await poll(() => blockTab.getByRole('status').innerText()).toContain(`Unblocked: traffic from ${source} reaches the network again.`);
  });

  test('an address on the allow list or in a protected range is asked about again, with the reason', async () => {
    const office = '10.20.30.40';
    const firewall = await startFirewall(office);
    const { app, profileId } = await openWithFirewall(firewall);
    const { page, services } = app;
    await services.firewall.allowlist.create(profileId, { ip: '10.20.30.0/24', description: 'Branch printers' });
    const panel = page.getByRole('tabpanel', { name: 'Firewall' });
    const nav = panel.getByRole('navigation', { name: 'Firewall sections' });

    // The protected ranges start as the private ranges, switched off; the analyst names the VPN's and turns them on.
    await nav.getByRole('button', { name: 'Protected ranges' }).click();
    const settings = panel.getByRole('region', { name: 'Protected ranges' });
    const rangeInputs = settings.getByRole('textbox', { name: 'Address or range' });
    expect(await rangeInputs.evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value))).toEqual(['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7']);
    expect(await settings.getByRole('checkbox').isChecked()).toBe(false);
    await settings.getByRole('checkbox').check();
    await settings.getByRole('textbox', { name: 'Name' }).first().fill('Office VPN');
    await settings.getByRole('button', { name: 'Save' }).click();
    await poll(() => settings.getByRole('status').innerText()).toBe('Saved.');
    expect(services.firewall.protectedRanges.get()).toMatchObject({ enabled: true, ranges: [{ range: '10.0.0.0/8', label: 'Office VPN' }, {}, {}, {}] });

    await nav.getByRole('button', { name: 'Alerts' }).click();
    const detail = await openNewestAlert(page, 'Firewall');
    await detail.getByRole('button', { name: `Block source ${office}` }).click();
    const confirmation = page.getByRole('dialog', { name: `Block ${office}?` });
    const warning = confirmation.getByRole('note');
    await poll(() => warning.innerText()).toContain('On this appliance\'s allow list as 10.20.30.0/24 (Branch printers)');
    expect(await warning.innerText()).toContain('In your protected range 10.0.0.0/8 (Office VPN)');

    // The first Enter (focus starts on Block) asks again and sends nothing; Back returns; Block anyway blocks.
    await page.keyboard.press('Enter');
    await poll(() => confirmation.getByRole('alert').innerText()).toContain(`Block ${office} even so?`);
    expect(posts(firewall, '/blocklist')).toBe(0);
    await shots(page, 'protected-en');
    await confirmation.getByRole('button', { name: 'Back' }).click();
    expect(await confirmation.getByRole('button', { name: 'Block', exact: true }).count()).toBe(1);
    await confirmation.getByRole('button', { name: 'Block', exact: true }).click();
    await confirmation.getByRole('button', { name: 'Block anyway' }).click();
    await poll(() => firewall.blockedAddresses()).toContain(office);
  });

  test('quick allow from an alert, with the same confirmation and undo', async () => {
    const source = '198.51.100.23';
    const firewall = await startFirewall(source);
    const { app } = await openWithFirewall(firewall);
    const { page } = app;
    const detail = await openNewestAlert(page, 'Firewall');

    await detail.getByRole('button', { name: `Allow ${source}` }).click();
    const confirmation = page.getByRole('dialog', { name: `Allow ${source}?` });
    expect(await confirmation.innerText()).toContain('Branch firewall');
    expect(await confirmation.getByLabel('Description').inputValue()).toMatch(/^OpsDesk: alert \S+: ET SCAN/);
    expect(posts(firewall, '/allowlist')).toBe(0);
    await shots(page, 'allow-en');
    await page.keyboard.press('Enter');

    const toast = page.getByRole('status', { name: 'Done, with undo' });
    await poll(() => toast.innerText()).toContain(`Allowed ${source} on Branch firewall.`);
    expect(firewall.allowedAddresses()).toContain(source);
    await toast.getByRole('button', { name: 'Undo' }).click();
    await poll(() => firewall.allowedAddresses()).not.toContain(source);
    await poll(() => toast.count()).toBe(0);

    // With the appliance refusing for now, the toast says the allow waits; its Undo discards it.
    firewall.faults.add({ method: 'POST', path: '/allowlist', kind: 'status', status: 503, ...noAttemptOfItsOwn });
    await detail.getByRole('button', { name: `Allow ${source}` }).click();
    await page.getByRole('dialog', { name: `Allow ${source}?` }).getByRole('button', { name: 'Allow', exact: true }).click();
    await poll(() => toast.innerText()).toContain(`The allow of ${source} waits in the outbox: it goes to Branch firewall when the appliance answers.`);
    await toast.getByRole('button', { name: 'Undo' }).click();
    await poll(() => app.services.outbox.list({ states: ['queued'] }).length).toBe(0);
    firewall.faults.clear();
    expect(firewall.allowedAddresses()).not.toContain(source);
  });

  test('the allow list shows the changes the appliance has not taken until they go, with Retry and Discard', async () => {
    const firewall = await startFirewall('198.51.100.30');
    const { app, profileId } = await openWithFirewall(firewall);
    const { page } = app;
    const kept = await app.services.firewall.allowlist.create(profileId, { ip: '192.0.2.10', description: 'Monitoring' });
    if ('queued' in kept) throw new Error('the appliance did not take the allow entry');
    const section = await openFirewallSection(page, 'Allow list');
    await section.getByRole('row', { name: '192.0.2.10' }).waitFor();

    // A change the appliance takes at once is never listed as waiting, not even for a frame.
    await page.evaluate(() => {
      const seen = { waiting: false };
      Object.assign(window, { seen });
      new MutationObserver(() => (seen.waiting ||= document.querySelector('[aria-label="Not sent yet"]') !== null)).observe(document.body, { childList: true, subtree: true });
    });
    await addAllowEntry(section, '100.64.11.0/24');
    await poll(() => section.getByRole('row', { name: '100.64.11.0/24' }).count()).toBe(1);
    expect(await page.evaluate(() => (window as unknown as { seen: { waiting: boolean } }).seen.waiting)).toBe(false);

    firewall.faults.add({ method: 'POST', path: '/allowlist', kind: 'status', status: 503, ...noAttemptOfItsOwn });
    firewall.faults.add({ method: 'DELETE', path: /^\/allowlist\//, kind: 'status', status: 409 });
    await addAllowEntry(section, '100.64.12.0/24');
    await section.getByRole('button', { name: 'Delete 192.0.2.10' }).click();
    const deleting = page.getByRole('dialog', { name: 'Delete 192.0.2.10?' });
    await deleting.getByRole('button', { name: 'Delete' }).click();
    // The refusal is said where it was asked; the refused write stays below the list with Retry and Discard.
    await poll(() => deleting.innerText()).toContain('Nothing was changed');
    await deleting.getByRole('button', { name: 'Cancel' }).click();

    const waiting = section.getByRole('region', { name: 'Not sent yet' });
    // In the order made: the add waits (queued, or sending again by itself after its backoff); the refused release failed.
    await poll(() => waiting.getByRole('listitem').allInnerTexts()).toEqual([
      expect.stringMatching(/^Allow 100\.64\.12\.0\/24\s+(Queued|Sending)/),
      expect.stringMatching(new RegExp(`^Remove allow-list entry ${kept.id}\\s+Failed: .*\\s+Retry\\s+Discard$`)),
    ]);
    expect(await section.getByRole('row', { name: '192.0.2.10' }).count()).toBe(1);
    await section.getByRole('button', { name: 'Add allow list entry' }).scrollIntoViewIfNeeded();
    await shots(page, 'allowlist-waiting-en');

    // Discard takes the release back: it is never sent, and the entry stays.
    await waiting.getByRole('listitem').last().getByRole('button', { name: 'Discard' }).click();
    await page.getByRole('dialog', { name: 'Discard this change?' }).getByRole('button', { name: 'Discard' }).click();
    await poll(() => waiting.getByRole('listitem').count()).toBe(1);
    // The appliance answers again; the add goes (sent at once here, not after its backoff) and the list shows it.
    firewall.faults.clear();
    const [add] = app.services.outbox.list({ states: ['queued', 'sending'] });
    await app.services.outbox.retry(add!.id);
    await poll(() => waiting.count()).toBe(0);
    await poll(() => section.getByRole('row', { name: '100.64.12.0/24' }).count()).toBe(1);
    expect(await section.getByRole('row', { name: '192.0.2.10' }).count()).toBe(1);
    expect(firewall.allowedAddresses()).toEqual(expect.arrayContaining(['100.64.12.0/24', '192.0.2.10']));
  });

  test('a Discard being confirmed stays open while its write is tried again, off until the attempt ends', async () => {
    const firewall = await startFirewall('198.51.100.31');
    const { app } = await openWithFirewall(firewall);
    const { page } = app;
    const section = await openFirewallSection(page, 'Allow list');
    firewall.faults.add({ method: 'POST', path: '/allowlist', kind: 'status', status: 503, ...noAttemptOfItsOwn });
    await addAllowEntry(section, '100.64.13.0/24');
    const waiting = section.getByRole('region', { name: 'Not sent yet' });
    await waiting.getByRole('button', { name: 'Discard' }).click();
    const question = page.getByRole('dialog', { name: 'Discard this change?' });
    await question.waitFor();

    // The next attempt starts while the analyst reads the question (the appliance now slow, then taking it).
    firewall.faults.clear();
    firewall.faults.add({ method: 'POST', path: '/allowlist', kind: 'delay', ms: 3000, times: 1 });
    const [write] = app.services.outbox.list({ states: ['queued'] });
    void app.services.outbox.retry(write!.id);
    await poll(() => question.getByRole('button', { name: 'Discard' }).isDisabled()).toBe(true);
    expect(await question.getByRole('status').innerText()).toBe('It is being sent again right now; it can be discarded if this attempt does not go through.');
    expect(await waiting.getByRole('button', { name: 'Retry' }).isDisabled()).toBe(true);
    await shots(page, 'discard-while-sending-en');
    // It went: nothing is left to discard, and the question goes with it.
    await poll(() => question.count()).toBe(0);
    await poll(() => section.getByRole('row', { name: '100.64.13.0/24' }).count()).toBe(1);
    expect(await waiting.count()).toBe(0);
  });

  test('log search answers as the words are typed (not remembered as recent searches); quick allow from a row', async () => {
    const firewall = await startFirewall('198.51.100.40');
    const { app } = await openWithFirewall(firewall);
    const { page } = app;
    const panel = page.getByRole('tabpanel', { name: 'Firewall' });
    await panel.getByRole('navigation', { name: 'Firewall sections' }).getByRole('button', { name: 'Log search' }).click();
    const section = panel.getByRole('region', { name: 'Log search' });
    const builder = section.getByRole('form', { name: 'Query' });
    await builder.getByLabel('Time').selectOption('all');
    const searches = () => firewall.requests.filter((request) => request.path === `${FIREWALL_API_PREFIX}/logs/search`).length;

    // Typed with no Search pressed: the results answer, after one search.
    await builder.getByLabel('Text', { exact: true }).fill('deny');
    const results = section.getByRole('region', { name: 'Results' });
    await poll(() => results.getByRole('row').count()).toBeGreaterThan(1);
    expectEvery(await results.getByRole('row').allInnerTexts(), 'deny');
    expect(JSON.parse(await builder.getByLabel('Query object sent').innerText())).toMatchObject({ query: 'deny' });
    expect(searches()).toBe(1);
    expect(await section.getByRole('complementary', { name: 'Recent searches' }).innerText()).toContain('Searches you run are kept here.');

    const allow = results.getByRole('button', { name: /^Allow / }).first();
    const source = (await allow.getAttribute('aria-label'))!.replace('Allow ', '');
    await allow.click();
    const confirmation = page.getByRole('dialog', { name: `Allow ${source}?` });
    await confirmation.getByRole('button', { name: 'Allow', exact: true }).click();
    await poll(() => firewall.allowedAddresses()).toContain(source);
    await page.getByRole('status', { name: 'Done, with undo' }).getByRole('button', { name: 'Undo' }).click();
    await poll(() => firewall.allowedAddresses()).not.toContain(source);
  });

  test('in 简体中文: the confirmation, the second question and the undo toast, nothing English left', async () => {
    const office = '192.168.7.9';
    const firewall = await startFirewall(office);
    const { app } = await openWithFirewall(firewall, 'zh-CN');
    const { page, services } = app;
    services.firewall.protectedRanges.save({ enabled: true, ranges: [{ range: '192.168.0.0/16', label: '办公室' }] });

    const detail = await openNewestAlert(page, '防火墙');
    await detail.getByRole('button', { name: `封禁来源 ${office}` }).click();
    const confirmation = page.getByRole('dialog', { name: `封禁 ${office}？` });
    await poll(() => confirmation.getByRole('note').innerText()).toContain('在您的受保护网段 192.168.0.0/16 中（办公室）');
    await shots(page, 'dialog-zh');
    await confirmation.getByRole('button', { name: '封禁', exact: true }).click();
    await poll(() => confirmation.getByRole('alert').innerText()).toContain(`仍要封禁 ${office} 吗？`);
    await expectNoEnglish(confirmation);
    await shots(page, 'protected-zh');
    await confirmation.getByRole('button', { name: '仍然封禁' }).click();
    const toast = page.getByRole('status', { name: '已完成，可撤销' });
    await poll(() => toast.innerText()).toContain(`已在 Branch firewall 上封禁 ${office}`);
    await shots(page, 'undo-toast-zh');
    await toast.getByRole('button', { name: '撤销' }).click();
    await poll(() => firewall.blockedAddresses()).not.toContain(office);
  });
});
