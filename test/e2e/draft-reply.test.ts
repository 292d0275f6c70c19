// The model in the support analyst's work, in Chromium against the simulators: a reply drafted from
// the knowledge base, its citations beside it and not in the text, edited and sent as one robot
// reply, the draft gone with it; Stop keeping what arrived; a summary; a hostile answer shown as
// text; a recording turned into a phone follow-up on a contact, in Chinese.
import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { defaultSentFields } from '../../src-shared/contract/assistant.ts';
import { simulatedTranscript } from '../sim/gateway-content.ts';
import { SUPPORT_API_PREFIX } from '../sim/index.ts';
import { call, trustingAgent } from '../sim/test-helpers.ts';
import type { AppUnderTest } from '../support/app-harness.ts';
import { setUpE2e } from '../support/e2e-setup.ts';
import { gatewayProfile } from '../support/gateway-profile.ts';
import { supportProfile } from '../support/support-profile.ts';

const e2e = setUpE2e({ simulators: { alertCount: 0 }, scratchPrefix: 'opsdesk-draft-e2e-' });

/** Where `OPSDESK_E2E_SHOTS` asks for them, what each new panel looked like, to be looked at. */
async function shot(page: Page, name: string): Promise<void> {
  const folder = process.env.OPSDESK_E2E_SHOTS;
  if (folder) await page.screenshot({ path: path.join(folder, `draft-reply-${name}.png`), fullPage: true });
}

interface Desk {
  app: AppUnderTest;
  page: Page;
  supportId: string;
  gatewayId: string;
}

/** The app with a help desk and a gateway, as Settings saves them; the model at work set unless `withModel` is false. */
async function openDesk(options: { locale?: string; withModel?: boolean } = {}): Promise<Desk> {
  const app = await e2e.openApp(options.locale ? { locale: options.locale } : {});
  const { sims } = e2e;
  const gatewayId = (await app.services.profiles.save(gatewayProfile({ name: 'Model gateway', baseUrl: sims.gateway.url, apiKey: sims.gateway.keys.demo, caPem: sims.ca.certPem }))).id;
  const supportId = (await app.services.profiles.save(supportProfile({ name: 'Help desk', baseUrl: sims.support.url, apiKey: sims.support.keys.demo, caPem: sims.ca.certPem, ratePerMinute: 600 }))).id;
  if (options.withModel !== false) setModel(app, gatewayId);
  return { app, page: app.page, supportId, gatewayId };
}

function setModel(app: AppUnderTest, profileId: string) {
  app.services.assistantSettings.save({ profileId, model: 'gpt-4o-mini', triageTemplate: null, sentFields: [...defaultSentFields], bulkLimit: 20 });
}

/** What a visitor does on the site, straight against the simulator. */
async function onTheSite(pathName: string, json: unknown) {
  const answer = await call(trustingAgent(e2e.ca.certPem), `${e2e.sims.support.url}${SUPPORT_API_PREFIX}${pathName}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${e2e.sims.support.keys.demo}`, 'x-svc-site': 'site-main', 'idempotency-key': randomUUID() },
    json,
  });
  expect(answer.status).toBe(200);
  return answer.json.data;
}

/** Opens a tab on `target` as a saved layout does, and waits for the window to show it. */
async function openTab(desk: Desk, target: { kind: 'ticket'; params: { profileId: string; ticketId: string } } | { kind: 'support'; params: { profileId: string; section: string; itemId: string } }) {
  desk.app.services.workspace.save({ tabs: [{ id: 'draft-tab', ...target }], activeTabId: 'draft-tab' });
  await desk.page.reload();
}

async function openTicket(desk: Desk, ticketId: string): Promise<Locator> {
  await openTab(desk, { kind: 'ticket', params: { profileId: desk.supportId, ticketId } });
  // Named in the window's language ("Ticket …", "工单 …").
  const ticket = desk.page.getByRole('article', { name: new RegExp(`${ticketId}$`) });
  await ticket.locator('.si-thread li').first().waitFor({ timeout: 15_000 });
  return ticket;
}

const replyPosts = (ticketId: string) => e2e.sims.support.requests.filter((request) => request.method === 'POST' && request.path === `${SUPPORT_API_PREFIX}/tickets/${ticketId}/reply`);
const replyBox = (ticket: Locator) => ticket.getByLabel('Robot reply');
const citationMarker = /\[\d+(?:\s*,\s*\d+)*\]/;

describe('a reply drafted from the knowledge base', () => {
  test('Draft reply → the entries found and the ones cited → edit → send: one robot reply on the site without citation markers, the draft gone; Stop keeps what arrived; Summarise; hostile output stays text', { timeout: 150_000 }, async () => {
    const desk = await openDesk({ withModel: false });
    const { page } = desk;
    const created = await onTheSite('/tickets', { subject: 'Cannot log in after password change', message: 'I changed my password and now the login page refuses it.' });
    const ticket = await openTicket(desk, created.id);
    const draft = ticket.getByRole('region', { name: 'Draft from the knowledge base' });

    // No model at work yet: the button says where to set one, and asks nothing.
    await expect.poll(() => draft.innerText()).toContain('No model at work is set');
    expect(await draft.getByRole('button', { name: 'Draft reply' }).isDisabled()).toBe(true);
    await shot(page, 'no-model');
    setModel(desk.app, desk.gatewayId);
    await expect.poll(() => draft.getByRole('button', { name: 'Draft reply' }).isDisabled()).toBe(false);

    await draft.getByRole('button', { name: 'Draft reply' }).click();
    const entries = ticket.getByRole('list', { name: 'Knowledge base entries' });
    await expect.poll(() => entries.getByRole('listitem').count(), { timeout: 15_000 }).toBeGreaterThan(1);
    const firstTitle = (await entries.getByRole('listitem').first().locator('strong').innerText()).replace(/^\[1\]\s*/, '');
    await expect.poll(() => replyBox(ticket).inputValue(), { timeout: 15_000 }).toContain('Kind regards');
    const drafted = await replyBox(ticket).inputValue();
    // The box holds what the customer will get: the model's [n] markers stay beside the draft, not in it.
    expect(drafted).toContain(`Our guide "${firstTitle}" explains the steps.`);
    expect(drafted).not.toMatch(citationMarker);
    // The cited entries are links to the entries shown.
    const citation = draft.getByRole('link', { name: `[1] ${firstTitle}` });
    await citation.click();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('draft-entry-1');
    expect(await entries.getByRole('listitem').first().innerText()).toContain('cited');
    expect(await draft.innerText()).toContain('Drafted by gpt-4o-mini');
    await shot(page, 'drafted');
    await page.emulateMedia({ colorScheme: 'dark' });
    await shot(page, 'drafted-dark');
    await page.emulateMedia({ colorScheme: 'light' });

    // The analyst edits and sends it: one robot reply, with the edited text; the draft itself sent nothing.
    expect(replyPosts(created.id)).toHaveLength(0);
    const edited = `${drafted}\nDana from support`;
    await replyBox(ticket).fill(edited);
    await ticket.getByRole('button', { name: 'Send robot reply' }).click();
    await expect.poll(() => ticket.getByRole('region', { name: 'Your writes' }).innerText(), { timeout: 15_000 }).toContain('Sent');
    expect(replyPosts(created.id)).toHaveLength(1);
    const onSite = e2e.sims.support.store.tickets.find((candidate) => candidate.id === created.id)!;
    const robotTexts = onSite.messages.filter((message) => message.from === 'robot').map((message) => message.text);
    expect(robotTexts).toEqual([edited]);
    expect(robotTexts[0]).not.toMatch(citationMarker);
    await expect.poll(() => replyBox(ticket).inputValue()).toBe('');
    // The draft went with the reply: no Regenerate, no citations, no entries above the empty box.
    await expect.poll(() => draft.getByRole('button', { name: 'Draft reply' }).isVisible()).toBe(true);
    expect(await draft.getByRole('button', { name: 'Regenerate' }).count()).toBe(0);
    expect(await draft.innerText()).not.toContain('Cites:');
    expect(await draft.innerText()).not.toContain('Drafted by');
    expect(await entries.count()).toBe(0);

    // Stop: what arrived stays in the box, nothing is sent.
    e2e.sims.gateway.setStreamShape({ deltaIntervalMs: 500 });
    await draft.getByRole('button', { name: 'Draft reply' }).click();
    await expect.poll(() => replyBox(ticket).inputValue(), { timeout: 15_000 }).toContain('thank you');
    expect(await ticket.getByRole('button', { name: 'Send robot reply' }).isDisabled()).toBe(true);
    await draft.getByRole('button', { name: 'Stop' }).click();
    await expect.poll(() => draft.innerText()).toContain('Stopped; what arrived is kept for you to edit.');
    const kept = await replyBox(ticket).inputValue();
    expect(kept).toContain('thank you');
    expect(kept).not.toContain('Kind regards');
    expect(await replyBox(ticket).isEditable()).toBe(true);
    expect(replyPosts(created.id)).toHaveLength(1);
    await shot(page, 'stopped');

    // A stream cut halfway: said, and what arrived kept.
    e2e.sims.gateway.setStreamShape({ errorAfterDeltas: 2 });
    await draft.getByRole('button', { name: 'Regenerate' }).click();
    await expect.poll(() => draft.getByRole('alert').innerText(), { timeout: 15_000 }).toContain('The model stopped part-way');
    expect(await replyBox(ticket).inputValue()).toMatch(/^Hello, thank you/);

    // Hostile output: markup and javascript: links are shown as the text they are, never run or linked.
    e2e.sims.gateway.setStreamShape({ text: '<img src=x onerror="window.__pwned=1"> [click me](javascript:window.__pwned=2) <script>window.__pwned=3</script> see [1]' });
    await draft.getByRole('button', { name: 'Regenerate' }).click();
    await expect.poll(() => replyBox(ticket).inputValue(), { timeout: 15_000 }).toMatch(/<script>window\.__pwned=3<\/script> see$/);
    expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(await page.locator('a[href^="javascript:"], article img, article script').count()).toBe(0);
    expect(await draft.getByRole('link').allInnerTexts()).toEqual([`[1] ${firstTitle}`]);
    e2e.sims.gateway.setStreamShape({});

    // Summarise: this ticket has no chat session, so the model writes the summary.
    await ticket.getByRole('button', { name: 'Summarise' }).click();
    const summary = ticket.getByRole('region', { name: 'Summary' });
    await expect.poll(() => summary.innerText(), { timeout: 15_000 }).toContain('Written by gpt-4o-mini');
    await expect.poll(() => summary.innerText(), { timeout: 15_000 }).toContain('Subject: Cannot log in after password change');
    await shot(page, 'summary');
    expect(replyPosts(created.id)).toHaveLength(1);
  });

  test('a ticket opened from a chat is summarised by the support site, in Chinese', async () => {
    const desk = await openDesk({ locale: 'zh-CN' });
    desk.app.services.preferences.setLanguage('zh-CN');
    const session = e2e.sims.support.store.sessions.find((candidate) => candidate.site === 'site-main' && candidate.ticket_id !== null)!;
    const ticket = await openTicket(desk, session.ticket_id!);
    await ticket.getByRole('button', { name: '生成摘要' }).click();
    const summary = ticket.getByRole('region', { name: '摘要' });
    await expect.poll(() => summary.innerText(), { timeout: 15_000 }).toContain(`由客服系统为聊天会话 ${session.id} 保存`);
    expect(await summary.innerText()).toContain(`asked about ${session.topic}`);

    // A Chinese ticket gets a Chinese draft, the panel in Chinese.
    const created = await onTheSite('/tickets', { subject: '无法登录 password', message: '我修改密码后无法登录，请帮忙。' });
    const chinese = await openTicket(desk, created.id);
    await chinese.getByRole('button', { name: '起草回复' }).click();
    await expect.poll(() => chinese.getByLabel('机器人回复').inputValue(), { timeout: 15_000 }).toMatch(/^您好，感谢您的来信。.*祝好$/);
    expect(await chinese.getByRole('region', { name: '根据知识库起草' }).innerText()).toContain('以中文撰写');
    await shot(desk.page, 'drafted-zh');
  });
});

/** A second of 8 kHz 16-bit mono silence: a WAV file the gateway accepts. */
function silentWav(): Buffer {
  const samples = 8000;
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + samples * 2, 4);
  header.write('WAVEfmt ', 8, 'latin1');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(8000, 24);
  header.writeUInt32LE(16000, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(samples * 2, 40);
  return Buffer.concat([header, Buffer.alloc(samples * 2)]);
}

describe('a recording becomes a follow-up', () => {
  test('on a contact, in Chinese: choose → transcribe with progress → shorten to a call note → save: one phone follow-up on the site', async () => {
    const desk = await openDesk({ locale: 'zh-CN' });
    desk.app.services.preferences.setLanguage('zh-CN');
    const contact = e2e.sims.support.store.contacts.find((candidate) => candidate.site === 'site-main')!;
    const followsBefore = contact.follows.length;
    const wav = silentWav();
    desk.app.platform.openPath = path.join(e2e.scratch, 'call-2024-06-01.wav');
    await writeFile(desk.app.platform.openPath, wav);

    await openTab(desk, { kind: 'support', params: { profileId: desk.supportId, section: 'contacts', itemId: contact.id } });
    await desk.page.getByRole('button', { name: '根据录音添加跟进' }).click();
    const dialog = desk.page.getByRole('dialog', { name: '根据录音添加跟进' });
    await expect.poll(() => dialog.getByLabel('转写模型').inputValue(), { timeout: 15_000 }).toBe('whisper-1');
    await dialog.getByRole('button', { name: '选择录音…' }).click();
    await expect.poll(() => dialog.innerText()).toContain('call-2024-06-01.wav');
    // A slow upload shows its progress and can be cancelled; nothing is kept of it.
    // Longer than the progress bar may take to show on a loaded machine: the Cancel must come first.
    e2e.sims.gateway.faults.add({ path: '/audio/transcriptions', kind: 'delay', ms: 30_000, times: 1 });
    await dialog.getByRole('button', { name: '转写', exact: true }).click();
    await dialog.getByRole('progressbar', { name: '上传进度' }).waitFor({ timeout: 15_000 });
    await dialog.getByRole('button', { name: '取消', exact: true }).first().click();
    await expect.poll(() => dialog.getByRole('alert').innerText(), { timeout: 15_000 }).toContain('录音未能转写');
    expect(await dialog.getByLabel('跟进内容').count()).toBe(0);

    await dialog.getByRole('button', { name: '转写', exact: true }).click();
    const note = dialog.getByLabel('跟进内容');
    await expect.poll(() => note.inputValue(), { timeout: 15_000 }).toBe(simulatedTranscript('call-2024-06-01.wav', wav));
    await shot(desk.page, 'recording-transcribed');

    await dialog.getByRole('button', { name: '缩短为通话记录' }).click();
    await expect.poll(() => note.inputValue(), { timeout: 15_000 }).toContain('<<<TRANSCRIPT');
    await expect.poll(() => dialog.getByRole('button', { name: '缩短为通话记录' }).isVisible(), { timeout: 15_000 }).toBe(true);
    const shortened = `通话记录：${(await note.inputValue()).length} 字`;
    await note.fill(shortened);
    expect(await dialog.getByLabel('方式').inputValue()).toBe('phone');
    await shot(desk.page, 'recording-note');
    await dialog.getByRole('button', { name: '保存跟进' }).click();
    await expect.poll(() => dialog.isVisible(), { timeout: 15_000 }).toBe(false);
    await expect.poll(() => contact.follows.length, { timeout: 15_000 }).toBe(followsBefore + 1);
    expect(contact.follows.at(-1)).toMatchObject({ kind: 'phone', note: shortened });
  });
});
