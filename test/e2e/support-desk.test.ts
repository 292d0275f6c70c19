// The Support view's shell and its desk sections (knowledge base, Q&A, webhooks, analytics, chat
// logs) in Chromium against the support simulator, as a new user tries them.
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { SUPPORT_SCOPES, SupportSim, type SupportKeyOptions } from '../sim/index.ts';
import type { AppUnderTest } from '../support/app-harness.ts';
import { setUpE2e } from '../support/e2e-setup.ts';
import { supportProfile } from '../support/support-profile.ts';
import { expectEach } from '../support/expect-each.ts';

const e2e = setUpE2e();
let app: AppUnderTest | undefined;
let support: SupportSim | undefined;

/** Where `OPSDESK_E2E_SHOTS` asks for them, what each state looked like, to be looked at. */
async function shot(page: Page, name: string): Promise<void> {
  const folder = process.env.OPSDESK_E2E_SHOTS;
  if (folder) await page.screenshot({ path: path.join(folder, `support-desk-${name}.png`), fullPage: true });
}

/** The machine is shared while the suite runs: answers from the simulator may take a few seconds. */
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000 });

interface Start {
  /** The key the profile holds: every scope on site-main (TEST) unless said otherwise. */
  key?: Partial<SupportKeyOptions>;
  /** The site the profile names. */
  site?: string;
  /** A key of the simulator's own (ipRestricted…), instead of a new one. */
  simKey?: keyof SupportSim['keys'];
  /** Scopes /meta names beside the key's, as a server with scopes of its own would. */
  serverScopes?: string[];
}

/** A simulator and the app with one support profile, the Support tab showing. */
async function start({ key = {}, site = 'site-main', simKey, serverScopes = [] }: Start = {}): Promise<{ page: Page; view: Locator }> {
  support = await e2e.serve(new SupportSim({ seed: 7, caPem: e2e.ca.certPem }));
  if (serverScopes.length > 0) support.setMetaShape((meta) => ({ ...meta, key: { ...(meta.key as object), scopes: [...(meta.key as { scopes: string[] }).scopes, ...serverScopes] } }));
  // The sim's own limit is raised: these tests are about what the view shows, not the 60/min budget.
  const apiKey = simKey ? support.keys[simKey] : support.addKey({ site: 'site-main', scopes: [...SUPPORT_SCOPES], ratePerMinute: 10_000, ...key });
  app = await e2e.openApp();
  await app.services.profiles.save(supportProfile({ name: 'Support lab', baseUrl: support.url, apiKey, caPem: e2e.ca.certPem, site, ratePerMinute: 10_000 }));
  await app.page.reload();
  const { page } = app;
  await page.getByRole('tab', { name: 'Support' }).click();
  const view = page.getByRole('tabpanel', { name: 'Support' });
  await view.getByRole('navigation', { name: 'Support sections' }).waitFor();
  return { page, view };
}

async function openSection(view: Locator, name: string): Promise<Locator> {
  await view.getByRole('navigation', { name: 'Support sections' }).getByRole('button', { name, exact: true }).click();
  const section = view.getByRole('region', { name, exact: true });
  await section.waitFor();
  return section;
}

const keyLine = (view: Locator) => view.getByRole('region', { name: 'Key and access' });
const posts = (path: string) => support!.requests.filter((request) => request.method === 'POST' && request.path.endsWith(path));

describe('the Support view, as a new user tries it', () => {
  test('the key line says TEST, the kind of key and what it may do in words; every section is in the nav and opens from the keyboard', async () => {
    const { page, view } = await start({ key: { type: 'ops', scopes: [...SUPPORT_SCOPES] } });
    await poll(() => keyLine(view).innerText()).toContain('A key for keeping an ERP or CRM in step');
    // What it may do, in words, is on demand above the inbox.
    await keyLine(view).getByText('What this key may do', { exact: true }).click();
    const line = await keyLine(view).innerText();
    expect(line).toContain('TEST');
    expect(line).toContain('Site: site-main');
    expect(line).toContain('Can read tickets, reply to tickets, close tickets, open tickets and write to visitors, read the knowledge base');
    expect(line).not.toContain('Cannot');
    expect(line).not.toContain('ticket.read');
    expect(await view.getByText('LIVE', { exact: true }).count()).toBe(0);

    const nav = view.getByRole('navigation', { name: 'Support sections' });
    expect(await nav.getByRole('button').allInnerTexts()).toEqual(['Inbox', 'Contacts', 'Work items', 'Knowledge base', 'Q&A', 'Webhooks', 'Analytics', 'Chat logs']);
    await nav.getByRole('button', { name: 'Analytics' }).focus();
    await page.keyboard.press('Enter');
    await view.getByRole('region', { name: 'Analytics', exact: true }).waitFor();
    expect(await nav.getByRole('button', { name: 'Analytics' }).getAttribute('aria-current')).toBe('page');
  });

  test('knowledge base: search with top_k shows scored results; add a FAQ entry; a taken id offers a free one, used in one click', async () => {
    const { page, view } = await start();
    const kb = await openSection(view, 'Knowledge base');
    const search = kb.getByRole('region', { name: 'Search the knowledge base' });
    await search.getByLabel('Search for').fill('refund invoice');
    await search.getByLabel('Results to show').fill('3');
    await search.getByRole('button', { name: 'Search' }).click();
    const results = search.getByRole('status', { name: 'Search results' });
    await poll(() => results.innerText()).toMatch(/3 results for “refund invoice”/);
    const scores = (await results.getByText(/^score /).allInnerTexts()).map((text) => Number(text.replace('score ', '')));
    expect(scores).toHaveLength(3);
    expectEach(scores, (score) => score > 0 && score <= 1, 'score above 0 and at most 1');
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
    // The server's snippets are cut out of longer answers: each ends a sentence, or ends with an ellipsis after a whole word.
    const snippets = await results.locator('.support-snippet').allInnerTexts();
    expect(snippets).toHaveLength(3);
    expectEach(snippets, (snippet) => /[.!?]$/.test(snippet) || /\p{L}…$/u.test(snippet), 'a whole sentence, or whole words and an ellipsis');
    const searched = support!.requests.filter((request) => request.path.endsWith('/kb/search'));
    expect(searched.at(-1)?.query).toMatch(/(^|&)top_k=3(&|$)/);
    await shot(page, 'kb-search');

    // Add an entry under an id the site already has: the server refuses it, and the view offers a free one.
    const faq = kb.getByRole('region', { name: 'FAQ' });
    await poll(() => faq.getByRole('listitem').count()).toBeGreaterThan(0);
    await faq.getByRole('button', { name: 'Add an entry' }).click();
    const form = page.getByRole('dialog', { name: 'Add a FAQ entry' });
    await form.getByLabel('Id').fill('faq-site-main-001');
    await form.getByLabel('Question').fill('How do I reset my OpsDesk password?');
    await form.getByLabel('Answer').fill('Open Settings, then Security, then Reset password.');
    await form.getByLabel('Tags').fill('password, account');
    await form.getByRole('button', { name: 'Add', exact: true }).click();
    await poll(() => form.getByRole('alert').innerText()).toContain('An entry with the id “faq-site-main-001” already exists.');
    await shot(page, 'kb-faq-conflict');
    const offer = form.getByRole('button', { name: /^Use “.+” instead$/ });
    const offered = (await offer.innerText()).replace(/^Use “(.+)” instead$/, '$1');
    expect(offered).not.toBe('faq-site-main-001');
    await offer.click();
    await poll(() => form.count()).toBe(0);

    await faq.getByLabel('Filter the FAQ').fill('OpsDesk password');
    await faq.getByRole('button', { name: 'Apply' }).click();
    await poll(() => faq.getByRole('listitem').allInnerTexts()).toEqual([expect.stringContaining('How do I reset my OpsDesk password?')]);
    expect(await faq.getByRole('listitem').innerText()).toContain(offered);
    // The refused write and the accepted one: one entry, under the offered id.
    expect(posts('/kb/faq')).toHaveLength(2);
  });

  test('Q&A: ask, see the sources, continue the same session, read its summary', async () => {
    const { page, view } = await start();
    const qa = await openSection(view, 'Q&A');
    await qa.getByLabel('Question', { exact: true }).fill('How do I get a refund?');
    await qa.getByRole('button', { name: 'Ask', exact: true }).click();
    const conversation = qa.getByRole('list', { name: 'Questions and answers' });
    await poll(() => conversation.innerText()).toContain('Sources');
    const session = (await qa.getByRole('heading', { level: 2 }).first().innerText()).replace('Session ', '');
    expect(session).toMatch(/\S/);
    expect(await conversation.innerText()).toMatch(/score \d/);

    // Ctrl+Enter asks the follow-up in the same session.
    await qa.getByLabel('Follow-up question (same session)').fill('And my invoice?');
    await page.keyboard.press('Control+Enter');
    await poll(() => conversation.getByRole('listitem').filter({ hasText: 'Sources' }).count()).toBe(2);
    const chats = posts('/chat');
    expect(chats).toHaveLength(2);
    expect(await qa.getByRole('heading', { name: `Session ${session}` }).count()).toBe(1);

    await qa.getByRole('button', { name: 'Session summary' }).click();
    const summary = qa.getByRole('region', { name: 'Session summary' });
    await poll(() => summary.innerText()).toContain(session);
    await shot(page, 'qa');

    // Another section and back: the conversation is still there.
    await openSection(view, 'Knowledge base');
    await openSection(view, 'Q&A');
    expect(await conversation.locator(':scope > li').count()).toBe(2);
    expect(await qa.getByRole('heading', { name: `Session ${session}` }).count()).toBe(1);

    await qa.getByRole('button', { name: 'Start a new session' }).click();
    expect(await qa.getByRole('heading', { name: 'New session' }).count()).toBe(1);
    expect(await conversation.getByRole('listitem').count()).toBe(0);
  });

  test('analytics: each group as a chart with its counts; chat logs grouped by session', async () => {
    const { page, view } = await start();
    const analytics = await openSection(view, 'Analytics');
    const tickets = analytics.getByRole('region', { name: 'Tickets', exact: true });
    await poll(() => tickets.innerText()).toContain('in total');
    expect(await tickets.getByRole('img', { name: 'Tickets by status' }).locator('.recharts-bar-rectangle').count()).toBeGreaterThan(0);
    const rows = await tickets.getByRole('table', { name: 'Tickets by status' }).getByRole('row').allInnerTexts();
    expect(rows.map((row) => row.split('\t')[0])).toEqual(expect.arrayContaining(['Queued', 'Closed']));
    expect(await analytics.getByRole('region', { name: 'Chats', exact: true }).innerText()).toMatch(/sessions/);
    await shot(page, 'analytics');

    const logs = await openSection(view, 'Chat logs');
    const sessions = logs.getByRole('region', { name: /^Session / });
    await poll(() => sessions.count()).toBeGreaterThan(1);
    const names = await sessions.evaluateAll((regions) => regions.map((region) => region.getAttribute('aria-label')));
    expect(new Set(names).size).toBe(names.length);
    const first = sessions.first();
    const firstName = (await first.getAttribute('aria-label'))!;
    await first.getByRole('button', { name: 'Only this session' }).click();
    await poll(() => logs.getByRole('region', { name: /^Session / }).evaluateAll((regions) => regions.map((region) => region.getAttribute('aria-label')))).toEqual([firstName]);
    await shot(page, 'chat-logs');
  });

  test('webhooks: register one, its secret is shown once with where it is kept, then never again; the receiver is off and on loopback', async () => {
    const { page, view } = await start();
    const webhooks = await openSection(view, 'Webhooks');
    const receiver = webhooks.getByRole('region', { name: 'Local receiver' });
    await poll(() => receiver.getByRole('status', { name: 'Receiver status' }).innerText()).toContain('Off');
    expect(await receiver.getByLabel('Receive deliveries').isChecked()).toBe(false);
    expect(await receiver.getByLabel('Listen on address').inputValue()).toBe('127.0.0.1');

    const register = webhooks.getByRole('region', { name: 'Register a webhook' });
    await register.getByLabel('Address').fill('https://hooks.example/support');
    await register.getByRole('button', { name: 'Register' }).click();
    const secretNotice = register.getByRole('alert', { name: 'Signing secret' });
    await poll(() => secretNotice.innerText()).toContain('Registered https://hooks.example/support');
    const secret = await secretNotice.locator('code').innerText();
    expect(secret.length).toBeGreaterThan(16);
    expect(await secretNotice.innerText()).toMatch(/Stored in your keychain|kept only until it quits/);
    await shot(page, 'webhooks-secret');

    const list = webhooks.getByRole('region', { name: 'Registered webhooks' });
    await poll(() => list.getByRole('row').filter({ hasText: 'https://hooks.example/support' }).count()).toBe(1);
    await secretNotice.getByRole('button', { name: 'Done, hide the secret' }).click();
    expect(await page.content()).not.toContain(secret);
    // Opening the section again shows the registration, never the secret.
    await openSection(view, 'Analytics');
    await openSection(view, 'Webhooks');
    await poll(() => webhooks.getByRole('row').filter({ hasText: 'https://hooks.example/support' }).count()).toBe(1);
    expect(await page.content()).not.toContain(secret);
  });
});

describe('what the key may do', () => {
  test('a key lacking scopes: its actions are disabled and name the scope; sections it cannot read say which scope they need', async () => {
    const { page, view } = await start({ key: { type: 'agent', scopes: ['chat', 'kb.read', 'ticket.read', 'crm.read'] }, serverScopes: ['billing.read'] });
    await poll(() => keyLine(view).innerText()).toContain('A key for a coding tool or an internal agent');
    // What it may do, in words, is on demand above the inbox.
    await keyLine(view).getByText('What this key may do', { exact: true }).click();
    const line = await keyLine(view).innerText();
    expect(line).toContain('Can read tickets, read the knowledge base, ask the support assistant, and read contacts.');
    expect(line).toMatch(/Cannot reply to tickets, .*change webhooks, read analytics, and read chat logs\./);
    // A scope support.md does not name is shown as the server wrote it.
    expect(line).toContain('Other permissions: billing.read');
    const kb = await openSection(view, 'Knowledge base');
    const add = kb.getByRole('button', { name: 'Add an entry' });
    await poll(() => add.isDisabled()).toBe(true);
    expect(await kb.getByText('Needs the scope kb.write, which this key lacks.').isVisible()).toBe(true);
    expect(await add.getAttribute('aria-describedby')).toBeTruthy();
    expect(await kb.getByRole('button', { name: 'Search' }).count()).toBe(1);
    await shot(page, 'scope-disabled-kb');

    for (const [section, scope] of [['Webhooks', 'hooks.write'], ['Analytics', 'analytics.read'], ['Chat logs', 'logs.read']] as const) {
      const region = await openSection(view, section);
      await poll(() => region.getByRole('note').first().innerText()).toContain(`This key lacks the scope ${scope} that this section needs.`);
    }
    await shot(page, 'scope-disabled-analytics');
    expect(support!.requests.filter((request) => /\/(analytics|logs)\//.test(request.path))).toHaveLength(0);
  });

  test('channel disabled: the view says the API channel is off and how to open it in the site settings', async () => {
    const { page, view } = await start({ simKey: 'closed', site: 'site-closed' });
    await poll(() => view.innerText()).toContain('The support system refuses this key for site “site-closed”');
    const steps = view.getByRole('list', { name: 'What to do' });
    expect(await steps.innerText()).toContain('switch on its open API channel');
    expect(await view.innerText()).toContain('channel_disabled');
    await shot(page, 'channel-disabled');
    await view.getByRole('button', { name: 'Check again' }).click();
    await poll(() => view.getByRole('list', { name: 'What to do' }).count()).toBe(1);
  });

  test('wrong site and a refused address each say what to do', async () => {
    const { page, view } = await start({ key: { site: 'site-eu' }, site: 'site-main' });
    await poll(() => view.innerText()).toContain('The key was issued for another site.');
    expect(await view.getByRole('button', { name: 'Open Settings' }).first().isVisible()).toBe(true);
    await shot(page, 'wrong-site');
    await app!.close({ removeData: true });
    await support!.close();

    const restricted = await start({ simKey: 'ipRestricted' });
    await poll(() => restricted.view.innerText()).toContain("Add this computer's public address to the key's IP allowlist");
    await shot(restricted.page, 'forbidden-ip');
  });

  test('a LIVE key asks before adding a FAQ entry: Cancel sends nothing, confirming sends it once', async () => {
    const { page, view } = await start({ key: { env: 'live' } });
    expect(await view.getByText('LIVE', { exact: true }).count()).toBe(1);
    const kb = await openSection(view, 'Knowledge base');
    const faq = kb.getByRole('region', { name: 'FAQ' });
    await faq.getByRole('button', { name: 'Add an entry' }).click();
    const form = page.getByRole('dialog', { name: 'Add a FAQ entry' });
    await form.getByLabel('Question').fill('Is the live desk open on Sundays?');
    await form.getByLabel('Answer').fill('Yes, from 9 to 17.');
    await form.getByRole('button', { name: 'Add', exact: true }).click();

    const confirm = page.getByRole('dialog', { name: 'Change real data?' });
    await poll(() => confirm.innerText()).toContain('Add FAQ “Is the live desk open on Sundays?”');
    await shot(page, 'live-confirmation');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    expect(posts('/kb/faq')).toHaveLength(0);

    await form.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByRole('dialog', { name: 'Change real data?' }).getByRole('button', { name: 'Yes, change it' }).click();
    await poll(() => form.count()).toBe(0);
    expect(posts('/kb/faq')).toHaveLength(1);
    expect(posts('/kb/faq')[0]!.headers['idempotency-key']).toBeTruthy();
  });
});

describe('server strings', () => {
  test('hostile text in FAQ entries, search results, answers and chat logs renders as text and runs nothing', async () => {
    const { page, view } = await start();
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    const hostile = '<img src=x onerror="window.__pwned=1"> <script>window.__pwned=2</script> zebra\u202Egnp.exe';
    // Put it on the server as another client would, then read it back through every section.
    const kb = await openSection(view, 'Knowledge base');
    await kb.getByRole('region', { name: 'FAQ' }).getByRole('button', { name: 'Add an entry' }).click();
    const form = page.getByRole('dialog', { name: 'Add a FAQ entry' });
    await form.getByLabel('Question').fill(`zebra ${hostile}`);
    await form.getByLabel('Answer').fill(`zebra answer ${hostile}`);
    await form.getByRole('button', { name: 'Add', exact: true }).click();
    await poll(() => form.count()).toBe(0);

    const search = kb.getByRole('region', { name: 'Search the knowledge base' });
    await search.getByLabel('Search for').fill('zebra');
    await search.getByRole('button', { name: 'Search' }).click();
    await poll(() => search.getByRole('status', { name: 'Search results' }).innerText()).toContain('<img src=x onerror="window.__pwned=1">');

    const qa = await openSection(view, 'Q&A');
    await qa.getByLabel('Question', { exact: true }).fill(`zebra ${hostile}`);
    await qa.getByRole('button', { name: 'Ask', exact: true }).click();
    await poll(() => qa.getByRole('list', { name: 'Questions and answers' }).innerText()).toContain('Sources');
    expect(await qa.innerText()).toContain('<script>window.__pwned=2</script>');

    const logs = await openSection(view, 'Chat logs');
    await poll(() => logs.innerText()).toContain('<img src=x onerror="window.__pwned=1">');
    await shot(page, 'hostile');

    expect(await view.locator('img, script, svg[onload]').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(dialogs).toEqual([]);
  });
});
