// Cases in Chromium against the simulators (issue 46), as a new analyst works one: the alerts of
// one source checked → "New case from the selection" → the case's tab with its timeline; the
// customer's ticket about that address found and added; every source blocked from the case, the
// write on its timeline; the ticket's message found by the filters and read whole; the ticket's tab
// says which case it is in; a second case merged into the first; the Cases section lists both, the
// merged one closed.
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { FirewallSim, SupportSim } from '../sim/index.ts';
import { call, trustingAgent } from '../sim/test-helpers.ts';
import { setUpE2e } from '../support/e2e-setup.ts';
import { firewallProfile } from '../support/firewall-profile.ts';
import { supportProfile } from '../support/support-profile.ts';

const e2e = setUpE2e();

async function shot(page: Page, name: string): Promise<void> {
  const folder = process.env.OPSDESK_E2E_SHOTS;
  if (folder) await page.screenshot({ path: path.join(folder, `cases-${name}.png`), fullPage: true });
}

/** The machine is shared while the suite runs: answers may take a few seconds. */
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 30_000 });
const palette = (page: Page) => page.getByRole('dialog', { name: 'Command palette' });
const selectedOption = (page: Page) => palette(page).getByRole('option', { selected: true });

/** Types into the palette and waits until the list shows main's answer to that text. */
async function search(page: Page, text: string): Promise<void> {
  await palette(page).getByRole('combobox').fill(text);
  await palette(page).locator(`[data-answer-for="${text}"]`).waitFor();
}
const scanner = '203.0.113.77';

test('a case from the alerts of one source, a ticket added, its sources blocked, its timeline filtered, a second case merged into it', async () => {
  const firewall = await e2e.serve(new FirewallSim({ seed: 46, alertCount: 0, caPem: e2e.ca.certPem }));
  const support = await e2e.serve(new SupportSim({ seed: 46, caPem: e2e.ca.certPem }));
  firewall.addAlerts(12, { src_ip: scanner, signature: 'ET SCAN Nmap SYN' });
  const app = await e2e.openApp({ backgroundSync: true });
  const { services } = app;
  const firewallId = (await services.profiles.save(firewallProfile({ name: 'Branch firewall', baseUrl: firewall.url, apiKey: firewall.keys.operations, caPem: e2e.ca.certPem, requestsPerSecond: 100 }))).id;
  const supportId = (await services.profiles.save(supportProfile({ name: 'Help desk', baseUrl: support.url, apiKey: support.keys.demo, caPem: e2e.ca.certPem, ratePerMinute: 600 }))).id;

  // The customer writes about the scanner; the desk's cache holds the ticket and its thread.
  const agent = trustingAgent(e2e.ca.certPem);
  const written = await call(agent, `${support.url}/api/open/v1/tickets`, {
    method: 'POST',
    headers: { authorization: `Bearer ${support.keys.demo}`, 'idempotency-key': randomUUID() },
    json: { subject: 'Scanner on our VPN', message: `Something at ${scanner} keeps probing our VPN gateway.`, visitor: { name: 'Lin' } },
  });
  await agent.close();
  expect(written.status).toBe(200);
  const ticketId = written.json.data.id as string;
  await services.support.tickets.sync(supportId);
  await services.support.tickets.detail(supportId, ticketId, true);

  await app.page.reload();
  const { page } = app;
  const panel = page.getByRole('tabpanel', { name: 'Firewall' });
  await poll(() => panel.getByRole('status', { name: 'Matching alerts' }).innerText()).toContain('12');

  // Every alert of the source checked; a case made from them opens in its own tab.
  await panel.getByRole('checkbox', { name: 'Select the alerts shown' }).click();
  const bar = panel.getByRole('toolbar', { name: 'Selected alerts' });
  await poll(() => bar.getByText(/selected$/).innerText()).toBe('12 selected');
  await bar.getByRole('button', { name: 'New case from the selection…' }).click();
  const create = page.getByRole('dialog', { name: 'New case from 12 alerts' });
  const title = create.getByRole('textbox', { name: 'Title' });
  expect(await title.inputValue()).toBe(`12 alerts from ${scanner}`);
  // The case is as severe as its most severe alert (at least medium).
  const order = ['low', 'medium', 'high', 'critical'];
  const alerts = services.firewall.alerts.query({ profileId: firewallId, filter: {}, sort: { field: 'occurredAt', direction: 'desc' }, offset: 0, limit: 100 }).rows;
  const severest = order[Math.max(1, ...alerts.map((alert) => order.indexOf(alert.severity ?? '')))];
  expect(await create.getByRole('combobox', { name: 'Severity' }).inputValue()).toBe(severest);
  await create.getByRole('textbox', { name: /^Tags/ }).fill('scan, vpn');
  await shot(page, 'new-case');
  await create.getByRole('button', { name: 'Create the case' }).click();
  const view = page.getByRole('region', { name: 'Case #1' });
  const timeline = view.getByRole('region', { name: 'Timeline' });
  await poll(() => timeline.getByRole('status', { name: 'Timeline events' }).innerText()).toBe('13 events');
  expect(await view.getByRole('heading', { level: 1 }).innerText()).toBe(`12 alerts from ${scanner}`);
  await poll(() => bar.count()).toBe(0);
  const [made] = services.cases.list({}, { field: 'updatedAt', direction: 'desc' }, 0, 10).rows;
  expect(made).toMatchObject({ number: 1, itemCount: 12, tags: ['scan', 'vpn'], owner: services.activity.osUser });
  await shot(page, 'timeline');

  // The ticket that mentions the address, found in the local cache and added.
  await view.getByRole('toolbar', { name: 'Case actions' }).getByRole('button', { name: 'Add items…' }).click();
  const add = page.getByRole('dialog', { name: 'Add items to case #1' });
  await add.getByRole('searchbox', { name: 'Find in the local cache' }).fill('Scanner VPN');
  await add.getByRole('checkbox', { name: 'Add Scanner on our VPN' }).check();
  await add.getByRole('button', { name: 'Add 1 item' }).click();
  await poll(() => add.getByRole('status').innerText()).toBe('Added 1 item.');
  await add.getByRole('button', { name: 'Close' }).last().click();
  await poll(() => timeline.getByRole('status', { name: 'Timeline events' }).innerText()).toMatch(/^1[5-9] events$/);

  // Every source of the case blocked through the bulk block and its preview: the write is on the timeline with its outcome.
  await view.getByRole('toolbar', { name: 'Case actions' }).getByRole('button', { name: 'Block all sources…' }).click();
  const block = page.getByRole('dialog', { name: 'Block the sources of these alerts' });
  await block.getByRole('button', { name: 'Block 1 address' }).click();
  await poll(() => block.getByRole('status').innerText()).toBe('1 blocked · 0 queued · 0 failed · 0 to go');
  await block.getByRole('button', { name: 'Close' }).last().click();
  expect(firewall.blockedAddresses()).toContain(scanner);
  await timeline.getByRole('group', { name: 'Kinds of event' }).getByRole('button', { name: /^Writes/ }).click();
  const writes = timeline.getByRole('rowgroup', { name: 'Timeline events' }).getByRole('row');
  await poll(() => writes.allInnerTexts()).toEqual([expect.stringMatching(/Block address[\s\S]*203\.0\.113\.77[\s\S]*Sent/)]);
  await timeline.getByRole('group', { name: 'Kinds of event' }).getByRole('button', { name: /^Writes/ }).click();

  // Its message on the timeline, found by the filters, read whole; its ticket's tab says it is in the case.
  await timeline.getByRole('group', { name: 'Kinds of event' }).getByRole('button', { name: /^Tickets/ }).click();
  const rows = timeline.getByRole('rowgroup', { name: 'Timeline events' }).getByRole('row');
  await poll(() => rows.count()).toBe(2);
  await timeline.getByRole('searchbox', { name: 'Find in the timeline' }).fill('probing');
  await poll(() => rows.count()).toBe(1);
  await rows.first().click();
  const event = timeline.getByRole('region', { name: 'Event', exact: true });
  await poll(() => event.innerText()).toContain(`Something at ${scanner} keeps probing our VPN gateway.`);
  await shot(page, 'event');
  await event.getByRole('button', { name: 'Open', exact: true }).click();
  const cases = page.getByRole('region', { name: 'Cases' }).filter({ has: page.getByRole('button', { name: /^#1 / }) });
  await poll(() => cases.getByRole('button', { name: /^#1 / }).textContent()).toBe(`#1 12 alerts from ${scanner}`);

  // A note in Markdown, rendered as the chat renders answers, and an event of the timeline.
  await page.getByRole('tab', { name: /^#1 / }).click();
  const notes = view.getByRole('region', { name: 'Notes', exact: true });
  await notes.getByRole('textbox', { name: 'Add a note' }).fill(`**Confirmed** with Lin: ${scanner} is not theirs.`);
  await notes.getByRole('button', { name: 'Add note' }).click();
  await poll(() => notes.locator('strong').allInnerTexts()).toEqual(['Confirmed']);
  await timeline.getByRole('searchbox', { name: 'Find in the timeline' }).fill('');
  await timeline.getByRole('group', { name: 'Kinds of event' }).getByRole('button', { name: 'All' }).click();
  await poll(() => timeline.getByRole('group', { name: 'Kinds of event' }).getByRole('button', { name: /^Notes/ }).innerText()).toMatch(/Notes\s*1/);

  // A second case about the same scan, merged into the first from its own tab.
  const second = services.cases.create({ title: 'VPN complaint', severity: 'low', tags: [], items: [{ kind: 'address', profileId: null, itemId: scanner }] });
  await page.keyboard.press('Control+k');
  await search(page, 'case: 2');
  await poll(() => selectedOption(page).innerText()).toBe('Open case #2 VPN complaint');
  await page.keyboard.press('Enter');
  const secondView = page.getByRole('region', { name: 'Case #2' });
  await secondView.getByRole('toolbar', { name: 'Case actions' }).getByRole('button', { name: 'Merge into…' }).click();
  const merge = page.getByRole('dialog', { name: 'Merge case #2 into another' });
  await poll(() => merge.getByRole('combobox', { name: 'Into the case' }).inputValue()).toBe(made!.id);
  await merge.getByRole('button', { name: 'Merge' }).click();
  await poll(() => services.cases.get(made!.id).itemCounts).toEqual({ alert: 12, ticket: 1, address: 1 });
  await poll(() => view.isVisible()).toBe(true);
  await poll(() => view.getByText('14 items').first().isVisible()).toBe(true);
  expect(services.cases.get(second.id)).toMatchObject({ status: 'closed', mergedInto: { id: made!.id } });

  // The Cases section lists both; the merged one is closed.
  await page.keyboard.press('Control+k');
  await search(page, 'Open Cases');
  await poll(() => selectedOption(page).innerText()).toContain('Open Cases');
  await page.keyboard.press('Enter');
  const section = page.getByRole('region', { name: 'Cases' }).filter({ has: page.getByRole('table', { name: 'Cases' }) });
  const listed = section.getByRole('table', { name: 'Cases' }).getByRole('rowgroup').getByRole('row');
  await poll(() => listed.count()).toBe(2);
  await section.getByRole('combobox', { name: 'Status' }).selectOption('closed');
  await poll(() => listed.count()).toBe(1);
  expect(await listed.first().innerText()).toContain('VPN complaint');
  await shot(page, 'list');
  // Each alert names the case it is in.
  for (const alert of alerts) expect(services.cases.ofItem({ kind: 'alert', profileId: firewallId, itemId: alert.id }).map((found) => found.number)).toEqual([1]);
});
