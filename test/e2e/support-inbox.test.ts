import { randomUUID } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { HOSTILE_STRINGS, SupportSim, SUPPORT_API_PREFIX } from '../sim/index.ts';
import { call, trustingAgent } from '../sim/test-helpers.ts';
import type { AppUnderTest } from '../support/app-harness.ts';
import { setUpE2e } from '../support/e2e-setup.ts';
import { supportProfile } from '../support/support-profile.ts';
import { visibleText } from '../../src-shared/visible-text.ts';

const e2e = setUpE2e();
let app: AppUnderTest | undefined;

/** Same seed, same keys and records: started again on its old port, it is the same site after a restart. */
const startSupport = (port = 0) => e2e.serve(new SupportSim({ seed: 11, caPem: e2e.ca.certPem }), port);
const stopSupport = (sim: SupportSim) => sim.close();

/** The app as it runs (tickets sync in the background) with one support profile, saved as Settings saves it. */
async function startApp(sim: SupportSim, apiKey: string, name = 'Help desk') {
  app = await e2e.openApp({ backgroundSync: true });
  const profile = await app.services.profiles.save(supportProfile({ name, baseUrl: sim.url, apiKey, caPem: e2e.ca.certPem, ratePerMinute: 60 }));
  await app.page.reload();
  await app.page.getByRole('tab', { name: 'Support' }).click();
  return { page: app.page, profile };
}

/** What a visitor or another agent does on the site meanwhile, straight against the simulator. */
async function onTheSite(sim: SupportSim, apiKey: string, path: string, json: unknown) {
  const answer = await call(trustingAgent(e2e.ca.certPem), `${sim.url}${SUPPORT_API_PREFIX}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${apiKey}`, 'x-svc-site': 'site-main', 'idempotency-key': randomUUID() },
    json,
  });
  expect(answer.status).toBe(200);
  return answer.json.data;
}

async function siteRecord(sim: SupportSim, apiKey: string, path: string) {
  const answer = await call(trustingAgent(e2e.ca.certPem), `${sim.url}${SUPPORT_API_PREFIX}${path}`, {
    headers: { authorization: `Bearer ${apiKey}`, 'x-svc-site': 'site-main' },
  });
  expect(answer.status).toBe(200);
  return answer.json.data;
}

const supportPanel = (page: Page) => page.getByRole('tabpanel', { name: 'Support' });
const inbox = (page: Page) => supportPanel(page).getByRole('region', { name: 'Tickets' });
const ticketList = (page: Page) => inbox(page).getByRole('listbox', { name: 'Ticket list' });
const matching = (region: Locator, name: string) => region.getByRole('status', { name }).innerText();
const countIn = async (region: Locator, name: string) => Number((await matching(region, name)).replace(/\D/g, ''));

async function openSection(page: Page, name: string): Promise<Locator> {
  await supportPanel(page).getByRole('navigation', { name: 'Support sections' }).getByRole('button', { name, exact: true }).click();
  return supportPanel(page).getByRole('region', { name });
}

/** The inbox after a sync has filled the cache with the site's tickets. */
async function syncedInbox(page: Page) {
  await inbox(page).getByRole('button', { name: 'Sync now' }).click();
  await expect.poll(() => countIn(inbox(page), 'Matching tickets'), { timeout: 30_000 }).toBeGreaterThan(100);
  await expect.poll(() => inbox(page).getByRole('status', { name: 'Support sync' }).innerText()).toMatch(/Tickets last synced/);
}

describe('the tickets inbox, as a new analyst uses it', () => {
  test('browse by status, open a ticket with the keyboard, reply as the robot, add a visitor message, close with a note, create a ticket', { timeout: 120_000 }, async () => {
    const sim = await startSupport();
    const { page } = await startApp(sim, sim.keys.demo);
    await syncedInbox(page);
    const all = await countIn(inbox(page), 'Matching tickets');

    // Filter by status: only closed tickets are listed, and fewer of them.
    await inbox(page).getByRole('group', { name: 'Ticket status' }).getByRole('button', { name: /^Closed/ }).click();
    await expect.poll(() => countIn(inbox(page), 'Matching tickets')).toBeLessThan(all);
    const statuses = await ticketList(page).locator('.si-status').allInnerTexts();
    expect(statuses.length).toBeGreaterThan(3);
    expect(new Set(statuses)).toEqual(new Set(['Closed']));
    await inbox(page).getByRole('group', { name: 'Ticket status' }).getByRole('button', { name: /^Active/ }).click();
    await expect.poll(async () => new Set(await ticketList(page).locator('.si-status').allInnerTexts())).toEqual(new Set(['Active']));

    // The keyboard opens the first active ticket in its own tab, titled by its subject.
    const firstSubject = await ticketList(page).getByRole('option').first().locator('.si-subject').innerText();
    await ticketList(page).focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    const ticketTab = page.getByRole('tabpanel', { name: firstSubject });
    const thread = ticketTab.getByRole('list', { name: 'Messages' });
    await expect.poll(() => thread.getByRole('listitem').count()).toBeGreaterThan(0);
    const ticketId = await page.evaluate(() => document.querySelector('[role="tabpanel"]:not([hidden]) article')?.getAttribute('aria-label')?.replace(/^Ticket /, ''));
    expect(ticketId).toMatch(/^tkt_/);
    // Its heading is the tab's title: the subject, the id beside it.
    await expect.poll(() => ticketTab.getByRole('heading', { level: 1 }).innerText()).toBe(firstSubject);
    expect(await page.getByRole('tab', { name: firstSubject }).count()).toBe(1);
    expect(await ticketTab.getByRole('heading', { name: firstSubject }).count()).toBe(1);

    // A robot reply: shown as sent, in the thread, and on the site.
    await ticketTab.getByLabel('Robot reply').fill('Thanks, we are on it.');
    await ticketTab.getByRole('button', { name: 'Send robot reply' }).click();
    await expect.poll(() => ticketTab.getByRole('region', { name: 'Your writes' }).innerText(), { timeout: 15_000 }).toContain('Sent');
    await expect.poll(() => thread.innerText(), { timeout: 15_000 }).toContain('Thanks, we are on it.');
    // A visitor message in the visitor's name: a secondary action that says what it does.
    await ticketTab.getByRole('button', { name: 'Post a message as the visitor…' }).click();
    expect(await ticketTab.getByRole('region', { name: 'In the visitor’s name' }).innerText()).toContain('It is not a reply');
    await ticketTab.getByLabel('Visitor message').fill('Any news?');
    await ticketTab.getByRole('button', { name: 'Add visitor message' }).click();
    await expect.poll(() => thread.innerText(), { timeout: 15_000 }).toContain('Any news?');
    const onSite = await siteRecord(sim, sim.keys.demo, `/tickets/${ticketId}`);
    expect(onSite.messages.map((message: { text: string }) => message.text).slice(-2)).toEqual(['Thanks, we are on it.', 'Any news?']);

    // Close with a note.
    await ticketTab.getByRole('button', { name: 'Close ticket' }).click();
    const closeDialog = page.getByRole('dialog', { name: `Close ticket ${ticketId}` });
    await closeDialog.getByLabel('Note (optional)').fill('Solved on the phone.');
    await closeDialog.getByRole('button', { name: 'Close the ticket' }).click();
    await expect.poll(() => ticketTab.innerText(), { timeout: 15_000 }).toContain('This ticket is closed');
    expect(await ticketTab.innerText()).toContain('Solved on the phone.');
    expect((await siteRecord(sim, sim.keys.demo, `/tickets/${ticketId}`)).status).toBe('closed');

    // Create a ticket from the inbox: it is on the site once, and listed.
    await page.getByRole('tab', { name: 'Support' }).click();
    await inbox(page).getByRole('button', { name: 'New ticket' }).click();
    const form = page.getByRole('dialog', { name: 'New ticket' });
    await form.getByLabel('Subject (optional)').fill('Printer on fire');
    await form.getByLabel('First message').fill('Smoke is coming out of the printer.');
    await form.getByRole('button', { name: 'Create ticket' }).click();
    await expect.poll(() => inbox(page).getByRole('region', { name: 'Your writes' }).innerText(), { timeout: 15_000 }).toContain('Sent');
    await inbox(page).getByRole('group', { name: 'Ticket status' }).getByRole('button', { name: 'All' }).click();
    await expect.poll(() => ticketList(page).innerText(), { timeout: 15_000 }).toContain('Printer on fire');
    const created = sim.requests.filter((request) => request.method === 'POST' && request.path === `${SUPPORT_API_PREFIX}/tickets`);
    expect(created).toHaveLength(1);
  });
});

/** Opens the ticket with this id from the inbox in its own tab (its row chosen, then Enter) and returns the tab. */
async function openTicket(page: Page, sim: SupportSim, apiKey: string, ticketId: string): Promise<Locator> {
  const { subject } = await siteRecord(sim, apiKey, `/tickets/${ticketId}`);
  await ticketList(page).getByRole('option').filter({ hasText: subject }).first().click();
  await page.keyboard.press('Enter');
  const tab = page.getByRole('tabpanel', { name: subject, exact: true });
  await tab.getByRole('list', { name: 'Messages' }).waitFor({ timeout: 15_000 });
  return tab;
}

describe('a notification of a new ticket', () => {
  test('a ticket a visitor opens on the site is listed unread, notified, and the click opens it in its own tab; opening it marks it read', { timeout: 120_000 }, async () => {
    const sim = await startSupport();
    const { page } = await startApp(sim, sim.keys.demo);
    await syncedInbox(page);
    const ticket = await onTheSite(sim, sim.keys.demo, '/tickets', { subject: 'Lost my password', message: 'I cannot log in since this morning.' });
    await inbox(page).getByRole('button', { name: 'Sync now' }).click();
    const row = ticketList(page).getByRole('option').filter({ hasText: 'Lost my password' });
    await expect.poll(() => row.count(), { timeout: 30_000 }).toBe(1);
    expect(await row.getByRole('img', { name: 'Unread' }).count()).toBe(1);
    await expect.poll(() => app!.platform.notifications.length, { timeout: 30_000 }).toBeGreaterThan(0);

    app!.platform.click(app!.platform.notifications.at(-1)!.id);
    const tab = page.getByRole('tabpanel').filter({ has: page.getByRole('article', { name: `Ticket ${ticket.id}` }) });
    await expect.poll(() => tab.getByRole('list', { name: 'Messages' }).innerText(), { timeout: 15_000 }).toContain('I cannot log in since this morning.');
    await page.getByRole('tab', { name: 'Support' }).click();
    await expect.poll(() => row.getByRole('img', { name: 'Unread' }).count(), { timeout: 15_000 }).toBe(0);
  });
});

describe('contacts and after-sales work items', () => {
  test('search contacts, create one, reveal its phone only on request, move it to following, add a follow-up', { timeout: 120_000 }, async () => {
    const sim = await startSupport();
    const { page } = await startApp(sim, sim.keys.demo);
    const contacts = await openSection(page, 'Contacts');
    await expect.poll(() => countIn(contacts, 'Matching contacts'), { timeout: 30_000 }).toBeGreaterThan(100);

    await contacts.getByRole('button', { name: 'New contact' }).click();
    const form = page.getByRole('dialog', { name: 'New contact' });
    await form.getByLabel('Name').fill('Ada Lovelace');
    await form.getByLabel('Email').fill('ada@example.com');
    await form.getByLabel('Phone').fill('+44 20 7946 0958');
    await form.getByRole('button', { name: 'Create contact' }).click();
    await expect.poll(() => contacts.getByRole('region', { name: 'Your writes' }).innerText(), { timeout: 15_000 }).toContain('Sent');

    await contacts.getByRole('searchbox', { name: 'Search contacts' }).fill('Lovelace');
    await expect.poll(() => countIn(contacts, 'Matching contacts'), { timeout: 15_000 }).toBe(1);
    await contacts.getByRole('listbox', { name: 'Contact list' }).getByRole('option').first().click();
    const detail = contacts.getByRole('complementary', { name: 'Contact Ada Lovelace' });
    await expect.poll(() => detail.innerText()).toContain('+44 2* **** 0958');
    expect(await detail.innerText()).not.toContain('+44 20 7946 0958');

    await detail.getByRole('button', { name: 'Reveal' }).click();
    await expect.poll(() => detail.innerText()).toContain('+44 20 7946 0958');
    expect(sim.requests.filter((request) => request.query.includes('unmask=phone'))).toHaveLength(1);
    await detail.getByRole('button', { name: 'Hide' }).click();
    expect(await detail.innerText()).not.toContain('+44 20 7946 0958');

    await detail.getByRole('button', { name: 'Mark as Following' }).click();
    await expect.poll(() => detail.locator('.si-fields .si-status').innerText(), { timeout: 15_000 }).toBe('Following');

    await detail.getByLabel('Kind').selectOption({ label: 'Phone' });
    await detail.getByLabel('Note').fill('Called, she will send the invoice.');
    await detail.getByRole('button', { name: 'Add follow-up' }).click();
    await expect.poll(() => detail.getByRole('region', { name: 'Follow-ups' }).innerText(), { timeout: 15_000 }).toContain('Called, she will send the invoice.');

    const [created] = (await siteRecord(sim, sim.keys.demo, '/contacts?q=Lovelace')).items;
    const onSite = await siteRecord(sim, sim.keys.demo, `/contacts/${created.id}`);
    expect(onSite.status).toBe('following');
    expect(onSite.follows).toEqual([expect.objectContaining({ kind: 'phone', note: 'Called, she will send the invoice.' })]);
  });

  test('filter work items by status, create one linked to a contact, change its status, add a follow-up', { timeout: 120_000 }, async () => {
    const sim = await startSupport();
    const { page } = await startApp(sim, sim.keys.demo);
    await supportPanel(page).getByRole('navigation', { name: 'Support sections' }).getByRole('button', { name: 'Work items' }).click();
    const work = supportPanel(page).getByRole('region', { name: 'After-sales work' });
    await expect.poll(() => countIn(work, 'Matching work items'), { timeout: 30_000 }).toBeGreaterThan(50);
    const all = await countIn(work, 'Matching work items');

    await work.getByRole('group', { name: 'Work item status' }).getByRole('button', { name: 'Resolved' }).click();
    await expect.poll(() => countIn(work, 'Matching work items')).toBeLessThan(all);
    expect(new Set(await work.getByRole('listbox', { name: 'Work item list' }).locator('.si-status').allInnerTexts())).toEqual(new Set(['Resolved']));
    await work.getByRole('group', { name: 'Work item status' }).getByRole('button', { name: 'All' }).click();

    await work.getByRole('button', { name: 'New work item' }).click();
    const form = page.getByRole('dialog', { name: 'New work item' });
    await form.getByLabel('Title').fill('Replace the broken router');
    await form.getByLabel('Priority').selectOption({ label: 'High' });
    await form.getByRole('combobox', { name: 'Contact (optional)' }).click();
    const offered = form.getByRole('listbox', { name: 'Contact (optional)' }).getByRole('option');
    await expect.poll(() => offered.count()).toBeGreaterThan(1);
    const contactName = await offered.first().locator('strong').innerText();
    await offered.first().click();
    expect(await form.getByRole('group', { name: 'Contact (optional)' }).innerText()).toContain(contactName);
    await form.getByRole('button', { name: 'Create work item' }).click();
    await expect.poll(() => work.getByRole('region', { name: 'Your writes' }).innerText(), { timeout: 15_000 }).toContain('Sent');

    const list = work.getByRole('listbox', { name: 'Work item list' });
    await expect.poll(() => list.innerText(), { timeout: 15_000 }).toContain('Replace the broken router');
    await list.getByRole('option').filter({ hasText: 'Replace the broken router' }).click();
    const detail = work.getByRole('complementary', { name: 'Work item Replace the broken router' });
    // The linked contact by its name, not its id.
    await expect.poll(() => detail.innerText()).toContain(`Contact: ${contactName}`);
    expect(await detail.innerText()).toContain('High');

    await detail.getByLabel('Status').selectOption({ label: 'Pending' });
    await detail.getByRole('button', { name: 'Change status' }).click();
    await expect.poll(() => detail.locator('.si-fields .si-status').innerText(), { timeout: 15_000 }).toBe('Pending');
    await detail.getByLabel('Note').fill('Courier booked.');
    await detail.getByRole('button', { name: 'Add follow-up' }).click();
    await expect.poll(() => detail.getByRole('region', { name: 'Follow-ups' }).innerText(), { timeout: 15_000 }).toContain('Courier booked.');

    const [created] = (await siteRecord(sim, sim.keys.demo, '/work?limit=1')).items;
    expect(created).toMatchObject({ title: 'Replace the broken router', status: 'pending', priority: 'high' });
    expect((await siteRecord(sim, sim.keys.demo, `/contacts/${created.contact_id}`)).name).toBe(contactName);
  });
});

describe('what the key allows, and writes that must not be lost', () => {
  test('an agent key: the writes it lacks a scope for are disabled and name the scope', { timeout: 120_000 }, async () => {
    const sim = await startSupport();
    const { page } = await startApp(sim, sim.keys.agent);
    await syncedInbox(page);
    const newTicket = inbox(page).getByRole('button', { name: 'New ticket' });
    expect(await newTicket.isDisabled()).toBe(true);
    expect(await inbox(page).innerText()).toContain('Needs the scope live.write, which this key lacks.');

    await inbox(page).getByRole('group', { name: 'Ticket status' }).getByRole('button', { name: /^Active/ }).click();
    await expect.poll(async () => new Set(await ticketList(page).locator('.si-status').allInnerTexts())).toEqual(new Set(['Active']));
    await ticketList(page).focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    const ticketTab = page.getByRole('tabpanel').filter({ has: page.getByRole('list', { name: 'Messages' }) });
    await ticketTab.getByRole('list', { name: 'Messages' }).waitFor({ timeout: 15_000 });
    expect(await ticketTab.getByRole('button', { name: 'Send robot reply' }).isDisabled()).toBe(true);
    expect(await ticketTab.getByRole('button', { name: 'Close ticket' }).isDisabled()).toBe(true);
    expect(await ticketTab.getByLabel('Robot reply').isDisabled()).toBe(true);
    const words = await ticketTab.innerText();
    expect(words).toContain('Needs the scope agent.reply');
    expect(words).toContain('Needs the scope ticket.write');
    // The agent type has no live.write either: no visitor message.
    await ticketTab.getByRole('button', { name: 'Post a message as the visitor…' }).click();
    expect(await ticketTab.getByRole('button', { name: 'Add visitor message' }).isDisabled()).toBe(true);

    await page.getByRole('tab', { name: 'Support' }).click();
    const contacts = await openSection(page, 'Contacts');
    expect(await contacts.getByRole('button', { name: 'New contact' }).isDisabled()).toBe(true);
    await expect.poll(() => countIn(contacts, 'Matching contacts'), { timeout: 30_000 }).toBeGreaterThan(0);
    await contacts.getByRole('listbox', { name: 'Contact list' }).getByRole('option').filter({ hasText: '*' }).first().click();
    const detail = contacts.getByRole('complementary');
    expect(await detail.getByRole('button', { name: 'Reveal' }).isDisabled()).toBe(true);
    expect(await detail.innerText()).toContain('Needs the scope crm.write');
    expect(sim.requests.filter((request) => request.method !== 'GET')).toEqual([]);
  });

  test('a LIVE key asks before a write; Cancel sends nothing, Yes sends it once; a refused write fails with Retry', { timeout: 120_000 }, async () => {
    const sim = await startSupport();
    const { page } = await startApp(sim, sim.keys.live, 'Production desk');
    await syncedInbox(page);
    await inbox(page).getByRole('group', { name: 'Ticket status' }).getByRole('button', { name: /^Active/ }).click();
    await ticketList(page).focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    const ticketTab = page.getByRole('tabpanel').filter({ has: page.getByRole('list', { name: 'Messages' }) });
    await ticketTab.getByRole('list', { name: 'Messages' }).waitFor({ timeout: 15_000 });
    const replies = () => sim.requests.filter((request) => request.method === 'POST' && request.path.endsWith('/reply')).length;

    await ticketTab.getByLabel('Robot reply').fill('Checking now.');
    await ticketTab.getByRole('button', { name: 'Send robot reply' }).click();
    const confirm = page.getByRole('dialog', { name: 'Change real data?' });
    await confirm.waitFor();
    expect(await confirm.innerText()).toContain('Send robot reply');
    expect(await confirm.innerText()).toContain('Production desk');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    expect(replies()).toBe(0);
    expect(await ticketTab.getByLabel('Robot reply').inputValue()).toBe('Checking now.');

    sim.faults.add({ method: 'POST', path: /\/reply$/, kind: 'status', status: 400, times: 1 });
    await ticketTab.getByRole('button', { name: 'Send robot reply' }).click();
    await confirm.getByRole('button', { name: 'Yes, change it' }).click();
    const writes = ticketTab.getByRole('region', { name: 'Your writes' });
    await expect.poll(() => writes.innerText(), { timeout: 15_000 }).toContain('Failed');
    // A retry changes real data too: it asks again.
    await writes.getByRole('button', { name: 'Retry' }).click();
    await confirm.getByRole('button', { name: 'Yes, change it' }).click();
    await expect.poll(() => writes.innerText(), { timeout: 15_000 }).toContain('Sent');
    await expect.poll(() => ticketTab.getByRole('list', { name: 'Messages' }).innerText(), { timeout: 15_000 }).toContain('Checking now.');
    expect(replies()).toBe(2);
  });

  test('offline: the inbox and a ticket stay browsable under the banner; a reply is queued and goes out once when the site returns', { timeout: 120_000 }, async () => {
    const sim = await startSupport();
    const { page } = await startApp(sim, sim.keys.demo);
    await syncedInbox(page);
    const cached = await countIn(inbox(page), 'Matching tickets');
    await inbox(page).getByRole('group', { name: 'Ticket status' }).getByRole('button', { name: /^Queued/ }).click();
    const { port } = sim;
    const firstSubject = await ticketList(page).getByRole('option').first().locator('.si-subject').innerText();
    await stopSupport(sim);

    await page.reload();
    const banner = supportPanel(page).getByRole('region', { name: 'Connection' });
    await expect.poll(() => banner.innerText(), { timeout: 20_000 }).toContain('Offline');
    await expect.poll(() => countIn(inbox(page), 'Matching tickets')).toBe(cached);
    await inbox(page).getByRole('group', { name: 'Ticket status' }).getByRole('button', { name: /^Queued/ }).click();
    await ticketList(page).getByRole('option').filter({ hasText: firstSubject }).first().click();
    await page.keyboard.press('Enter');
    const ticketTab = page.getByRole('tabpanel', { name: firstSubject, exact: true });
    await expect.poll(() => ticketTab.getByRole('list', { name: 'Messages' }).getByRole('listitem').count(), { timeout: 15_000 }).toBeGreaterThan(0);

    await ticketTab.getByLabel('Robot reply').fill('Sent while offline.');
    await ticketTab.getByRole('button', { name: 'Send robot reply' }).click();
    const writes = ticketTab.getByRole('region', { name: 'Your writes' });
    await expect.poll(() => writes.innerText(), { timeout: 20_000 }).toMatch(/Queued/);

    const back = await startSupport(port);
    await expect.poll(() => writes.innerText(), { timeout: 60_000 }).toContain('Sent');
    const replies = back.requests.filter((request) => request.method === 'POST' && request.path.endsWith('/reply'));
    expect(replies).toHaveLength(1);
    await expect.poll(() => ticketTab.getByRole('list', { name: 'Messages' }).innerText(), { timeout: 15_000 }).toContain('Sent while offline.');
  });

  test('hostile strings a server sends render as text and run nothing', { timeout: 120_000 }, async () => {
    const sim = await startSupport();
    const [subject, ...lines] = HOSTILE_STRINGS;
    const ticket = await onTheSite(sim, sim.keys.demo, '/tickets', { subject, message: lines[0], visitor: { name: lines[1] } });
    for (const text of lines.slice(2, 12)) await onTheSite(sim, sim.keys.demo, `/tickets/${ticket.id}/messages`, { text });
    const { page } = await startApp(sim, sim.keys.demo);
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await syncedInbox(page);
    await expect.poll(() => ticketList(page).innerText()).toContain(subject!);
    const tab = await openTicket(page, sim, sim.keys.demo, ticket.id);
    // Each message's words are on screen as written (the start is enough: whitespace and invisible characters render differently).
    const thread = tab.getByRole('list', { name: 'Messages' });
    await expect.poll(() => thread.getByRole('listitem').count(), { timeout: 15_000 }).toBe(11);
    const shown = (await thread.innerText()).replace(/\s+/g, ' ');
    // Direction controls and zero-width characters show as marks (`src-shared/visible-text.ts`).
    for (const text of lines.slice(0, 12)) expect(shown).toContain(visibleText(text).replace(/\s+/g, ' ').trim().slice(0, 12));
    expect(await tab.getByRole('heading', { name: subject }).count()).toBe(1);
    expect(await page.locator('[role="tabpanel"] img, [role="tabpanel"] script, [role="tabpanel"] svg[onload]').count()).toBe(0);
    expect(dialogs).toEqual([]);
  });
});
