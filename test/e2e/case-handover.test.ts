// Issue 46's done-when journey in Chromium against the simulators, as a new analyst works one case
// end to end and hands it over: the alerts of one source checked → "New case from the selection" →
// the customer's ticket that names the address and the triage conversation added → the case's
// observables (the source with its standing, the domain and hash its alerts' payloads name) → every
// source blocked through the bulk block's preview (nothing sent before the click) → the model's
// summary kept as a note and its customer update put in the ticket's reply box (nothing sent) → a
// note → the case exported as one file and its timeline printed to PDF, neither holding a key the
// keychain holds → the file imported into a fresh data folder, whose window shows the same timeline.
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { timelineHash } from '../../src-main/core/cases/case-timeline.ts';
import { databaseKeyEntry } from '../../src-main/core/secrets/database-key.ts';
import { OsKeychainStore } from '../../src-main/core/secrets/os-keychain-store.ts';
import { defaultSentFields, triageRequestSchema } from '../../src-shared/contract/assistant.ts';
import type { CaseExport } from '../../src-shared/contract/cases.ts';
import type { ChatMessage } from '../../src-shared/contract/gateway.ts';
import { FirewallSim, GatewaySim, SupportSim } from '../sim/index.ts';
import { call, trustingAgent } from '../sim/test-helpers.ts';
import { setUpE2e } from '../support/e2e-setup.ts';
import { shotsAtSizes } from '../support/e2e-shots.ts';
import { firewallProfile } from '../support/firewall-profile.ts';
import { gatewayProfile } from '../support/gateway-profile.ts';
import { supportProfile } from '../support/support-profile.ts';

const e2e = setUpE2e({ scratchPrefix: 'opsdesk-case-handover-' });

const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 30_000 });
const scanner = '203.0.113.77';
const SHA256 = '275a021bbfb6489e54d471899f7db9d1663fc695ec2fe2a2c4538aabf651fd0f';
const viewport = { width: 1280, height: 800 };

/** The case's tab by its number. */
const caseView = (page: Page, number: number) => page.getByRole('region', { name: `Case #${number}` });

test('a new analyst works a case from the alerts of one source to its hand-over, and another workstation imports the same timeline', async () => {
  const firewall = await e2e.serve(new FirewallSim({ seed: 461, alertCount: 0, caPem: e2e.ca.certPem }));
  const support = await e2e.serve(new SupportSim({ seed: 461, caPem: e2e.ca.certPem }));
  const gateway = await e2e.serve(new GatewaySim(461));
  firewall.addAlerts(8, { src_ip: scanner, signature: 'ET SCAN Nmap SYN' });
  firewall.addAlerts(1, { src_ip: scanner, signature: 'ET MALWARE download', message: `GET http://dl.evil-cdn.example.net/x.bin sha256=${SHA256}` });
  // No background sync: the test syncs what it needs itself (two ticket syncs at once race in the sync state).
  const app = await e2e.openApp();
  const { services, platform } = app;
  const firewallId = (await services.profiles.save(firewallProfile({ name: 'Branch firewall', baseUrl: firewall.url, apiKey: firewall.keys.operations, caPem: e2e.ca.certPem, requestsPerSecond: 100 }))).id;
  const supportId = (await services.profiles.save(supportProfile({ name: 'Help desk', baseUrl: support.url, apiKey: support.keys.demo, caPem: e2e.ca.certPem, ratePerMinute: 600 }))).id;
  const gatewayId = (await services.profiles.save(gatewayProfile({ name: 'Analyst gateway', baseUrl: gateway.url, apiKey: gateway.keys.demo, caPem: e2e.ca.certPem }))).id;
  services.assistantSettings.save({ profileId: gatewayId, model: 'gpt-4o-mini', triageTemplate: null, sentFields: [...defaultSentFields], bulkLimit: 20 });

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
  const messagesOf = () => support.store.tickets.find((ticket) => ticket.id === ticketId)!.messages.length;
  const ticketMessages = messagesOf();

  // The analyst asked the model about the scan earlier: the triage conversation.
  await services.firewall.syncNow(firewallId);
  const scanIds = services.firewall.alerts.query({ profileId: firewallId, filter: {}, sort: { field: 'occurredAt', direction: 'desc' }, offset: 0, limit: 100 }).rows.map((row) => row.id);
  const answered = new Promise<ChatMessage>((resolve) => {
    const listening = services.chat.onAnswerEnded(({ message }) => {
      listening.dispose();
      resolve(message);
    });
  });
  const triage = services.triage.start(triageRequestSchema.parse({ profileId: firewallId, alertIds: scanIds.slice(0, 3), taskId: randomUUID() }));
  await answered;

  await app.page.reload();
  const { page } = app;
  const panel = page.getByRole('tabpanel', { name: 'Firewall' });
  await poll(() => panel.getByRole('status', { name: 'Matching alerts' }).innerText()).toContain('9');

  // The alerts of the one source checked; a case made from them opens in its own tab.
  await panel.getByRole('checkbox', { name: 'Select the alerts shown' }).click();
  const bar = panel.getByRole('toolbar', { name: 'Selected alerts' });
  await bar.getByRole('button', { name: 'New case from the selection…' }).click();
  const create = page.getByRole('dialog', { name: 'New case from 9 alerts' });
  await create.getByRole('button', { name: 'Create the case' }).click();
  const view = caseView(page, 1);
  const actions = view.getByRole('toolbar', { name: 'Case actions' });
  const timeline = view.getByRole('region', { name: 'Timeline' });
  const count = timeline.getByRole('status', { name: 'Timeline events' });
  await poll(() => count.innerText()).toBe('10 events');

  // The ticket that names the address, and the triage conversation, found in the local cache and added.
  await actions.getByRole('button', { name: 'Add items…' }).click();
  const add = page.getByRole('dialog', { name: 'Add items to case #1' });
  await add.getByRole('searchbox', { name: 'Find in the local cache' }).fill('Scanner VPN');
  await add.getByRole('checkbox', { name: 'Add Scanner on our VPN' }).check();
  await add.getByRole('button', { name: 'Add 1 item' }).click();
  await poll(() => add.getByRole('status').innerText()).toBe('Added 1 item.');
  await add.getByRole('searchbox', { name: 'Find in the local cache' }).fill(triage.title);
  await add.getByRole('checkbox', { name: `Add ${triage.title}` }).check();
  await add.getByRole('button', { name: 'Add 1 item' }).click();
  await poll(() => add.getByRole('status').innerText()).toBe('Added 1 item.');
  await add.getByRole('button', { name: 'Close' }).last().click();
  await poll(() => timeline.getByRole('group', { name: 'Kinds of event' }).innerText()).toMatch(/Conversations\s*\d+[\s\S]*Proposals/);

  // The observables: the source (not blocked yet, the alerts' source), the domain and the hash its payload names.
  await view.getByRole('tab', { name: 'Observables' }).click();
  const observables = view.getByRole('region', { name: 'Observables' });
  const rows = observables.getByRole('rowgroup', { name: 'Observables' }).getByRole('row');
  await poll(() => rows.filter({ hasText: scanner }).innerText()).toMatch(/alert source[\s\S]*special range[\s\S]*9 alerts/);
  expect(await rows.filter({ hasText: scanner }).innerText()).not.toContain('blocked');
  await poll(() => rows.filter({ hasText: 'dl.evil-cdn.example.net' }).count()).toBe(1);
  await observables.getByRole('button', { name: /^Hashes/ }).click();
  await poll(() => rows.allInnerTexts()).toEqual([expect.stringMatching(new RegExp(`SHA-256[\\s\\S]*${SHA256}`))]);
  await observables.getByRole('button', { name: /^All/ }).click();
  await rows.filter({ hasText: 'dl.evil-cdn.example.net' }).click();
  const observable = observables.getByRole('region', { name: 'Observable' });
  await poll(() => observable.innerText()).toContain('ET MALWARE download');
  await shotsAtSizes(page, 'case-observables', viewport);
  await observable.getByRole('button', { name: 'Show on the timeline' }).click();
  const [made] = services.cases.list({}, { field: 'updatedAt', direction: 'desc' }, 0, 1).rows;
  const named = (await services.cases.observables(made!.id, 'domain', 'dl.evil-cdn.example.net', 10)).rows[0]!.events;
  await poll(() => count.innerText()).toBe(named === 1 ? '1 event' : `${named} events`);
  expect(await timeline.getByRole('searchbox', { name: 'Find in the timeline' }).inputValue()).toBe('dl.evil-cdn.example.net');
  await timeline.getByRole('searchbox', { name: 'Find in the timeline' }).fill('');

  // Every source blocked through the bulk block's preview: nothing goes before the analyst's click.
  await actions.getByRole('button', { name: 'Block all sources…' }).click();
  const block = page.getByRole('dialog', { name: 'Block the sources of these alerts' });
  await poll(() => block.getByRole('button', { name: 'Block 1 address' }).isEnabled()).toBe(true);
  expect(firewall.blockedAddresses()).not.toContain(scanner);
  await block.getByRole('button', { name: 'Block 1 address' }).click();
  await poll(() => block.getByRole('status').innerText()).toBe('1 blocked · 0 queued · 0 failed · 0 to go');
  await block.getByRole('button', { name: 'Close' }).last().click();
  expect(firewall.blockedAddresses()).toContain(scanner);
  await view.getByRole('tab', { name: 'Observables' }).click();
  await poll(() => rows.filter({ hasText: scanner }).innerText()).toContain('blocked');
  await view.getByRole('tab', { name: 'Timeline' }).click();

  // The model summarises the case: a proposal, kept as a note only when the analyst clicks.
  const model = view.getByRole('region', { name: 'The model’s proposal' });
  await view.getByRole('button', { name: 'Summarise', exact: true }).click();
  const summary = model.getByRole('textbox', { name: 'Summary by the model' });
  await poll(() => summary.inputValue()).toContain(`Done: blocked ${scanner}.`);
  await poll(() => model.getByRole('button', { name: 'Keep as a note' }).isEnabled()).toBe(true);
  expect(services.cases.notes(made!.id)).toEqual([]);
  await shotsAtSizes(page, 'case-model', viewport);
  await model.getByRole('button', { name: 'Keep as a note' }).click();
  await poll(() => model.getByRole('status').innerText()).toBe('Kept as a note on the case.');
  const notes = view.getByRole('region', { name: 'Notes', exact: true });
  await poll(() => notes.innerText()).toContain(`Done: blocked ${scanner}.`);

  // The customer's update goes into the ticket's reply box, not to the customer.
  await view.getByRole('button', { name: 'Draft the customer update' }).click();
  const update = model.getByRole('textbox', { name: 'Customer update by the model' });
  await poll(() => update.inputValue()).toContain(`We have blocked ${scanner}.`);
  await poll(() => model.getByRole('button', { name: 'Put in the reply box' }).isEnabled()).toBe(true);
  await model.getByRole('button', { name: 'Put in the reply box' }).click();
  await poll(() => model.getByRole('status').innerText()).toContain('In the reply box of “Scanner on our VPN”');
  expect(services.replies.replyDraft(supportId, ticketId)).toContain(`We have blocked ${scanner}.`);
  await model.getByRole('button', { name: 'Open the ticket' }).click();
  await poll(() => page.getByRole('textbox', { name: 'Robot reply' }).first().inputValue()).toContain(`We have blocked ${scanner}.`);
  expect(messagesOf()).toBe(ticketMessages);

  // The analyst's own note; a key pasted into it by mistake never leaves in an export.
  await page.getByRole('tab', { name: /^#1 / }).click();
  await notes.getByRole('textbox', { name: 'Add a note' }).fill(`**Confirmed** with Lin: ${scanner} is not theirs. (key ${firewall.keys.operations})`);
  await notes.getByRole('button', { name: 'Add note' }).click();
  await poll(() => notes.locator('strong').allInnerTexts()).toContain('Confirmed');
  await shotsAtSizes(page, 'case-timeline', viewport);

  // The case as one file, and its timeline printed to PDF.
  const caseFile = path.join(e2e.scratch, 'case-1.json');
  platform.savePath = caseFile;
  await actions.getByRole('button', { name: 'Export…' }).click();
  await poll(() => view.getByRole('status').filter({ hasText: 'Saved' }).innerText()).toMatch(/^Saved \d+ events to /);
  const file = JSON.parse(await readFile(caseFile, 'utf8')) as CaseExport;
  expect(file.timelineHash).toBe(timelineHash(file.timeline));
  expect(file.brief).toContain(`| ${scanner} | blocked |`);
  const pdfFile = path.join(e2e.scratch, 'case-1.pdf');
  platform.savePath = pdfFile;
  await actions.getByRole('button', { name: 'Timeline as PDF…' }).click();
  await poll(() => view.getByRole('status').filter({ hasText: 'Printed' }).innerText()).toMatch(/^Printed \d+ events to /);
  const pdf = await readFile(pdfFile);
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(pdf.toString('latin1').match(/\/Type\s*\/Page\b/g)?.length).toBeGreaterThan(0);
  const [printed] = platform.printed;
  expect(printed).toContain('ET MALWARE download');
  expect(printed).toContain('Scanner on our VPN');

  // No key the keychain holds is in either: the connections' keys, the database's own.
  const keychain = new OsKeychainStore();
  const secrets = [...(await Promise.all(services.profiles.ids().map((id) => keychain.get(id)))), await keychain.get(databaseKeyEntry(app.dataDir))].filter((secret): secret is string => !!secret);
  expect(secrets.length).toBeGreaterThanOrEqual(3);
  const exported = JSON.stringify(file);
  for (const secret of secrets) {
    expect(exported.includes(secret), 'a key in the case file').toBe(false);
    expect(printed!.includes(secret), 'a key in the printed timeline').toBe(false);
    expect(pdf.includes(secret), 'a key in the PDF').toBe(false);
  }

  // Another workstation: a fresh data folder imports the file and shows the same timeline, in Chinese.
  const elsewhere = await e2e.openApp({ locale: 'zh-CN' });
  elsewhere.platform.openPath = caseFile;
  await elsewhere.page.keyboard.press('Control+t');
  await elsewhere.page.keyboard.type('案件');
  await elsewhere.page.keyboard.press('Enter');
  const section = elsewhere.page.getByRole('tabpanel', { name: '案件' });
  await section.getByRole('button', { name: '导入…' }).click();
  await poll(() => section.getByRole('status').filter({ hasText: '已导入' }).innerText()).toMatch(/^已导入案件 #1/);
  const [imported] = elsewhere.services.cases.list({}, { field: 'updatedAt', direction: 'desc' }, 0, 10).rows;
  expect(timelineHash(elsewhere.services.cases.wholeTimeline(imported!.id))).toBe(file.timelineHash);
  await section.getByRole('button', { name: imported!.title }).click();
  const there = elsewhere.page.getByRole('region', { name: `案件 #${imported!.number}` });
  await poll(() => there.getByRole('region', { name: '时间线' }).getByRole('status').first().innerText()).toBe(`${file.timeline.length} 个事件`);
  await there.getByRole('tab', { name: '观察项' }).click();
  await poll(() => there.getByRole('rowgroup', { name: '观察项' }).getByRole('row').filter({ hasText: 'dl.evil-cdn.example.net' }).count()).toBe(1);
  await shotsAtSizes(elsewhere.page, 'case-imported-zh', viewport);
});
