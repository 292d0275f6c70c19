// The reply box, a ticket's contact and work items, and the small defects of issue 27, in Chromium
// against the support simulator, as a new agent uses them.
import { randomUUID } from 'node:crypto';
import type { TFunction } from 'i18next';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { createTranslator } from '../../src-shared/i18n/translator.ts';
import { SupportSim, SUPPORT_API_PREFIX } from '../sim/index.ts';
import { call, trustingAgent } from '../sim/test-helpers.ts';
import type { AppUnderTest } from '../support/app-harness.ts';
import { setUpE2e } from '../support/e2e-setup.ts';
import { shotsAtSizes } from '../support/e2e-shots.ts';
import { supportProfile } from '../support/support-profile.ts';

const e2e = setUpE2e();

/** Where `OPSDESK_E2E_SHOTS` asks for them, each state at both window sizes, light and dark, to be looked at. */
const shots = (page: Page, name: string) => shotsAtSizes(page, `support-reply-${name}`, { width: 1280, height: 800 });

/** The machine is shared while the suite runs: answers may take a few seconds. */
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 20_000 });

const startSupport = () => e2e.serve(new SupportSim({ seed: 11, caPem: e2e.ca.certPem }));

async function siteRecord(sim: SupportSim, apiPath: string) {
  const answer = await call(trustingAgent(e2e.ca.certPem), `${sim.url}${SUPPORT_API_PREFIX}${apiPath}`, {
    headers: { authorization: `Bearer ${sim.keys.demo}`, 'x-svc-site': 'site-main' },
  });
  expect(answer.status).toBe(200);
  return answer.json.data;
}

async function onTheSite(sim: SupportSim, apiPath: string, json: unknown) {
  const answer = await call(trustingAgent(e2e.ca.certPem), `${sim.url}${SUPPORT_API_PREFIX}${apiPath}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${sim.keys.demo}`, 'x-svc-site': 'site-main', 'idempotency-key': randomUUID() },
    json,
  });
  expect(answer.status).toBe(200);
  return answer.json.data;
}

/** The app with one support profile (TEST, every scope), its tickets and contacts synced. */
async function startApp(sim: SupportSim, options: { locale?: string } = {}): Promise<{ app: AppUnderTest; page: Page; profileId: string }> {
  const app = await e2e.openApp({ backgroundSync: true, ...options });
  const profile = await app.services.profiles.save(supportProfile({ name: 'Help desk', baseUrl: sim.url, apiKey: sim.keys.demo, caPem: e2e.ca.certPem, ratePerMinute: 600 }));
  await app.services.support.syncNow(profile.id);
  await poll(() => app.services.support.tickets.query({ profileId: profile.id, limit: 1 }).total).toBeGreaterThan(100);
  await poll(() => app.services.support.contacts.list({ profileId: profile.id, limit: 1 }).total).toBeGreaterThan(100);
  await app.page.reload();
  return { app, page: app.page, profileId: profile.id };
}

/** Settings from the view picker (Ctrl+T), once the window's tabs are up. */
async function openSettings(page: Page, t: TFunction): Promise<Locator> {
  await page.getByRole('tab', { name: t('views.support.title') }).waitFor();
  await page.keyboard.press('Control+t');
  const picker = page.getByRole('dialog', { name: t('workspace.openView') });
  await picker.getByLabel(t('workspace.filterViews')).fill(t('views.settings.title'));
  await picker.getByRole('option', { name: new RegExp(t('views.settings.title')) }).first().click();
  return page.getByRole('tabpanel', { name: t('views.settings.title') });
}

/** Whether an element's whole box is inside the window. */
async function insideWindow(page: Page, element: Locator): Promise<boolean> {
  const box = await element.boundingBox();
  const window = page.viewportSize()!;
  return box !== null && box.x >= 0 && box.y >= 0 && box.x + box.width <= window.width && box.y + box.height <= window.height;
}

/** Opens a ticket's tab from a contact's tickets: Contacts, search the contact, its ticket by subject. */
async function openTicketOfContact(page: Page, t: TFunction, contact: { name: string; email: string }, subject: string): Promise<Locator> {
  await page.getByRole('tab', { name: t('views.support.title') }).click();
  const panel = page.getByRole('tabpanel', { name: t('views.support.title') });
  await panel.getByRole('navigation', { name: t('supportDesk.sections.nav') }).getByRole('button', { name: t('supportDesk.sections.contacts'), exact: true }).click();
  const contacts = panel.getByRole('region', { name: t('support.contacts.region') });
  await contacts.getByRole('searchbox', { name: t('support.contacts.search') }).fill(contact.email);
  await contacts.getByRole('listbox', { name: t('support.contacts.list') }).getByRole('option').filter({ hasText: contact.name }).first().click();
  const detail = contacts.getByRole('complementary', { name: t('support.contacts.detail', { name: contact.name }) });
  const tickets = detail.getByRole('list', { name: t('support.links.contactTickets') });
  await tickets.getByRole('button', { name: subject }).click();
  const tab = page.getByRole('tabpanel', { name: subject });
  await tab.getByRole('list', { name: t('support.ticket.thread') }).getByRole('listitem').first().waitFor({ timeout: 20_000 });
  return tab;
}

describe('the reply box, as a new agent uses it', () => {
  test('a canned reply made in Settings goes in with /, filled for the ticket; the text survives closing the tab; Ctrl+Enter sends it once', async () => {
    const sim = await startSupport();
    const contact = await onTheSite(sim, '/contacts', { name: 'Sofia Rossi', email: 'sofia.rossi@rossi-srl.example', company: 'Rossi Srl' });
    const ticket = await onTheSite(sim, '/tickets', { message: 'Where is my refund for order 7?', subject: 'Refund for order 7', contact_id: contact.id });
    const { app, page, profileId } = await startApp(sim);
    const { t } = createTranslator('en');

    // Settings → Canned replies: one for every connection, with variables.
    const settings = (await openSettings(page, t)).getByRole('region', { name: 'Canned replies' });
    await settings.getByRole('button', { name: 'Add a canned reply' }).click();
    const form = settings.getByRole('form', { name: 'New canned reply' });
    await form.getByLabel('Shortcut').fill('refund');
    await form.getByLabel('Text').fill('Hello ');
    await form.getByRole('group', { name: 'Variables' }).getByRole('button', { name: '{{visitor.first_name}}' }).click();
    await form.getByLabel('Text').press('End');
    await form.getByLabel('Text').pressSequentially(', your refund for {{ticket.id}} ({{contact.company}}) is on its way.');
    await form.getByRole('button', { name: 'Save' }).click();
    await poll(() => settings.getByRole('list', { name: 'Canned replies' }).innerText()).toContain('/refund');
    // A second one under the same shortcut is refused on its field.
    await settings.getByRole('button', { name: 'Add a canned reply' }).click();
    await form.getByLabel('Shortcut').fill('REFUND');
    await form.getByLabel('Text').fill('Another');
    await form.getByRole('button', { name: 'Save' }).click();
    await poll(() => form.innerText()).toContain('Another canned reply uses /REFUND');
    await shots(page, 'settings');
    await form.getByRole('button', { name: 'Cancel' }).click();

    const tab = await openTicketOfContact(page, t, { name: 'Sofia Rossi', email: contact.email }, 'Refund for order 7');
    const box = tab.getByLabel('Robot reply');
    await box.click();
    await box.pressSequentially('/ref');
    const menu = tab.getByRole('listbox', { name: 'Canned replies' });
    await poll(() => menu.getByRole('option').allInnerTexts()).toEqual([expect.stringContaining('/refund')]);
    // Opened inside the window wherever the box is: above it when the room below is short.
    await poll(() => insideWindow(page, menu)).toBe(true);
    await shots(page, 'canned-menu');
    await page.keyboard.press('Enter');
    const filled = `Hello Sofia, your refund for ${ticket.id} (Rossi Srl) is on its way.`;
    await poll(() => box.inputValue()).toBe(filled);
    await box.press('End');
    await box.pressSequentially(' Thank you!');
    await shots(page, 'reply-box');

    // Closed with the text unsent: the ticket opened again shows it, as main kept it.
    await poll(() => app.services.replies.replyDraft(profileId, ticket.id)).toBe(`${filled} Thank you!`);
    await page.keyboard.press('Control+w');
    await poll(() => page.getByRole('tabpanel', { name: 'Refund for order 7' }).count()).toBe(0);
    const again = await openTicketOfContact(page, t, { name: 'Sofia Rossi', email: contact.email }, 'Refund for order 7');
    const boxAgain = again.getByLabel('Robot reply');
    await poll(() => boxAgain.inputValue()).toBe(`${filled} Thank you!`);

    await boxAgain.focus();
    await page.keyboard.press('Control+Enter');
    await poll(() => again.getByRole('region', { name: 'Your writes' }).innerText()).toContain('Sent');
    await poll(() => boxAgain.inputValue()).toBe('');
    const replies = (await siteRecord(sim, `/tickets/${ticket.id}`)).messages.filter((message: { from: string }) => message.from === 'robot');
    expect(replies.map((message: { text: string }) => message.text)).toEqual([`${filled} Thank you!`]);
    await poll(() => app.services.replies.replyDraft(profileId, ticket.id)).toBe('');
  });

  test('a knowledge-base answer goes into the reply at the caret', async () => {
    const sim = await startSupport();
    const contact = await onTheSite(sim, '/contacts', { name: 'Lena Berg', email: 'lena@berg.example' });
    await onTheSite(sim, '/kb/faq', { id: 'faq-reset-password', question: 'How do I reset my password?', answer: 'Open Settings, then Security, then Reset password.' });
    await onTheSite(sim, '/tickets', { message: 'I forgot my password', subject: 'Password reset', contact_id: contact.id });
    const { page } = await startApp(sim);
    const { t } = createTranslator('en');
    const tab = await openTicketOfContact(page, t, { name: 'Lena Berg', email: contact.email }, 'Password reset');
    await tab.getByLabel('Robot reply').fill('Hi Lena, ');
    await tab.getByRole('button', { name: 'Insert from knowledge base' }).click();
    const dialog = page.getByRole('dialog', { name: 'Insert an answer from the knowledge base' });
    await dialog.getByLabel('Search the knowledge base and FAQ').fill('reset password');
    await dialog.getByRole('button', { name: 'Search' }).click();
    const found = dialog.getByRole('list', { name: 'Answers found' }).getByRole('listitem').filter({ hasText: 'How do I reset my password?' });
    await found.waitFor({ timeout: 20_000 });
    await shots(page, 'kb-insert');
    await found.getByRole('button', { name: 'Insert this answer' }).click();
    await poll(() => tab.getByLabel('Robot reply').inputValue()).toBe('Hi Lena, Open Settings, then Security, then Reset password.');
  });
});

describe("a ticket's contact and work items", () => {
  test("a contact's tickets are listed; a work item made from one is prefilled and linked both ways", async () => {
    const sim = await startSupport();
    const contact = await onTheSite(sim, '/contacts', { name: 'Sofia Rossi', email: 'sofia@other-rossi.example', company: 'Other Rossi GmbH', phone: '+4915112345678' });
    const first = await onTheSite(sim, '/tickets', { message: 'The router blinks red since this morning.', subject: 'Router blinks red', contact_id: contact.id });
    const second = await onTheSite(sim, '/tickets', { message: 'Also my invoice is wrong', subject: 'Invoice is wrong', visitor: { name: 'S. Rossi', email: 'SOFIA@other-rossi.example' } });
    const { page } = await startApp(sim);
    const { t } = createTranslator('en');

    const tab = await openTicketOfContact(page, t, { name: 'Sofia Rossi', email: contact.email }, 'Router blinks red');
    // Beside the thread: the contact with what tells them from the other Sofia Rossis, and both their tickets.
    const side = tab.getByRole('complementary', { name: 'Contact' });
    await poll(() => side.innerText()).toContain('Other Rossi GmbH');
    expect(await side.innerText()).toContain('+491******5678');
    expect(await side.innerText()).toContain('Linked to this ticket by the support server.');
    const theirTickets = side.getByRole('list', { name: 'Tickets' });
    await poll(() => theirTickets.getByRole('listitem').allInnerTexts()).toEqual(expect.arrayContaining([expect.stringContaining('Invoice is wrong'), expect.stringContaining('this ticket')]));
    await shots(page, 'contact-panel');

    await tab.getByRole('button', { name: 'Create work item from this ticket' }).click();
    const form = page.getByRole('dialog', { name: 'New work item' });
    expect(await form.getByLabel('Title').inputValue()).toBe('Router blinks red');
    expect(await form.getByLabel('Description').inputValue()).toContain(`From ticket ${first.id}. The visitor wrote: The router blinks red since this morning.`);
    expect(await form.getByRole('group', { name: 'Contact (optional)' }).innerText()).toContain('Other Rossi GmbH');
    expect(await form.getByRole('group', { name: 'Ticket (optional)' }).innerText()).toContain('Router blinks red');
    await shots(page, 'work-from-ticket');
    await form.getByRole('button', { name: 'Create work item' }).click();

    // The ticket lists its work item once the server has it; the item names its ticket and contact.
    const ticketWork = tab.getByRole('region', { name: 'Work items' }).first();
    await poll(() => ticketWork.innerText()).toContain('1 work item');
    const [created] = (await siteRecord(sim, '/work?limit=1')).items;
    expect(created).toMatchObject({ title: 'Router blinks red', ticket_id: first.id, contact_id: contact.id });
    await ticketWork.getByRole('button', { name: 'Router blinks red' }).click();
    const work = page.getByRole('tabpanel', { name: 'Support' }).getByRole('complementary', { name: 'Work item Router blinks red' });
    await poll(() => work.innerText()).toContain('Ticket: Router blinks red');
    expect(await work.innerText()).toContain('Contact: Sofia Rossi');
    expect(await work.innerText()).not.toContain(contact.id);

    // The contact lists the work item too, and the ticket from its address that names no contact.
    await work.getByRole('button', { name: 'Contact: Sofia Rossi' }).click();
    const contactDetail = page.getByRole('tabpanel', { name: 'Support' }).getByRole('complementary', { name: 'Contact Sofia Rossi' });
    await poll(() => contactDetail.getByRole('list', { name: 'Work items' }).innerText()).toContain('Router blinks red');
    expect(await contactDetail.getByRole('list', { name: 'Tickets' }).innerText()).toContain('Invoice is wrong');
    expect(second.id).toMatch(/^tkt_/);
  });
});

describe('small defects', () => {
  test('cancelling the dialog after the server refused a duplicate FAQ id leaves nothing failed in the outbox', async () => {
    const sim = await startSupport();
    const { app, page, profileId } = await startApp(sim);
    await page.getByRole('tab', { name: 'Support' }).click();
    const panel = page.getByRole('tabpanel', { name: 'Support' });
    await panel.getByRole('navigation', { name: 'Support sections' }).getByRole('button', { name: 'Knowledge base', exact: true }).click();
    const faq = panel.getByRole('region', { name: 'FAQ' });
    await faq.getByRole('button', { name: 'Add an entry' }).click();
    const form = page.getByRole('dialog', { name: 'Add a FAQ entry' });
    await form.getByLabel('Id').fill('faq-site-main-001');
    await form.getByLabel('Question').fill('A question already answered?');
    await form.getByLabel('Answer').fill('Yes.');
    await form.getByRole('button', { name: 'Add', exact: true }).click();
    await poll(() => form.getByRole('alert').innerText()).toContain('already exists');
    expect(app.services.outbox.list({ profileId, states: ['failed'] })).toHaveLength(1);
    await form.getByRole('button', { name: 'Cancel' }).click();
    await poll(() => app.services.outbox.list({ profileId, states: ['failed', 'queued', 'sending'] })).toEqual([]);
    expect(app.services.outbox.list({ profileId }).map((entry) => entry.state)).toEqual(['discarded']);
  });

  test('with a TEST and a LIVE connection the view opens on TEST, then on the one last chosen, after a restart too; all LIVE says so', async () => {
    const sim = await startSupport();
    const app = await e2e.openApp();
    const save = (name: string, apiKey: string) => app.services.profiles.save(supportProfile({ name, baseUrl: sim.url, apiKey, caPem: e2e.ca.certPem, ratePerMinute: 600 }));
    // Named so the LIVE one sorts first: before, the view opened on the first by name.
    const live = await save('A live desk', sim.addKey({ site: 'site-main', env: 'live' }));
    await save('B test desk', sim.addKey({ site: 'site-main', env: 'test' }));
    expect(live.live).toBe(true);
    await app.page.reload();
    await app.page.getByRole('tab', { name: 'Support' }).click();
    const chooser = app.page.getByRole('tabpanel', { name: 'Support' }).getByRole('combobox', { name: 'Support connection' });
    await poll(() => chooser.inputValue()).not.toBe(live.id);
    expect(await chooser.locator('option:checked').innerText()).toBe('B test desk');

    await chooser.selectOption(live.id);
    await app.page.reload();
    await app.page.getByRole('tab', { name: 'Support' }).click();
    await poll(() => chooser.inputValue()).toBe(live.id);
    expect(await app.page.getByRole('tabpanel', { name: 'Support' }).getByRole('note').filter({ hasText: 'Opened on the LIVE connection' }).count()).toBe(0);
  });

  test('every connection LIVE and none used before: the view says it opened on LIVE', async () => {
    const sim = await startSupport();
    const app = await e2e.openApp();
    const save = (name: string) => app.services.profiles.save(supportProfile({ name, baseUrl: sim.url, apiKey: sim.addKey({ site: 'site-main', env: 'live' }), caPem: e2e.ca.certPem, ratePerMinute: 600 }));
    await save('Live one');
    await save('Live two');
    await app.page.reload();
    await app.page.getByRole('tab', { name: 'Support' }).click();
    await poll(() => app.page.getByRole('tabpanel', { name: 'Support' }).innerText()).toContain('Opened on the LIVE connection “Live one”');
  });

  test('ten thousand cached tickets are counted with the grouping of every other number', async () => {
    const sim = await startSupport();
    const app = await e2e.openApp();
    const profile = await app.services.profiles.save(supportProfile({ name: 'Help desk', baseUrl: sim.url, apiKey: sim.keys.demo, caPem: e2e.ca.certPem, ratePerMinute: 600 }));
    app.services.db
      .prepare(
        `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 10000)
         INSERT INTO support_tickets (profile_id, id, status, subject, activity_at, synced_at)
         SELECT ?, printf('tkt_%06d', i), 'queued', printf('Problem %d', i), strftime('%Y-%m-%dT%H:%M:%fZ', 'now', printf('-%d minutes', i)), strftime('%Y-%m-%dT%H:%M:%fZ', 'now') FROM n`,
      )
      .run(profile.id);
    await app.page.reload();
    await app.page.getByRole('tab', { name: 'Support' }).click();
    const inbox = app.page.getByRole('tabpanel', { name: 'Support' }).getByRole('region', { name: 'Tickets' });
    await poll(() => inbox.getByRole('status', { name: 'Matching tickets' }).innerText()).toBe('10,000 tickets');
    await poll(() => inbox.getByRole('group', { name: 'Ticket status' }).innerText()).toContain('10,000');
  });
});

describe('in Simplified Chinese', () => {
  test('the reply box, its canned replies, the Settings section and the contact panel', async () => {
    const sim = await startSupport();
    const contact = await onTheSite(sim, '/contacts', { name: '王小明', email: 'xiaoming@wang.example', company: '王氏贸易' });
    await onTheSite(sim, '/tickets', { message: '我的退款什么时候到账？', subject: '订单 7 退款', contact_id: contact.id });
    const { app, page } = await startApp(sim, { locale: 'zh-CN' });
    const { t } = createTranslator('zh-CN');
    app.services.replies.saveCannedReply({ profileId: null, shortcut: 'refund', body: '{{visitor.name}}，您好！您的工单 {{ticket.id}} 的退款已在处理中。' });
    app.services.replies.saveCannedReply({ profileId: null, shortcut: 'thanks', body: '感谢您的耐心等待，{{visitor.first_name}}。' });

    const settings = (await openSettings(page, t)).getByRole('region', { name: t('settings.canned.region') });
    await settings.getByRole('button', { name: t('settings.canned.add') }).click();
    await settings.scrollIntoViewIfNeeded();
    await shots(page, 'settings-zh-CN');

    const tab = await openTicketOfContact(page, t, { name: '王小明', email: contact.email }, '订单 7 退款');
    await poll(() => tab.getByRole('complementary', { name: t('support.links.contact') }).innerText()).toContain('王氏贸易');
    await shots(page, 'contact-panel-zh-CN');
    const box = tab.getByLabel(t('support.ticket.reply'));
    await box.click();
    await box.pressSequentially('/');
    await poll(() => tab.getByRole('listbox', { name: t('support.reply.canned') }).getByRole('option').count()).toBe(2);
    await shots(page, 'canned-menu-zh-CN');
    await page.keyboard.press('Enter');
    await poll(() => box.inputValue()).toContain('王小明，您好！');
    await shots(page, 'reply-box-zh-CN');
  });
});
