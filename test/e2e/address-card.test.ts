// The address card as a new analyst meets it: an address in a ticket's message is a link; its card
// shows the address's alerts, their counts and the ticket; Block from the card, and the card says
// blocked; with both servers gone the card still shows what the cache holds; hostile text stays text.
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { zhCN } from '../../src-shared/i18n/zh-CN.ts';
import { FirewallSim, HOSTILE_STRINGS, SupportSim, SUPPORT_API_PREFIX } from '../sim/index.ts';
import { call, trustingAgent } from '../sim/test-helpers.ts';
import type { AppUnderTest } from '../support/app-harness.ts';
import { bridgeInProcess } from '../support/bridge-in-process.ts';
import { setUpE2e } from '../support/e2e-setup.ts';
import { shot } from '../support/e2e-shots.ts';
import { firewallProfile } from '../support/firewall-profile.ts';
import { expectNoEnglish } from '../support/no-english.ts';
import { supportProfile } from '../support/support-profile.ts';

const e2e = setUpE2e();
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 20_000 });

interface Scene {
  app: AppUnderTest;
  page: Page;
  firewall: FirewallSim;
  support: SupportSim;
  /** The source address of the newest cached alert, which the ticket names. */
  address: string;
  /** How many cached alerts name it as their source. */
  alertsFromIt: number;
  subject: string;
}

/** Both servers, both connections, the alerts and tickets synced, and a visitor's ticket that names an alert's source among hostile text. */
async function scene(words: { subject: string; message: (address: string) => string }, locale?: string): Promise<Scene> {
  const firewall = await e2e.serve(new FirewallSim({ seed: 3, alertCount: 300, caPem: e2e.ca.certPem }));
  const support = await e2e.serve(new SupportSim({ seed: 7, caPem: e2e.ca.certPem }));
  const app = await e2e.openApp(locale ? { locale } : {});
  const api = bridgeInProcess(app.services);
  const fw = await app.services.profiles.save(firewallProfile({ name: 'Branch firewall', baseUrl: firewall.url, apiKey: firewall.keys.operations, caPem: e2e.ca.certPem, requestsPerSecond: 50 }));
  const desk = await app.services.profiles.save(supportProfile({ name: 'Help desk', baseUrl: support.url, apiKey: support.keys.demo, caPem: e2e.ca.certPem, ratePerMinute: 6_000 }));
  await app.services.firewall.syncNow(fw.id);
  const newest = await api.firewall.alerts({ profileId: fw.id, limit: 1 });
  if (!newest.ok) throw new Error(newest.error.message);
  const address = newest.data.rows[0]!.srcIp!;
  const fromIt = await api.firewall.alerts({ profileId: fw.id, filter: { cells: [{ field: 'srcIp', value: address, mode: 'in' }] }, limit: 1 });
  if (!fromIt.ok) throw new Error(fromIt.error.message);

  const posted = await call(trustingAgent(e2e.ca.certPem), `${support.url}${SUPPORT_API_PREFIX}/tickets`, {
    method: 'POST',
    headers: { authorization: `Bearer ${support.keys.demo}`, 'x-svc-site': 'site-main', 'idempotency-key': randomUUID() },
    json: { subject: words.subject, message: words.message(address), visitor: { name: 'Lin' } },
  });
  expect(posted.status).toBe(200);
  await app.services.support.syncNow(desk.id, 'tickets');
  await app.page.reload();
  return { app, page: app.page, firewall, support, address, alertsFromIt: fromIt.data.total, subject: words.subject };
}

/** Opens the ticket from the inbox and follows the address link in its message to the card's tab. */
async function openCardFromTicket({ page, address, subject }: Scene, names: { supportTab: string; ticketList: string }) {
  await page.getByRole('tab', { name: names.supportTab }).click();
  const row = page.getByRole('listbox', { name: names.ticketList }).getByRole('option').filter({ hasText: subject });
  await row.click();
  await page.keyboard.press('Enter');
  // The ticket's own tab: the inbox behind it shows the same thread beside its list.
  const message = page.locator('[role="tabpanel"]:not([hidden]) .si-message-text').filter({ hasText: address }).first();
  await message.getByRole('button', { name: address, exact: true }).click();
  const card = page.getByRole('tabpanel', { name: address });
  await card.waitFor();
  return card;
}

const hostile = HOSTILE_STRINGS.slice(0, 3).join(' ');

describe('the address card', () => {
  test('an address in a ticket is a link to its card: alerts, counts and the ticket; Block from the card; offline it still shows the cache', async () => {
    const scene1 = await scene({ subject: 'Our office is blocked', message: (address) => `Our office IP ${address}, is blocked since this morning. ${hostile} \u202Eevil` });
    const { page, address, firewall, support } = scene1;
    const card = await openCardFromTicket(scene1, { supportTab: 'Support', ticketList: 'Ticket list' });
    expect(await page.getByRole('tab', { selected: true }).innerText()).toContain(address);

    const alerts = card.getByRole('region', { name: 'Alerts' });
    await poll(() => alerts.getByRole('status').filter({ hasText: 'as source' }).innerText()).toContain(`${scene1.alertsFromIt} as source`);
    expect(await alerts.getByRole('img', { name: /Alerts per day/ }).count()).toBe(1);
    const newest = card.getByRole('table', { name: 'Newest alerts' });
    expect(await newest.getByRole('row').count()).toBe(scene1.alertsFromIt + 1);
    expect(await newest.innerText()).toContain('Source');

    const tickets = card.getByRole('region', { name: 'Tickets (1)' });
    await poll(() => tickets.innerText()).toContain('Our office is blocked');
    // Hostile text is text: the markup shows as written, nothing it names exists.
    expect(await tickets.innerText()).toContain('<img src=x onerror=alert(1)>');
    expect(await card.locator('img, script, svg[onload]').count()).toBe(0);
    // The pointer off the chart, so no tooltip covers it in the pictures.
    await page.mouse.move(0, 790);
    await shot(page, 'address-card-light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await shot(page, 'address-card-dark');
    await page.emulateMedia({ colorScheme: 'light' });

    const appliance = card.getByRole('listitem', { name: 'Firewall Branch firewall' });
    await poll(() => appliance.getByRole('status').textContent()).toBe('Not blocked');
    // "Ask the model" about the address: with no model at work yet, the card says where to set one.
    await poll(() => appliance.getByRole('note').innerText()).toContain('choose a gateway connection and a model in Settings');
    await appliance.getByRole('button', { name: 'Block…' }).click();
    const form = page.getByRole('dialog', { name: `Block ${address}?` });
    expect(await form.innerText()).toContain('Branch firewall');
    await form.getByLabel('Reason').fill('Reported by the ticket');
    await form.getByRole('button', { name: 'Block', exact: true }).click();
    await poll(() => appliance.getByRole('status').textContent()).toBe('Blocked');
    // "Blocked" shows while the write is confirmed; the reason comes with the appliance's own entry.
    await poll(() => appliance.innerText()).toContain('Reported by the ticket');
    const listed = await call(trustingAgent(e2e.ca.certPem), `${firewall.url}/blocklist?page_size=100`, { headers: { authorization: `Bearer ${firewall.keys.readOnly}` } });
    expect(JSON.stringify(listed.json)).toContain(`"${address}"`);
    // The activity log has the block, with the request id the appliance gave it.
    const history = card.getByRole('region', { name: 'History of this item' });
    const posts = firewall.requests.filter((request) => request.method === 'POST' && request.path.endsWith('/blocklist'));
    expect(posts).toHaveLength(1);
    const [posted] = posts;
    await poll(() => history.innerText()).toContain('Block address');
    expect(await history.innerText()).toContain(posted!.requestId!);
    await shot(page, 'address-card-blocked');

    // Both servers gone: the card opens again from the cache, with the same rows and the block.
    await firewall.close();
    await support.close();
    await page.reload();
    const again = page.getByRole('tabpanel', { name: address });
    await poll(() => again.getByRole('region', { name: 'Alerts' }).getByRole('status').filter({ hasText: 'as source' }).innerText()).toContain(`${scene1.alertsFromIt} as source`);
    await poll(() => again.getByRole('region', { name: 'Tickets (1)' }).innerText()).toContain('Our office is blocked');
    await poll(() => again.getByRole('listitem', { name: 'Firewall Branch firewall' }).getByRole('status').textContent()).toBe('Blocked');
    await shot(page, 'address-card-offline');
  });

  test('from an alert: "Create work item" prefilled with the alert, linked back on the alert; "Tickets mentioning this source" opens the card', async () => {
    const linkScene = await scene({ subject: 'Our office is blocked', message: (address) => `Our office IP ${address} is blocked since this morning.` });
    const { page, address, support } = linkScene;
    const card = await openCardFromTicket(linkScene, { supportTab: 'Support', ticketList: 'Ticket list' });
    const row = card.getByRole('table', { name: 'Newest alerts' }).getByRole('row').nth(1);
    const alertId = (await row.getAttribute('aria-label'))!.replace('Alert ', '');
    await row.getByRole('button').first().click();
    const alertTab = page.getByRole('tabpanel', { name: `Alert ${alertId}` });
    await alertTab.getByRole('button', { name: 'Create work item' }).click();

    const dialog = page.getByRole('dialog', { name: `Work item from alert ${alertId}` });
    expect(await dialog.getByLabel('Title').inputValue()).toMatch(new RegExp(`^Alert ${alertId}: \\S`));
    const description = await dialog.getByLabel('Description (optional)').inputValue();
    expect(description).toContain(`From firewall alert ${alertId} on Branch firewall.`);
    expect(description).toContain(`Source: ${address}:`);
    await shot(page, 'alert-create-work-item');
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();

    const made = alertTab.getByRole('list', { name: 'Work items made from this alert' });
    await poll(() => made.getByRole('button', { name: /^Work item / }).count()).toBe(1);
    const workId = (await made.getByRole('button').first().innerText()).replace('Work item ', '');
    const created = support.store.work.find((item) => item.id === workId);
    expect(created?.title).toMatch(new RegExp(`^Alert ${alertId}: `));
    expect(created?.description).toContain(`From firewall alert ${alertId}`);
    await shot(page, 'alert-linked-work-item');

    // Linked both ways: the work item names the alert it was made from, and leads back to it.
    await made.getByRole('button', { name: `Work item ${workId}` }).click();
    const workItem = page.getByRole('complementary', { name: /^Work item/ });
    await workItem.getByRole('button', { name: `Made from alert ${alertId}` }).click();
    await poll(() => page.getByRole('tab', { selected: true }).innerText()).toContain(alertId);

    await alertTab.getByRole('button', { name: 'Tickets mentioning this source' }).click();
    await poll(() => page.getByRole('tab', { selected: true }).innerText()).toContain(address);
    expect(await page.getByRole('tabpanel', { name: address }).getByRole('region', { name: 'Tickets (1)' }).innerText()).toContain('Our office is blocked');
  });

  test('in Chinese: the card and its sections in Chinese, light and dark', async () => {
    const zhScene = await scene({ subject: '办公室被封', message: (address) => `我们办公室的 IP ${address} 从今天早上起被封了。${hostile}` }, 'zh-CN');
    const card = await openCardFromTicket(zhScene, { supportTab: zhCN.views.support.title, ticketList: zhCN.support.tickets.list });
    const alerts = card.getByRole('region', { name: zhCN.address.alerts.title });
    await poll(() => alerts.getByRole('status').filter({ hasText: '作为来源' }).innerText()).toContain(`作为来源 ${zhScene.alertsFromIt} 条`);
    await poll(() => card.getByRole('region', { name: '工单（1）' }).innerText()).toContain('办公室被封');
    await poll(() => card.getByRole('listitem', { name: '防火墙 Branch firewall' }).getByRole('status').textContent()).toBe(zhCN.address.appliances.notBlocked);
    await expectNoEnglish(card);
    await zhScene.page.mouse.move(0, 790);
    await shot(zhScene.page, 'address-card-zh-light');
    await zhScene.page.emulateMedia({ colorScheme: 'dark' });
    await shot(zhScene.page, 'address-card-zh-dark');
  });
});
