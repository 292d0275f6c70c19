// The conversation's message list in Chromium against the gateway simulator: it follows an answer
// as it streams, lets the user read further up without pulling them down, brings a failure into
// view, and opens a long stored conversation at its newest messages.
import type { Locator } from 'playwright-core';
import { afterEach, describe, expect, test } from 'vitest';
import { SessionKeyStore } from '../../src-main/core/secrets/session-key-store.ts';
import type { AppUnderTest } from '../support/app-harness.ts';
import { setUpE2e } from '../support/e2e-setup.ts';
import { shot } from '../support/e2e-shots.ts';
import { gatewayProfile } from '../support/gateway-profile.ts';
import { fillLongConversation, longConversationText } from '../support/long-conversation.ts';

const e2e = setUpE2e({ simulators: { alertCount: 0 } });
const poll = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 15_000 });

afterEach(() => {
  e2e.sims.gateway.setStreamShape({});
  e2e.sims.gateway.faults.clear();
});

/** The app with a gateway connection, showing conversation `id` (filled with `count` stored messages) in its tab. */
async function openConversation({
  apiKey = e2e.sims.gateway.keys.demo,
  count,
  model = 'gpt-4o-mini',
  locale,
  ipcLog,
}: {
  apiKey?: string;
  count: number;
  model?: string;
  locale?: string;
  ipcLog?: { channel: string; result: unknown }[];
}) {
  const app: AppUnderTest = await e2e.openApp({ keyStore: new SessionKeyStore('test'), ...(locale && { locale }), ...(ipcLog && { ipcLog }) });
  const profile = await app.services.profiles.save(gatewayProfile({ name: 'Simulated gateway', baseUrl: e2e.sims.gateway.url, apiKey, caPem: e2e.sims.ca.certPem }));
  fillLongConversation(app.services.db, { id: 'conv', count, title: 'Scan questions' });
  app.services.chat.updateConversation('conv', { profileId: profile.id, model });
  app.services.workspace.save({ tabs: [{ id: 'conv-tab', kind: 'conversation', params: { id: 'conv' } }], activeTabId: 'conv-tab' });
  await app.page.reload();
  const panel = app.page.getByRole('tabpanel');
  await panel.getByRole('log').waitFor();
  return { app, page: app.page, panel };
}

const messageList = (panel: Locator) => panel.getByRole('log', { name: 'Messages' });
const lastAnswer = (panel: Locator) => panel.getByRole('article', { name: /^Answer from/ }).last();

/** How far the list is from its bottom, in pixels. */
const distanceFromBottom = (panel: Locator) => messageList(panel).evaluate((list) => list.scrollHeight - list.scrollTop - list.clientHeight);

/** Whether `inner`'s box lies inside the list's visible box. */
async function inView(panel: Locator, inner: Locator): Promise<boolean> {
  const [outer, box] = await Promise.all([messageList(panel).boundingBox(), inner.boundingBox()]);
  return !!outer && !!box && box.y >= outer.y - 1 && box.y + box.height <= outer.y + outer.height + 1;
}

async function ask(panel: Locator, text: string) {
  await panel.getByLabel('Message', { exact: true }).fill(text);
  await panel.getByRole('button', { name: 'Send' }).click();
}

const settled = (answer: Locator) => expect.poll(() => answer.getAttribute('aria-busy'), { timeout: 60_000 }).toBe('false');

/** A long answer in lines, so it grows taller than the window as it streams. */
const longAnswer = Array.from({ length: 120 }, (_, line) => `Line ${line + 1} of the long answer about the scan.`).join('\n\n');

describe('the message list', () => {
  test('follows a long streamed answer to its end after several exchanges; scrolling up stops following until Jump to latest', async () => {
    const { page, panel } = await openConversation({ count: 8 });
    expect(await distanceFromBottom(panel)).toBeLessThanOrEqual(48);

    e2e.sims.gateway.setStreamShape({ text: longAnswer, deltaChars: 12, deltaIntervalMs: 8 });
    await ask(panel, 'Tell me everything about the scan');
    const answer = lastAnswer(panel);
    await poll(() => answer.innerText()).toContain('Line 3 of');
    // While it streams, each moment the newest text is at the bottom of the list, in view.
    for (let look = 0; look < 6; look += 1) {
      // Sampled between a batch's paint and the list's follow, the text may be a line below for a frame.
      await poll(() => distanceFromBottom(panel)).toBeLessThanOrEqual(48);
      await page.waitForTimeout(150);
    }
    await settled(answer);
    await poll(() => inView(panel, answer.getByRole('button', { name: 'Copy' }))).toBe(true);
    expect(await inView(panel, answer.getByText('Line 120 of the long answer'))).toBe(true);
    await shot(page, 'chat-followed-to-end');

    // Scrolling up while the next answer streams: the list stays where the user put it.
    e2e.sims.gateway.setStreamShape({ text: longAnswer, deltaChars: 6, deltaIntervalMs: 10 });
    await ask(panel, 'And once more');
    await poll(() => lastAnswer(panel).innerText()).toContain('Line 2 of');
    const box = (await messageList(panel).boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.wheel(0, -600);
    const jump = panel.getByRole('button', { name: 'Jump to latest ↓' });
    await jump.waitFor();
    const readingAt = await messageList(panel).evaluate((list) => list.scrollTop);
    // Read as text, not as shown: the answer's blocks below the screen are not rendered.
    await poll(() => lastAnswer(panel).textContent()).toContain('Line 30 of');
    expect(await messageList(panel).evaluate((list) => list.scrollTop)).toBe(readingAt);
    expect(await distanceFromBottom(panel)).toBeGreaterThan(300);
    await shot(page, 'chat-reading-up');

    await jump.click();
    expect(await jump.count()).toBe(0);
    await poll(() => distanceFromBottom(panel)).toBeLessThanOrEqual(48);
    await poll(() => lastAnswer(panel).textContent()).toContain('Line 60 of');
    // Still following as the text grows (a frame may fall between a batch's paint and the follow).
    await poll(() => distanceFromBottom(panel)).toBeLessThanOrEqual(48);
    await settled(lastAnswer(panel));
  });

  test("a refused model's error comes into view even when the user had scrolled up", async () => {
    const { page, panel } = await openConversation({ apiKey: e2e.sims.gateway.keys.limited, count: 30, model: 'gpt-4.1' });
    const box = (await messageList(panel).boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.wheel(0, -1500);
    await panel.getByRole('button', { name: 'Jump to latest ↓' }).waitFor();

    await ask(panel, 'Use the big model');
    await settled(lastAnswer(panel));
    const refusal = lastAnswer(panel).getByText('This key may not use gpt-4.1. Models it may use: gpt-4o-mini.');
    await poll(() => inView(panel, refusal)).toBe(true);
    await poll(() => inView(panel, lastAnswer(panel).getByRole('button', { name: 'Retry' }))).toBe(true);
    await shot(page, 'chat-refused-in-view');
  });

  test('an answer cut by a network error keeps what arrived and says where it stopped', async () => {
    const { app, page, panel } = await openConversation({ count: 4 });
    e2e.sims.gateway.faults.add({ path: '/chat/completions', kind: 'reset', keep: 4, times: 1 });
    await ask(panel, 'Cut me off');
    await settled(lastAnswer(panel));
    const stored = app.services.chat.conversation('conv').latestMessages.at(-1)!;
    expect(stored.outcome).toBe('failed');
    const lastWords = stored.content.trim().split(/\s+/).slice(-3).join(' ');
    const answer = lastAnswer(panel);
    expect(await answer.locator('.chat-markdown').innerText()).toContain('You said:');
    const cut = answer.getByRole('note').filter({ hasText: 'It stopped here' });
    const said = await cut.innerText();
    expect(said).toContain(`It stopped here, after ${stored.content.length.toLocaleString('en')} characters, at “…`);
    expect(said).toContain(`${lastWords}”.`);
    expect(await answer.innerText()).toContain('The answer broke off part-way');
    await poll(() => inView(panel, cut)).toBe(true);
    await shot(page, 'chat-cut-here');
  });

  test('a conversation of 3,000 stored messages opens at its newest, and scrolling back reads the earlier ones', async () => {
    const count = 3_000;
    const ipcLog: { channel: string; result: unknown }[] = [];
    const pagesRead = () => ipcLog.filter((entry) => entry.channel === 'gateway:messages').length;
    const { page, panel } = await openConversation({ count, ipcLog });
    await poll(() => panel.getByText('Answer 1499.').count()).toBe(1);
    expect(await distanceFromBottom(panel)).toBeLessThanOrEqual(48);
    // Only what is on screen exists, and the conversation's latest messages were enough to show it.
    expect(await panel.getByRole('article').count()).toBeLessThan(30);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    expect(pagesRead(), 'pages read to open the conversation').toBe(0);

    await messageList(panel).focus();
    await page.keyboard.press('Home');
    await poll(() => panel.getByText(longConversationText(0)).count()).toBe(1);
    expect(pagesRead()).toBeGreaterThan(0);
    await shot(page, 'chat-long-conversation-top');
    await panel.getByRole('button', { name: 'Jump to latest ↓' }).click();
    await poll(() => panel.getByText('Answer 1499.').count()).toBe(1);
    await shot(page, 'chat-long-conversation');

    // A fling up: answers passing by may show plain text, and those on screen their Markdown once it stops.
    const box = (await messageList(panel).boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    for (let step = 0; step < 15; step += 1) await page.mouse.wheel(0, -1500);
    await poll(() => panel.locator('.chat-plain').count()).toBe(0);
    expect(await panel.locator('.chat-markdown strong').count()).toBeGreaterThan(0);

    // Find looks through every message, read or not, and brings the one found into view.
    await page.keyboard.press('Control+f');
    const find = panel.getByRole('searchbox', { name: 'Find in this conversation' });
    await find.fill('question 7:');
    await poll(() => panel.getByRole('search').getByRole('status').innerText()).toBe('1 of 1 messages');
    await poll(async () => (await panel.getByText(longConversationText(14)).count()) === 1 && inView(panel, panel.getByText(longConversationText(14)))).toBe(true);
    await find.fill('| 3389 |');
    await poll(() => panel.getByRole('search').getByRole('status').innerText()).toBe('1 of 500 messages');
    await find.press('Enter');
    await poll(() => panel.getByRole('search').getByRole('status').innerText()).toBe('2 of 500 messages');
    // The newest match first, then the one before it: answers 1498 and 1495 hold the table.
    await poll(async () => (await panel.locator('.chat-row-found').textContent()) ?? '').toContain('Answer 1495.');
    await shot(page, 'chat-find');
    await find.press('Escape');
    expect(await panel.getByRole('search').count()).toBe(0);
  });

  test('in 简体中文: Jump to latest and Find speak the window’s language', async () => {
    const { page, panel } = await openConversation({ count: 60, locale: 'zh-CN' });
    const box = (await panel.getByRole('log').boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.wheel(0, -1500);
    await panel.getByRole('button', { name: '跳到最新 ↓' }).waitFor();
    await page.keyboard.press('Control+f');
    await panel.getByRole('searchbox', { name: '在此对话中查找' }).fill('question 3:');
    await poll(() => panel.getByRole('search').getByRole('status').innerText()).toBe('第 1 条，共 1 条消息');
    await shot(page, 'chat-find-zh');
  });
});
