// Cases through the real services (issue 46): the firewall, support and gateway simulators over
// HTTPS, real SQLite files. A case made from alerts, a ticket and a triage conversation added to it,
// the block the model proposed and the analyst approved, notes; linked both ways; the timeline of
// all of it with its filters; merging and moving items out; the palette's `case:`; the brief; and
// an export imported into a fresh data folder to the same timeline.
import { randomUUID } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { AppServices } from '../../../src-main/core/app-services.ts';
import { defaultSentFields, triageRequestSchema } from '../../../src-shared/contract/assistant.ts';
import type { CaseExport, TimelineEvent } from '../../../src-shared/contract/cases.ts';
import type { DraftEnded } from '../../../src-shared/contract/drafting.ts';
import type { ChatMessage } from '../../../src-shared/contract/gateway.ts';
import type { OpsDeskApi } from '../../../src-shared/contract/index.ts';
import { startSimulators, SUPPORT_SCOPES, type Simulators } from '../../sim/index.ts';
import { call, trustingAgent } from '../../sim/test-helpers.ts';
import { bridgeInProcess } from '../../support/bridge-in-process.ts';
import { expectEach } from '../../support/expect-each.ts';
import { gatewayProfile } from '../../support/gateway-profile.ts';
import { openTestServices, type TestServices } from '../../support/test-services.ts';

let sims: Simulators;
let opened: TestServices;
let services: AppServices;
let api: OpsDeskApi;
let firewallId: string;
let supportId: string;
const scanner = '203.0.113.77';
const MD5 = '44d88612fea8a8f36de82e1278abb02f';
const SHA256 = '275a021bbfb6489e54d471899f7db9d1663fc695ec2fe2a2c4538aabf651fd0f';
let scans: string[];
let others: string[];

function data<T>(result: { ok: true; data: T } | { ok: false; error: { code: string; message: string } }): T {
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  return result.data;
}

/** A visitor writes a ticket through the support API, as a customer would; the cache syncs it and reads its thread. */
async function visitorTicket(subject: string, message: string): Promise<string> {
  const agent = trustingAgent(sims.ca.certPem);
  const key = sims.support.addKey({ site: 'site-main', scopes: [...SUPPORT_SCOPES], ratePerMinute: 100_000 });
  const res = await call(agent, `${sims.support.url}/api/open/v1/tickets`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'idempotency-key': randomUUID() },
    json: { message, subject, visitor: { name: 'Lin' } },
  });
  await agent.close();
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  const id = res.json.data.id as string;
  await services.support.tickets.sync(supportId);
  data(await api.support.ticket({ profileId: supportId, ticketId: id, fresh: true }));
  return id;
}

/** "Ask the model" about alerts, waiting for its answer. */
async function triageOf(alertIds: string[]): Promise<string> {
  let ended: (message: ChatMessage) => void;
  const answer = new Promise<ChatMessage>((resolve) => (ended = resolve));
  const listening = services.chat.onAnswerEnded(({ message }) => ended(message));
  const conversation = services.triage.start(triageRequestSchema.parse({ profileId: firewallId, alertIds, taskId: randomUUID() }));
  await answer;
  listening.dispose();
  return conversation.id;
}

const timeline = async (caseId: string, request: Partial<Parameters<OpsDeskApi['cases']['timeline']>[0]> = {}) => data(await api.cases.timeline({ caseId, limit: 500, ...request }));
const whats = (events: TimelineEvent[]) => events.map((event) => event.what);

beforeAll(async () => {
  sims = await startSimulators({ alertCount: 0 });
  scans = sims.firewall.addAlerts(30, { src_ip: scanner, signature: 'ET SCAN Nmap SYN' }).map((alert) => alert.id);
  others = sims.firewall.addAlerts(10, { src_ip: '198.51.100.20', signature: 'ET POLICY curl' }).map((alert) => alert.id);
  opened = await openTestServices();
  services = opened.services;
  api = bridgeInProcess(services);
  firewallId = (await services.profiles.save({
    service: 'firewall',
    name: 'Branch firewall',
    baseUrl: sims.firewall.url,
    apiKey: sims.firewall.keys.operations,
    trust: { mode: 'ca-only', caPem: sims.ca.certPem },
    settings: { rateLimit: { requests: 10_000, windowSeconds: 60 } },
  })).id;
  supportId = (await services.profiles.save({
    service: 'support',
    name: 'Help desk',
    baseUrl: sims.support.url,
    apiKey: sims.support.addKey({ site: 'site-main', scopes: [...SUPPORT_SCOPES], ratePerMinute: 100_000 }),
    trust: { mode: 'ca-only', caPem: sims.ca.certPem },
    settings: { site: 'site-main', ratePerMinute: 100_000 },
  })).id;
  const gatewayId = (await services.profiles.save(gatewayProfile({ name: 'Analyst gateway', baseUrl: sims.gateway.url, apiKey: sims.gateway.keys.demo, caPem: sims.ca.certPem }))).id;
  services.assistantSettings.save({ profileId: gatewayId, model: 'gpt-4o-mini', triageTemplate: null, sentFields: [...defaultSentFields], bulkLimit: 20 });
  await services.firewall.syncNow(firewallId);
});

afterAll(async () => {
  await opened?.dispose();
  await sims?.close();
});

describe('a case', () => {
  let caseId: string;

  test('is made from selected alerts, owned by the OS user, listed, found by its item, and its making is in the activity log', async () => {
    const made = data(await api.cases.create({ title: `Scan from ${scanner}`, severity: 'high', tags: ['scan', 'Scan', 'external'], alerts: { profileId: firewallId, alertIds: scans } }));
    caseId = made.id;
    expect(made).toMatchObject({ number: 1, status: 'open', severity: 'high', tags: ['Scan', 'external'], owner: services.activity.osUser, itemCount: 30, itemCounts: { alert: 30 }, mergedInto: null });
    const items = data(await api.cases.items({ caseId, limit: 500 })).rows;
    expectEach(items, (item) => item.label === 'ET SCAN Nmap SYN' && item.address === scanner && item.occurredAt !== null && item.target?.kind === 'alert', 'named from the cache');
    expect(data(await api.cases.ofItem({ kind: 'alert', profileId: firewallId, itemId: scans[0]! })).map((found) => found.id)).toEqual([caseId]);
    expect(data(await api.cases.ofItem({ kind: 'alert', profileId: firewallId, itemId: others[0]! }))).toEqual([]);
    expect(services.activity.list({ target: { kind: 'case', id: caseId } }, 0, 10).rows.map((entry) => entry.action)).toEqual([{ code: 'createCase', params: { case: 1, items: 30 } }]);

    const list = data(await api.cases.list({}));
    expect(list.rows.map((row) => row.title)).toEqual([`Scan from ${scanner}`]);
    expect(data(await api.cases.tags())).toEqual(['external', 'Scan']);
  });

  test('holds every alert a filter matches, an alert once however often it is added', async () => {
    const other = data(await api.cases.create({ title: 'Every curl', alerts: { profileId: firewallId, filter: { cells: [{ field: 'srcIp', value: '198.51.100.20', mode: 'in' }] } } }));
    expect(other.itemCount).toBe(10);
    expect(data(await api.cases.addAlerts({ caseId: other.id, alerts: { profileId: firewallId, alertIds: [others[0]!, scans[0]!] } }))).toEqual({ added: 1 });
    expect(data(await api.cases.ofItem({ kind: 'alert', profileId: firewallId, itemId: scans[0]! })).map((found) => found.number).sort()).toEqual([1, 2]);
  });

  test('takes a ticket, its triage conversation and the block it proposed; the timeline shows every event of each, newest first', async () => {
    const ticketId = await visitorTicket('Blocked office', `Our scanner at ${scanner} looks hostile.\nPlease check.`);
    data(await api.cases.addItems({ caseId, items: [{ kind: 'ticket', profileId: supportId, itemId: ticketId }] }));
    const conversationId = await triageOf(scans.slice(0, 3));
    data(await api.cases.addItems({ caseId, items: [{ kind: 'conversation', itemId: conversationId }, { kind: 'address', itemId: ` ${scanner} ` }] }));
    expect(data(await api.cases.ofItem({ kind: 'address', itemId: scanner })).map((found) => found.id)).toEqual([caseId]);
    expect(data(await api.cases.ofItem({ kind: 'ticket', profileId: supportId, itemId: ticketId })).map((found) => found.id)).toEqual([caseId]);

    // The analyst approves the model's proposal: the block goes through the Block button's own path.
    const triage = services.triage.triageOf(conversationId)!;
    if (triage.reading.kind !== 'proposal') throw new Error('expected a proposal');
    await services.firewall.blocks.block(firewallId, scanner, 86_400, 'approved', { kind: 'proposal' }, { conversationId });
    services.triage.decide(conversationId, triage.reading.messageId, 'approved', scanner);
    data(await api.support.replyToTicket({ profileId: supportId, ticketId, text: 'We blocked the scanner.' }));

    const read = await timeline(caseId);
    const events = read.rows;
    expect(read.total).toBe(events.length);
    const times = events.map((event) => Date.parse(event.at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(events.filter((event) => event.what === 'alertRaised')).toHaveLength(30);
    expect(whats(events)).toEqual(expect.arrayContaining(['ticketOpened', 'ticketMessage', 'turnAsked', 'turnAnswered', 'proposed', 'approved', 'write']));
    const message = events.find((event) => event.what === 'ticketMessage' && event.summary.startsWith('Our scanner'))!;
    expect(message).toMatchObject({ kind: 'ticket', text: `Our scanner at ${scanner} looks hostile.\nPlease check.`, addresses: [scanner], item: { kind: 'ticket', profileId: supportId, itemId: ticketId }, itemLabel: 'Blocked office', target: { kind: 'ticket', params: { profileId: supportId, ticketId } } });
    const block = events.find((event) => event.write?.action.code === 'block')!;
    expect(block).toMatchObject({ kind: 'write', addresses: [scanner], write: { outcome: 'sent', backEnd: 'firewall', proposedBy: conversationId, profileName: 'Branch firewall' } });
    expect(block.write!.requestId).toMatch(/\S/);
    expect(events.find((event) => event.what === 'proposed')).toMatchObject({ kind: 'proposal', proposal: { action: 'block', address: scanner }, target: { kind: 'conversation', params: { id: conversationId } } });
    expect(events.find((event) => event.write?.action.code === 'replyToTicket')).toMatchObject({ kind: 'write', write: { backEnd: 'support', outcome: 'sent' } });
    expect(events.filter((event) => event.kind === 'case').map((event) => event.write?.action.code)).toEqual(expect.arrayContaining(['createCase', 'addCaseItems']));
    expect(read.kindCounts).toMatchObject({ alert: 30, proposal: 2 });
    expect(read.addresses[0]).toEqual({ address: scanner, events: expect.any(Number) });
  });

  test('filters its timeline by kind, address and words, oldest first when asked, and pages it', async () => {
    const alerts = await timeline(caseId, { filter: { kinds: ['alert'] }, order: 'oldest' });
    expect(alerts.total).toBe(30);
    expectEach(alerts.rows, (event) => event.kind === 'alert', 'an alert');
    const times = alerts.rows.map((event) => Date.parse(event.at));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    const scannerEvents = await timeline(caseId, { filter: { address: `${scanner}/32` } });
    expectEach(scannerEvents.rows, (event) => event.addresses.includes(scanner), `names ${scanner}`);
    expect((await timeline(caseId, { filter: { address: '198.51.100.0/24' } })).total).toBe(0);
    const words = await timeline(caseId, { filter: { text: 'looks HOSTILE' } });
    expect(words.rows.map((event) => event.what)).toEqual(['ticketMessage']);
    const page = await timeline(caseId, { offset: 10, limit: 5 });
    expect(page.rows.map((event) => event.id)).toEqual((await timeline(caseId)).rows.slice(10, 15).map((event) => event.id));
  });

  test('keeps notes on the case and on one event; a note is an event of its own', async () => {
    const [first] = (await timeline(caseId, { filter: { kinds: ['alert'] } })).rows;
    data(await api.cases.addNote({ caseId, body: `**Confirmed** with the customer: ${scanner} is not theirs.` }));
    const onEvent = data(await api.cases.addNote({ caseId, eventId: first!.id, body: 'First probe.' }));
    const read = await timeline(caseId);
    expect(read.rows.find((event) => event.kind === 'note')).toMatchObject({ what: 'note', actor: services.activity.osUser, summary: `**Confirmed** with the customer: ${scanner} is not theirs.`, addresses: [scanner] });
    expect(read.rows.find((event) => event.id === first!.id)!.notes).toBe(1);
    expect(data(await api.cases.notes({ caseId, eventId: first!.id })).map((note) => note.body)).toEqual(['First probe.']);
    data(await api.cases.updateNote({ noteId: onEvent.id, body: 'First probe, from the VPN range.' }));
    expect(data(await api.cases.notes({ caseId, eventId: first!.id })).map((note) => note.body)).toEqual(['First probe, from the VPN range.']);
  });

  test('is found in the palette by `case:` words and by its number', async () => {
    const answer = data(await api.search.query({ text: 'case: scan' }));
    expect(answer.groups.find((group) => group.kind === 'case')?.hits.map((hit) => hit.target)).toEqual([{ kind: 'case', params: { caseId } }]);
    expect(data(await api.search.query({ text: 'case: 1' })).direct).toEqual([expect.objectContaining({ kind: 'case', target: { kind: 'case', params: { caseId } } })]);
    expect(data(await api.search.query({ text: 'case:' })).groups[0]?.hits.length).toBe(2);
    // Without the prefix, a case is one group among the others.
    expect(data(await api.search.query({ text: 'curl' })).groups.map((group) => group.kind)).toContain('case');
  });

  test('moves an item out, into another case, or merges a whole case into another', async () => {
    const [second] = data(await api.cases.list({ filter: { text: 'curl' } })).rows;
    const curl = { kind: 'alert' as const, profileId: firewallId, itemId: others[1]! };
    expect(data(await api.cases.moveItems({ caseId: second!.id, items: [curl], toCaseId: caseId }))).toEqual({ moved: 1 });
    expect(data(await api.cases.ofItem(curl)).map((found) => found.id)).toEqual([caseId]);
    expect(data(await api.cases.moveItems({ caseId, items: [curl] }))).toEqual({ moved: 1 });
    expect(data(await api.cases.ofItem(curl))).toEqual([]);

    const noteOnSecond = data(await api.cases.addNote({ caseId: second!.id, body: 'curl from the office' }));
    const merged = data(await api.cases.merge({ caseId: second!.id, intoCaseId: caseId }));
    expect(merged.itemCounts.alert).toBe(30 + 9);
    const gone = data(await api.cases.get({ caseId: second!.id }));
    expect(gone).toMatchObject({ status: 'closed', itemCount: 0, mergedInto: { id: caseId, number: 1 } });
    expect(data(await api.cases.notes({ caseId })).map((note) => note.id)).toContain(noteOnSecond.id);
    expect((await timeline(caseId)).rows.filter((event) => event.kind === 'case').map((event) => event.write?.action)).toContainEqual({ code: 'mergeCases', params: { case: 1, from: 2, items: 10 } });
    const refused = await api.cases.merge({ caseId, intoCaseId: caseId });
    expect(!refused.ok && refused.error.code).toBe('bad_request');
    expect(data(await api.cases.list({ filter: { statuses: ['closed'] } })).rows.map((row) => row.number)).toEqual([2]);
    expect(data(await api.cases.list({ sort: { field: 'items', direction: 'asc' } })).rows.map((row) => row.number)).toEqual([2, 1]);
  });

  test('changes status with an activity entry; the brief says what happened, what was done, what is open and the addresses', async () => {
    data(await api.cases.update({ caseId, status: 'inProgress' }));
    expect(services.activity.list({ target: { kind: 'case', id: caseId } }, 0, 1).rows[0]!.action).toEqual({ code: 'setCaseStatus', params: { case: 1, context: 'inProgress' } });
    const brief = data(await api.cases.brief({ caseId }));
    expect(brief).toMatch(/^# Case #1: Scan from 203\.0\.113\.77\n/);
    for (const heading of ['## What happened', '## What was done', '## What is open', '## Addresses', '## Notes']) expect(brief).toContain(heading);
    expect(brief).toContain('39 alerts');
    expect(brief).toMatch(/Block address .*\(Sent, request req_/);
    expect(brief).toMatch(/\| 203\.0\.113\.77 \| blocked \| \d+ \|/);
    expect(brief).toContain('\\*\\*Confirmed\\*\\*');
  });

  test('names the addresses, domains and hashes of its items, each address with its standing in the firewall caches', async () => {
    const [download] = sims.firewall.addAlerts(1, { src_ip: scanner, signature: 'ET MALWARE download', payload_excerpt: `GET http://dl.evil-cdn.example.net/x.bin sha256=${SHA256}` });
    await services.firewall.syncNow(firewallId);
    // The payload comes with the alert's detail, as the window reads it.
    await services.firewall.alerts.detail(firewallId, download!.id);
    data(await api.cases.addAlerts({ caseId, alerts: { profileId: firewallId, alertIds: [download!.id] } }));
    const pasted = data(await api.cases.addNote({ caseId, body: `MD5 of the dropper: ${MD5}; it calls home to c2.evil-cdn.example.net (mail from lin@example.org). Key pasted by mistake: ${sims.firewall.keys.operations}` }));
    // The key pasted by mistake is kept nowhere: not in the note shown, not in the database.
    expect(pasted.body).toContain('Key pasted by mistake: [redacted]');
    const edited = data(await api.cases.updateNote({ noteId: pasted.id, body: `${pasted.body} Again: ${sims.firewall.keys.operations}` }));
    expect(edited.body).not.toContain(sims.firewall.keys.operations);
    const storedNotes = services.db.prepare('SELECT body FROM case_notes').pluck().all() as string[];
    expect(storedNotes.some((body) => body.includes(sims.firewall.keys.operations))).toBe(false);
    expect(storedNotes.some((body) => body.includes(MD5))).toBe(true);

    const found = data(await api.cases.observables({ caseId }));
    const of = (value: string) => found.rows.find((row) => row.value === value);
    expect(of(scanner)).toMatchObject({
      kind: 'address',
      standing: { blocked: true, allowed: false, source: true, alerts: 31, cautions: [expect.objectContaining({ kind: 'documentation', level: 'note' })] },
    });
    expect(of(scanner)!.events).toBeGreaterThan(31);
    expect(of('dl.evil-cdn.example.net')).toMatchObject({ kind: 'domain', events: 1, standing: null, seenIn: [{ eventId: `alert:${firewallId}:${download!.id}`, kind: 'alert', target: { kind: 'alert', params: { profileId: firewallId, alertId: download!.id } } }] });
    expect(of(SHA256)).toMatchObject({ kind: 'hash', hashType: 'sha256', events: 1 });
    expect(of(MD5)).toMatchObject({ kind: 'hash', hashType: 'md5', seenIn: [{ kind: 'note' }] });
    expect(of('c2.evil-cdn.example.net')?.kind).toBe('domain');
    // A visitor's mail provider is no observable of the incident.
    expect(of('example.org')).toBeUndefined();
    const hashes = data(await api.cases.observables({ caseId, kind: 'hash' }));
    expect(hashes.rows.map((row) => row.value).sort()).toEqual([MD5, SHA256].sort());
    expect(hashes.total).toBe(found.counts.hash);
    expect(data(await api.cases.observables({ caseId, text: 'evil-cdn' })).rows.map((row) => row.value).sort()).toEqual(['c2.evil-cdn.example.net', 'dl.evil-cdn.example.net']);
    // An address only a destination: no source, not blocked, and its alerts counted all the same.
    const dstIp = services.firewall.alerts.cached(firewallId, scans[0]!)!.dstIp!;
    expect(of(dstIp)?.standing).toMatchObject({ blocked: false, source: false });
    expect(of(dstIp)!.standing!.alerts).toBeGreaterThan(0);
  });

  test('the model summarises it and drafts the customer update from its timeline, with the fields allowed and no key; proposals only', async () => {
    const ticketId = data(await api.cases.items({ caseId, kind: 'ticket' })).rows[0]!.itemId;
    const messagesBefore = (await services.support.tickets.detail(supportId, ticketId, true)).messages.length;
    const notesBefore = data(await api.cases.notes({ caseId })).length;
    const ask = async (kind: 'summary' | 'customerUpdate') => {
      const taskId = randomUUID();
      const ended = new Promise<DraftEnded>((resolve) => {
        const listening = services.drafting.onDraftEnded((end) => {
          if (end.taskId !== taskId) return;
          listening.dispose();
          resolve(end);
        });
      });
      const started = data(await api.cases.draft({ caseId, kind, taskId }));
      return { started, ended: await ended, sent: JSON.parse(sims.gateway.chatBodies.at(-1)!) as { messages: { role: string; content: string }[] } };
    };

    const summary = await ask('summary');
    expect(summary.started).toMatchObject({ model: 'gpt-4o-mini', ticket: null, leftOut: 0 });
    expect(summary.ended.outcome).toBe('finished');
    expect(summary.ended.content).toContain(`Done: blocked ${scanner}.`);
    const prompt = summary.sent.messages.map((message) => message.content).join('\n');
    expect(prompt).toContain('<<<CASE TIMELINE\nCase #1: Scan from 203.0.113.77');
    expect(prompt).toMatch(/\d+ × ET SCAN Nmap SYN, from 203\.0\.113\.77/);
    for (const key of [sims.firewall.keys.operations, sims.gateway.keys.demo]) expect(prompt).not.toContain(key);

    // Without the alerts' signatures and sources, their counts carry neither (a conversation's title or a model's answer quoting them are texts of their own).
    const settings = services.assistantSettings.state();
    services.assistantSettings.save({ ...settings, sentFields: settings.sentFields.filter((field) => field !== 'alert.signature' && field !== 'alert.srcIp') });
    const withheld = (await ask('summary')).sent.messages.map((message) => message.content).join('\n');
    services.assistantSettings.save({ ...settings });
    expect(withheld).toMatch(/^- \d+ × high alert, to /m);
    expect(withheld).not.toMatch(/× ET SCAN/);
    expect(withheld).not.toMatch(/× [^\n]*from 203\.0\.113\.77/);

    const update = await ask('customerUpdate');
    expect(update.started.ticket).toEqual({ profileId: supportId, ticketId, subject: 'Blocked office' });
    expect(update.sent.messages.find((message) => message.role === 'user')!.content).toContain('<<<TICKET\nSubject: Blocked office');
    expect(update.ended.content).toContain(`We have blocked ${scanner}.`);

    // Nothing was kept or sent: no note, no reply; each ask is on the timeline.
    expect(data(await api.cases.notes({ caseId }))).toHaveLength(notesBefore);
    expect((await services.support.tickets.detail(supportId, ticketId, true)).messages).toHaveLength(messagesBefore);
    const asked = (await timeline(caseId, { filter: { kinds: ['case'] } })).rows.map((event) => event.write?.action.code);
    expect(asked).toEqual(expect.arrayContaining(['summariseCase', 'draftCaseUpdate']));
    const refused = await api.cases.draft({ caseId, kind: 'customerUpdate', taskId: randomUUID(), ticket: { profileId: supportId, ticketId: 'not-in-the-case' } });
    expect(!refused.ok && refused.error.code).toBe('not_found');
  });

  test('exports to one file that a fresh data folder imports to the same timeline', async () => {
    opened.platform.savePath = path.join(opened.dataDir, 'case-1.json');
    const exported = data(await api.cases.exportFile({ caseId }));
    expect(exported).toMatchObject({ path: opened.platform.savePath, events: (await timeline(caseId)).total - 1 });
    const file = JSON.parse(await readFile(opened.platform.savePath, 'utf8')) as CaseExport;
    expect(file).toMatchObject({ format: 'opsdesk-case', version: 1, timelineHash: exported.timelineHash, case: { id: caseId, number: 1 } });
    expect(file.brief).toContain('# Case #1');
    for (const key of [sims.firewall.keys.operations, sims.gateway.keys.demo]) expect(JSON.stringify(file)).not.toContain(key);

    const elsewhere = await openTestServices();
    try {
      elsewhere.platform.openPath = opened.platform.savePath;
      const imported = data(await bridgeInProcess(elsewhere.services).cases.importFile());
      expect(imported!.timelineHash).toBe(exported.timelineHash);
      expect(imported!.case).toMatchObject({ id: caseId, number: 1, title: `Scan from ${scanner}`, itemCount: file.items.length });
      const there = elsewhere.services.cases.wholeTimeline(caseId);
      expect(there.map((event) => event.id)).toEqual(file.timeline.map((event) => event.id));
      expect(elsewhere.services.activity.list({}, 0, 1).rows[0]!.action.code).toBe('importCase');
    } finally {
      await elsewhere.dispose();
    }
  });

  test('reads a case file made before the writes took their calls\' names with the names they have now', async () => {
    const file = JSON.parse(await readFile(opened.platform.savePath!, 'utf8')) as CaseExport;
    const renamedBack: Record<string, string> = { block: 'createBlockEntry', replyToTicket: 'replyTicket' };
    const before = { ...file, timeline: file.timeline.map((event) => (event.write && event.write.action.code in renamedBack ? { ...event, write: { ...event.write, action: { ...event.write.action, code: renamedBack[event.write.action.code]! } } } : event)) };
    const oldPath = path.join(opened.dataDir, 'case-1-before.json');
    await writeFile(oldPath, JSON.stringify(before), 'utf8');
    const elsewhere = await openTestServices();
    try {
      elsewhere.platform.openPath = oldPath;
      data(await bridgeInProcess(elsewhere.services).cases.importFile());
      const codes = elsewhere.services.cases.wholeTimeline(caseId).flatMap((event) => event.write?.action.code ?? []);
      expect(codes).toEqual(expect.arrayContaining(['block', 'replyToTicket']));
      expect(codes).not.toEqual(expect.arrayContaining(['createBlockEntry']));
      expect(codes).not.toEqual(expect.arrayContaining(['replyTicket']));
    } finally {
      await elsewhere.dispose();
    }
  });
});
