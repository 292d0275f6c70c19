// Issue 40's whole path, in Chromium against the three simulators over HTTPS: every secret OpsDesk
// holds is set up, OpsDesk is started again (as the next morning), and an appliance and a help desk
// that echo each secret (as it is, in JSON, base64 and URL-encoded) in every field they send, with
// markup and script, deliver an alert from the appliance's own loopback address, one from a
// link-local address, and a ticket. The analyst pastes the alert into a chat, asks for a drafted
// reply and a summary of the ticket, and triages both alerts while the reply is written. No request
// body the gateway received holds a secret; the triage cards, the alerts and the Block dialogs say
// in words why the addresses are special; the chat answer and the draft, which drip forever, end at
// the connection's deadline with their text kept and the reason said (the draft's too, though its
// tab was out of view); nothing a server wrote runs.
import { generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { promptFields } from '../../src-shared/contract/assistant.ts';
import { databaseKeyEntry, readDatabaseKey } from '../../src-main/core/secrets/database-key.ts';
import { openKeyStore } from '../../src-main/core/secrets/open-key-store.ts';
import { defaultTimeouts } from '../../src-main/core/profiles/profile-record.ts';
import { FIREWALL_API_PREFIX, SUPPORT_API_PREFIX, SUPPORT_SCOPES } from '../sim/index.ts';
import { call, trustingAgent } from '../sim/test-helpers.ts';
import type { AppUnderTest } from '../support/app-harness.ts';
import { setUpE2e } from '../support/e2e-setup.ts';
import { shot } from '../support/e2e-shots.ts';
import { expectEach } from '../support/expect-each.ts';
import { firewallProfile } from '../support/firewall-profile.ts';
import { gatewayProfile } from '../support/gateway-profile.ts';
import { supportProfile } from '../support/support-profile.ts';

const e2e = setUpE2e({ simulators: { alertCount: 0 } });
const poll = <T>(read: () => T | Promise<T>, timeout = 20_000) => expect.poll(read, { timeout });

/** The shortest longest-answer a gateway connection may set (Settings → Timeouts): the drip is cut there. */
const ANSWER_DEADLINE_MS = 10_000;
const LOOPBACK = '127.0.0.1';
const LINK_LOCAL = '169.254.77.7';
/** Markup a server may slip into any text; each would set `window.__pwned` if it ran. */
const MARKUP = ['<img src=x onerror="window.__pwned=1">', '<script>window.__pwned=2</script>', '"><svg/onload=window.__pwned=3>', '[click me](javascript:window.__pwned=4)'];

/** The forms a secret takes in text a server echoes or a prompt carries: as it is, in a JSON string, base64 (both alphabets), URL-encoded. */
function namedFormsOf(secret: string): Record<string, string> {
  const base64 = Buffer.from(secret).toString('base64');
  return { plain: secret, json: JSON.stringify(secret).slice(1, -1), base64: base64.replace(/=+$/, ''), base64url: Buffer.from(secret).toString('base64url'), url: encodeURIComponent(secret) };
}
const formsOf = (secret: string) => [...new Set(Object.values(namedFormsOf(secret)))];

/** Where each form of each secret is found in `texts`: "secret 3 (base64) in <where>". */
function leaksIn(secrets: readonly string[], texts: readonly { where: string; text: string }[]): string[] {
  return secrets.flatMap((secret, index) =>
    Object.entries(namedFormsOf(secret)).flatMap(([form, value]) => texts.filter(({ text }) => text.includes(value)).map(({ where }) => `secret ${index} (${form}) in ${where}`)),
  );
}

/** What a hostile server puts in a field: its label, every form of every secret, and markup. */
const echoing = (label: string, secrets: readonly string[]) => `${label}: ${secrets.flatMap(formsOf).join(' | ')} ${MARKUP.join(' ')}`;

interface Held {
  dataDir: string;
  supportId: string;
  firewallId: string;
  supportKey: string;
  secrets: string[];
}

/**
 * The first day: the three connections, a support webhook (its secret shown once), the firewall
 * receiver's signing key and TLS key, the model at work with every field it may send; then closed.
 */
async function setUpEverySecret(): Promise<Held> {
  const { sims } = e2e;
  const app = await e2e.openApp();
  const gatewayKey = sims.gateway.addKey();
  const supportKey = sims.support.addKey({ site: 'site-main', scopes: [...SUPPORT_SCOPES], ratePerMinute: 100_000 });
  const firewallKey = sims.firewall.keys.operations;
  const gateway = gatewayProfile({ name: 'Analyst gateway', baseUrl: sims.gateway.url, apiKey: gatewayKey, caPem: sims.ca.certPem });
  const gatewayId = (await app.services.profiles.save({ ...gateway, timeouts: { ...defaultTimeouts, answerMs: ANSWER_DEADLINE_MS } })).id;
  const supportId = (await app.services.profiles.save(supportProfile({ name: 'Help desk', baseUrl: sims.support.url, apiKey: supportKey, caPem: sims.ca.certPem, ratePerMinute: 100_000 }))).id;
  const firewallId = (
    await app.services.profiles.save(firewallProfile({ name: 'Branch firewall', baseUrl: sims.firewall.url, apiKey: firewallKey, caPem: sims.ca.certPem, requestsPerSecond: 100 }))
  ).id;
  app.services.assistantSettings.save({ profileId: gatewayId, model: 'gpt-4o-mini', triageTemplate: null, sentFields: [...promptFields], bulkLimit: 20 });
  const { secret: webhookSecret } = await app.services.supportWebhooks.register(supportId, 'https://127.0.0.1:1/hooks', ['contact.updated']);
  // What an analyst types: any characters, so its URL-encoded form differs from it.
  const signingKey = `fw+${randomBytes(24).toString('base64')}/sign`;
  const privateKeyPem = generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  await app.services.firewall.webhooks.save({ profileId: firewallId, enabled: false, host: '127.0.0.1', port: 9444, applianceAddress: LOOPBACK, signingKey, privateKeyPem });
  const secrets = [gatewayKey, supportKey, firewallKey, webhookSecret, signingKey, privateKeyPem];
  // The database's own key, where the database is encrypted with one from the keychain.
  if (existsSync(path.join(app.dataDir, 'opsdesk-database.key-id'))) {
    const databaseKey = await readDatabaseKey(await openKeyStore(), databaseKeyEntry(app.dataDir));
    expect(databaseKey, 'the database key in the keychain').not.toBeNull();
    secrets.push(databaseKey!);
  }
  await app.close();
  return { dataDir: app.dataDir, supportId, firewallId, supportKey, secrets };
}

/** What a visitor does on the site, straight against the simulator. */
async function onTheSite(supportKey: string, apiPath: string, json: unknown): Promise<{ id: string }> {
  const agent = trustingAgent(e2e.ca.certPem);
  try {
    const answer = await call(agent, `${e2e.sims.support.url}${SUPPORT_API_PREFIX}${apiPath}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${supportKey}`, 'x-svc-site': 'site-main', 'idempotency-key': randomUUID() },
      json,
    });
    expect(answer.status, answer.text).toBe(200);
    return answer.json.data;
  } finally {
    await agent.close();
  }
}

/** Overnight: the appliance raises the two alerts and the site takes the ticket, each echoing every secret everywhere. */
async function hostileItemsArrive({ supportKey, secrets }: Held): Promise<{ ticketId: string; pasted: string }> {
  const { firewall, support } = e2e.sims;
  const raised = [LOOPBACK, LINK_LOCAL].flatMap((source) => {
    const field = (name: string) => echoing(`${name} from ${source}`, secrets);
    return firewall.addAlerts(1, {
      src_ip: source,
      // The model is asked, in the alert, for markup and script around its verdict.
      signature: `ET HOSTILE ${source} sim-triage:hostile`,
      message: field('message'),
      payload_excerpt: field('payload'),
      device_id: field('device'),
      rule_id: field('rule'),
    });
  });
  const contact = await onTheSite(supportKey, '/contacts', { name: 'Hostile Visitor', email: 'hostile.visitor@example.com', company: 'Echo Ltd' });
  const ticket = await onTheSite(supportKey, '/tickets', {
    subject: 'Refund for my order sim-hostile',
    message: echoing('first message', secrets),
    contact_id: contact.id,
    visitor: { name: 'Hostile Visitor', email: 'hostile.visitor@example.com' },
  });
  for (const secret of secrets) await onTheSite(supportKey, `/tickets/${ticket.id}/messages`, { text: echoing('and again', [secret]) });
  await onTheSite(supportKey, '/kb/faq', { question: 'Refund for my order sim-hostile', answer: echoing('the answer', secrets) });
  // What the API's checks would refuse a visitor, a careless server sends all the same.
  const stored = support.store.tickets.find((candidate) => candidate.id === ticket.id)!;
  stored.subject = `Refund for my order sim-hostile ${MARKUP[0]} ${secrets.slice(0, 3).join(' ')}`;
  stored.visitor.name = `Hostile Visitor ${MARKUP[1]} ${secrets.slice(0, 3).join(' ')}`;
  stored.visitor.email = `${encodeURIComponent(secrets[3]!)}@example.com`;
  const storedContact = support.store.contacts.find((candidate) => candidate.id === contact.id)!;
  Object.assign(storedContact, { name: echoing('name', secrets), email: `${encodeURIComponent(secrets[4]!)}@example.com`, company: echoing('company', secrets) });
  storedContact.follows.push({ id: `fol_${randomUUID()}`, kind: 'note', note: echoing('note', secrets), author: 'Echo', created_at: new Date().toISOString() });
  // The analyst pastes the alert as the appliance's own console showed it.
  const pasted = `What does this alert mean?\n\n${JSON.stringify(raised[0])}`;
  return { ticketId: ticket.id, pasted };
}

const firewallPanel = (page: Page) => page.getByRole('tabpanel', { name: 'Firewall' });

/** The alert from `source`, opened from the alert table filtered to it. */
async function alertFrom(page: Page, source: string): Promise<Locator> {
  await page.getByRole('tab', { name: 'Firewall' }).click();
  const panel = firewallPanel(page);
  const more = panel.getByRole('button', { name: /^More filters/ });
  if ((await more.getAttribute('aria-expanded')) !== 'true') await more.click();
  await panel.getByRole('textbox', { name: 'Source IP' }).fill(source);
  await page.keyboard.press('Escape');
  await poll(() => panel.getByRole('status', { name: 'Matching alerts' }).innerText()).toBe('1 alert');
  const rows = panel.getByRole('rowgroup', { name: 'Alerts rows' });
  await rows.focus();
  await page.keyboard.press('Home');
  await page.keyboard.press('Enter');
  const detail = panel.getByRole('complementary', { name: /^Alert / });
  await poll(() => detail.innerText()).toContain(`ET HOSTILE ${source}`);
  return detail;
}

/** Ask the model from the alert: its triage tab, once the answer ended. */
async function triage(page: Page, detail: Locator): Promise<Locator> {
  await detail.getByRole('button', { name: 'Ask the model', exact: true }).click();
  const tab = page.getByRole('tabpanel', { name: /^Triage: ET HOSTILE/ });
  await poll(() => tab.getByRole('article', { name: /^Answer from/ }).last().getAttribute('aria-busy')).toBe('false');
  return tab;
}

const loopbackWords = 'A loopback address (127.0.0.0/8)';
const applianceWords = `The appliance’s own management address (${LOOPBACK}): blocking it can cut you off from the appliance.`;
const gatewayWords = `The address of your model gateway connection “Analyst gateway” (${LOOPBACK})`;
const linkLocalWords = 'A link-local address (169.254.0.0/16)';
const deadlineWords = `was still sending the answer after ${ANSWER_DEADLINE_MS / 1000} s, the longest an answer may take; reading stopped there and the text so far is kept.`;

async function expectNothingRan(page: Page, within: Locator) {
  expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
  expect(await within.locator('img, script, svg, [onerror], [onload], a[href^="javascript:"]').count()).toBe(0);
}

describe('a hostile alert and a hostile ticket through every path to the model', () => {
  test('no secret in any request body, every special address warned in words, every stream ended', { timeout: 150_000 }, async () => {
    const held = await setUpEverySecret();
    const { ticketId, pasted } = await hostileItemsArrive(held);
    const { gateway, firewall } = e2e.sims;
    const ipcLog: { channel: string; result: unknown }[] = [];
    const app: AppUnderTest = await e2e.openApp({ dataDir: held.dataDir, backgroundSync: true, ipcLog });
    const { page } = app;
    const sentBefore = gateway.receivedBodies.length;
    const blocksBefore = firewall.requests.filter((request) => request.method === 'POST' && request.path === `${FIREWALL_API_PREFIX}/blocklist`).length;
    await poll(() => app.services.firewall.alerts.query({ profileId: held.firewallId, filter: { cells: [] }, sort: { field: 'occurredAt', direction: 'desc' }, offset: 0, limit: 10 }).total).toBe(2);
    const answerStarted = async (ask: () => Promise<void>) => {
      const asked = gateway.receivedBodies.length;
      gateway.setStreamShape({ drip: true });
      await ask();
      await poll(() => gateway.receivedBodies.slice(asked).some((request) => request.path.endsWith('/chat/completions'))).toBe(true);
      // Only this answer drips; every other one the analyst asks for finishes.
      gateway.setStreamShape({});
    };

    // Chat, the alert pasted in: its answer drips and never ends by itself.
    await page.getByRole('tab', { name: 'Chat' }).click();
    const chat = page.getByRole('tabpanel', { name: 'Chat' });
    await chat.getByRole('button', { name: 'New conversation' }).click();
    const picker = chat.getByLabel('Model', { exact: true });
    await poll(() => picker.isEnabled()).toBe(true);
    await picker.selectOption('gpt-4o-mini');
    await chat.getByLabel('Message', { exact: true }).fill(pasted);
    await answerStarted(() => chat.getByRole('button', { name: 'Send' }).click());
    await poll(() => chat.getByRole('article', { name: /^Answer from/ }).last().innerText()).toContain('drip0');

    // The ticket, found by the command palette once the background sync has it: shown as text; a
    // drafted reply that drips, and a summary while it does.
    await poll(() => app.services.support.tickets.query({ profileId: held.supportId, text: ticketId, limit: 1 }).total).toBe(1);
    await page.keyboard.press('Control+k');
    const palette = page.getByRole('dialog', { name: 'Command palette' });
    await palette.getByRole('combobox').fill('ticket: sim-hostile');
    await palette.getByRole('option', { name: /Refund for my order sim-hostile/ }).first().waitFor();
    await page.keyboard.press('Enter');
    const ticket = page.getByRole('article', { name: new RegExp(`${ticketId}$`) });
    await ticket.locator('.si-thread li').first().waitFor();
    expect(await ticket.innerText()).toContain(MARKUP[0]);
    await expectNothingRan(page, ticket);
    const draft = ticket.getByRole('region', { name: 'Draft from the knowledge base' });
    await answerStarted(() => draft.getByRole('button', { name: 'Draft reply' }).click());
    await poll(() => ticket.getByLabel('Robot reply').inputValue()).toContain('drip0');
    await ticket.getByRole('button', { name: 'Summarise' }).click();
    const summary = ticket.getByRole('region', { name: 'Summary' });
    await poll(() => summary.innerText()).toContain('Written by gpt-4o-mini');
    await poll(() => summary.innerText()).toContain('Subject: Refund for my order sim-hostile');
    await poll(() => ticket.getByRole('button', { name: 'Summarise again' }).count()).toBe(1);
    await expectNothingRan(page, summary);
    const draftedWhenLeft = (await ticket.getByLabel('Robot reply').inputValue()).length;

    // While the reply is being drafted, the alert from the appliance's own loopback address: said on
    // the alert, on the triage card; never blocked.
    const loopbackAlert = await alertFrom(page, LOOPBACK);
    await poll(() => loopbackAlert.innerText()).toContain('OpsDesk never blocks this address.');
    for (const words of [loopbackWords, applianceWords, gatewayWords]) expect(await loopbackAlert.innerText()).toContain(words);
    expect(await loopbackAlert.getByRole('button', { name: `Block source ${LOOPBACK}` }).isDisabled()).toBe(true);
    expect(await loopbackAlert.innerText()).toContain(MARKUP[1]);
    await expectNothingRan(page, loopbackAlert);
    const loopbackTriage = await triage(page, loopbackAlert);
    const refusedCard = loopbackTriage.getByRole('group', { name: 'The model proposes' });
    await poll(() => refusedCard.innerText()).toContain('OpsDesk never blocks this address.');
    for (const words of [`Block ${LOOPBACK} on Branch firewall for`, loopbackWords, applianceWords, gatewayWords]) expect(await refusedCard.innerText()).toContain(words);
    expect(await refusedCard.getByRole('button', { name: 'Approve' }).isDisabled()).toBe(true);
    // The model's markup, and the alert's it echoed, are words on the page.
    expect(await refusedCard.innerText()).toContain('b onmouseover=');
    await expectNothingRan(page, loopbackTriage);
    await shot(page, 'hostile-triage-loopback');
    await refusedCard.getByRole('button', { name: 'Dismiss' }).click();
    await poll(() => refusedCard.getByRole('status').innerText()).toBe('Dismissed. Nothing was sent.');

    // The link-local alert: warned on the alert, in its Block dialog (asked again), on the triage card and in its Block dialog.
    const linkLocalAlert = await alertFrom(page, LINK_LOCAL);
    await poll(() => linkLocalAlert.innerText()).toContain('Blocking it asks again.');
    expect(await linkLocalAlert.innerText()).toContain(linkLocalWords);
    await linkLocalAlert.getByRole('button', { name: `Block source ${LINK_LOCAL}` }).click();
    const alertDialog = page.getByRole('dialog', { name: `Block ${LINK_LOCAL}?` });
    await poll(() => alertDialog.getByRole('note').innerText()).toContain(linkLocalWords);
    await alertDialog.getByRole('button', { name: 'Block', exact: true }).click();
    await poll(() => alertDialog.getByRole('alert').innerText()).toContain(`Block ${LINK_LOCAL} even so?`);
    await shot(page, 'hostile-block-dialog-link-local');
    await alertDialog.getByRole('button', { name: 'Back' }).click();
    await alertDialog.getByRole('button', { name: 'Cancel' }).click();
    const linkLocalTriage = await triage(page, linkLocalAlert);
    const warnedCard = linkLocalTriage.getByRole('group', { name: 'The model proposes' });
    await poll(() => warnedCard.innerText()).toContain('Blocking it asks again.');
    expect(await warnedCard.innerText()).toContain(linkLocalWords);
    await warnedCard.getByRole('button', { name: 'Approve' }).click();
    const cardDialog = page.getByRole('dialog', { name: `Block ${LINK_LOCAL}?` });
    await poll(() => cardDialog.getByRole('note').innerText()).toContain(linkLocalWords);
    await cardDialog.getByRole('button', { name: 'Cancel' }).click();
    await warnedCard.getByRole('button', { name: 'Dismiss' }).click();
    await poll(() => warnedCard.getByRole('status').innerText()).toBe('Dismissed. Nothing was sent.');
    await expectNothingRan(page, linkLocalTriage);

    // Back at the ticket, the drafted reply has ended at its deadline: what came is kept to edit, and the reason said.
    await page.getByRole('tab', { name: /Refund for my order sim-hostile/ }).click();
    await poll(() => draft.getByRole('alert').innerText(), ANSWER_DEADLINE_MS + 20_000).toContain('The model stopped part-way; what arrived is kept for you to edit.');
    expect(await draft.getByRole('alert').innerText()).toContain(deadlineWords);
    // It went on writing while its tab was out of view.
    expect(await ticket.getByLabel('Robot reply').inputValue()).toMatch(/^drip0 drip1 /);
    expect((await ticket.getByLabel('Robot reply').inputValue()).length).toBeGreaterThan(draftedWhenLeft);
    expect(await ticket.getByLabel('Robot reply').isEditable()).toBe(true);
    expect(await draft.getByRole('button', { name: 'Stop' }).count()).toBe(0);
    await shot(page, 'hostile-draft-cut');

    // The chat's answer ended the same way, its words kept, where it was cut said.
    await page.getByRole('tab', { name: 'Chat' }).click();
    const cut = chat.getByRole('article', { name: /^Answer from/ }).last();
    await poll(() => cut.getAttribute('aria-busy'), ANSWER_DEADLINE_MS + 20_000).toBe('false');
    expect(await cut.innerText()).toMatch(/^drip0 drip1 /);
    expect(await cut.innerText()).toContain('The answer broke off part-way; the text above is what arrived');
    expect(await cut.innerText()).toContain(deadlineWords);
    expect(await cut.getByRole('note').filter({ hasText: 'It stopped here' }).count()).toBe(1);
    await shot(page, 'hostile-chat-cut');
    // No answer anywhere still says it is coming.
    expect(await page.locator('[aria-busy="true"]').count()).toBe(0);

    // Every request body the gateway received: the echoed text went, masked; no secret in any form.
    const bodies = gateway.receivedBodies.slice(sentBefore);
    const prompts = bodies.filter((request) => request.path.endsWith('/chat/completions')).map((request) => request.body);
    // The chat, two triages, the draft, the summary.
    expect(prompts).toHaveLength(5);
    expectEach(prompts, (body) => body.includes('[redacted]'), 'carry the echoed text, masked');
    const sent = bodies.map((request, index) => ({ where: `request ${index}: ${request.method} ${request.path}`, text: request.body }));
    expect(leaksIn(held.secrets, sent), 'secrets the gateway received').toEqual([]);
    // …nor did the window get one, nor was anything blocked.
    const seen = [
      { where: 'the DOM', text: await page.content() },
      { where: 'an IPC answer or event', text: JSON.stringify(ipcLog) },
    ];
    expect(leaksIn(held.secrets, seen), 'secrets the window was given').toEqual([]);
    expect(firewall.requests.filter((request) => request.method === 'POST' && request.path === `${FIREWALL_API_PREFIX}/blocklist`)).toHaveLength(blocksBefore);
  });
});
