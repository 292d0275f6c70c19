// What surrounds a conversation's messages, in Chromium against the gateway simulator: the composer
// while a long answer streams, the model pickers (what fits, and after a certificate is trusted),
// the draft across a restart, and the list of conversations beside the open one.
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterEach, describe, expect, test } from 'vitest';
import { SessionKeyStore } from '../../src-main/core/secrets/session-key-store.ts';
import type { AppUnderTest } from '../support/app-harness.ts';
import { setUpE2e } from '../support/e2e-setup.ts';

const e2e = setUpE2e({ simulators: { alertCount: 0 } });

afterEach(() => {
  e2e.sims.gateway.setStreamShape({});
});

async function shot(page: Page, name: string): Promise<void> {
  const folder = process.env.OPSDESK_E2E_SHOTS;
  if (folder) await page.screenshot({ path: path.join(folder, `chat-shell-${name}.png`) });
}

const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000 });

interface Opened {
  app: AppUnderTest;
  page: Page;
  panel: Locator;
  profileId: string;
}

async function openChat(
  options: { trusted?: boolean; locale?: string; keyStore?: SessionKeyStore; dataDir?: string; ipcLog?: { channel: string; result: unknown }[] } = {},
): Promise<Opened> {
  const app = await e2e.openApp({
    keyStore: options.keyStore ?? new SessionKeyStore('test'),
    ...(options.locale && { locale: options.locale }),
    ...(options.dataDir && { dataDir: options.dataDir }),
    ...(options.ipcLog && { ipcLog: options.ipcLog }),
  });
  const existing = (await app.services.profiles.list()).profiles.find((profile) => profile.service === 'gateway');
  const profileId =
    existing?.id ??
    (
      await app.services.profiles.save({
        service: 'gateway',
        name: 'Simulated gateway',
        baseUrl: e2e.sims.gateway.url,
        apiKey: e2e.sims.gateway.keys.demo,
        trust: options.trusted === false ? { mode: 'system' } : { mode: 'ca-only', caPem: e2e.sims.ca.certPem },
        settings: { rateTier: 600 },
      })
    ).id;
  await app.page.getByRole('tab', { name: options.locale === 'zh-CN' ? '对话' : 'Chat' }).click();
  return { app, page: app.page, panel: app.page.getByRole('tabpanel'), profileId };
}

async function newConversation(panel: Locator, model = 'gpt-4o-mini') {
  await panel.getByRole('button', { name: 'New conversation' }).click();
  const picker = panel.getByLabel('Model', { exact: true });
  await poll(() => picker.isEnabled()).toBe(true);
  await picker.selectOption(model);
  await poll(() => panel.getByLabel('Message', { exact: true }).getAttribute('placeholder')).toContain('Ask the model');
}

const lastAnswer = (panel: Locator) => panel.getByRole('article', { name: /^Answer from/ }).last();
const settled = (panel: Locator) => poll(() => panel.locator('article[aria-busy]').last().getAttribute('aria-busy')).toBe('false');

async function ask(panel: Locator, text: string) {
  await panel.getByLabel('Message', { exact: true }).fill(text);
  await panel.getByLabel('Message', { exact: true }).press('Enter');
  await settled(panel);
}

/**
 * Watches, every frame until the last answer has streamed, whether Stop is on screen (inside the
 * window, not covered) and Send is gone; resolves with one sample per frame.
 */
function watchStop(page: Page): Promise<{ busy: boolean; stopInView: boolean; sendShown: boolean }[]> {
  return page.evaluate(
    () =>
      new Promise<{ busy: boolean; stopInView: boolean; sendShown: boolean }[]>((resolve) => {
        const samples: { busy: boolean; stopInView: boolean; sendShown: boolean }[] = [];
        const buttonNamed = (name: string) => [...document.querySelectorAll('button')].find((button) => button.textContent === name);
        const frame = () => {
          const answers = document.querySelectorAll('article[aria-busy]');
          const busy = answers[answers.length - 1]?.getAttribute('aria-busy') === 'true';
          const stop = buttonNamed('Stop');
          const box = stop?.getBoundingClientRect();
          const stopInView = !!box && box.top >= 0 && box.bottom <= window.innerHeight && document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2) === stop;
          samples.push({ busy, stopInView, sendShown: !!buttonNamed('Send') });
          if (!busy && samples.some((sample) => sample.busy)) resolve(samples);
          else requestAnimationFrame(frame);
        };
        frame();
      }),
  );
}

describe('the composer', () => {
  test('a long answer after several exchanges streams with Stop in Send’s place and in view the whole time; Esc stops; Enter, Shift+Enter, Ctrl+Enter', async () => {
    const { page, panel } = await openChat();
    await newConversation(panel);
    for (const question of ['What is alert 41 about?', 'And alert 42?', 'Which of them is worse?']) await ask(panel, question);

    e2e.sims.gateway.setStreamShape({ text: 'Line of a long answer.\n\n'.repeat(120), deltaChars: 12, deltaIntervalMs: 8 });
    const watched = watchStop(page);
    await panel.getByLabel('Message', { exact: true }).fill('Explain everything at length');
    await panel.getByRole('button', { name: 'Send' }).click();
    const samples = await watched;
    const streaming = samples.filter((sample) => sample.busy);
    expect(streaming.length, 'frames seen while the answer streamed').toBeGreaterThan(20);
    expect(streaming.filter((sample) => !sample.stopInView), 'frames with Stop off screen or covered').toEqual([]);
    expect(streaming.filter((sample) => sample.sendShown), 'frames with Send beside Stop').toEqual([]);
    await shot(page, 'conversation-1280-light');

    const composer = panel.getByLabel('Message', { exact: true });
    e2e.sims.gateway.setStreamShape({ text: 'Line of a long answer.\n\n'.repeat(120), deltaChars: 4, deltaIntervalMs: 30 });
    await composer.fill('Count slowly');
    await composer.press('Enter');
    // Text content: the blocks out of view are not rendered text (content-visibility) until scrolled to.
    await poll(() => lastAnswer(panel).textContent()).toContain('Line of a long answer.');
    await composer.press('Escape');
    await settled(panel);
    expect(await lastAnswer(panel).innerText()).toContain('Stopped.');
    e2e.sims.gateway.setStreamShape({});

    await composer.fill('First line');
    await composer.press('Shift+Enter');
    await composer.pressSequentially('second line');
    expect(await composer.inputValue()).toBe('First line\nsecond line');
    // From the Send button too: Ctrl+Enter sends from anywhere in the composer.
    await panel.getByRole('button', { name: 'Send' }).focus();
    await page.keyboard.press('Control+Enter');
    // The message shows once main stored it; the answer before it has long settled.
    await poll(() => panel.getByRole('article', { name: 'Your message' }).last().innerText()).toContain('First line\nsecond line');
    await settled(panel);
    await poll(() => lastAnswer(panel).textContent()).toContain('second line');
    expect(await composer.inputValue()).toBe('');
  });

  test('a draft survives closing the conversation’s tab and a restart', async () => {
    const keyStore = new SessionKeyStore('test');
    const first = await openChat({ keyStore });
    let { app, panel } = first;
    const { page } = first;
    await newConversation(panel);
    const id = (await app.services.chat.conversations())[0]!.id;
    await panel.getByLabel('Message', { exact: true }).fill('Half-written question about 10.0.0.8');
    await panel.getByRole('button', { name: 'Open in tab' }).click();
    const tab = page.getByRole('tabpanel');
    await poll(() => tab.getByLabel('Message', { exact: true }).inputValue()).toBe('Half-written question about 10.0.0.8');
    // The settings folded under the header stay as the user left them, in every conversation and after a restart.
    await tab.getByRole('button', { name: 'Settings', exact: true }).click();
    await poll(() => tab.getByRole('region', { name: 'Conversation settings' }).count()).toBe(1);
    await shot(page, 'conversation-tab-1280-light');
    await tab.getByLabel('Message', { exact: true }).press('Control+End');
    await tab.getByLabel('Message', { exact: true }).pressSequentially(', and 10.0.0.9');
    await page.getByRole('button', { name: 'Close Conversation', exact: true }).click();
    await poll(() => app.services.chat.conversation(id).draft).toBe('Half-written question about 10.0.0.8, and 10.0.0.9');

    const { dataDir } = app;
    await app.close();
    ({ app, panel } = await openChat({ keyStore, dataDir }));
    await poll(() => panel.getByLabel('Message', { exact: true }).inputValue()).toBe('Half-written question about 10.0.0.8, and 10.0.0.9');
    // Main's copy of the fold is read as the view opens, after the draft may already show.
    await poll(() => panel.getByRole('button', { name: 'Settings', exact: true }).getAttribute('aria-expanded')).toBe('true');
    await panel.getByRole('button', { name: 'Send' }).click();
    await settled(panel);
    await poll(() => app.services.chat.conversation(id).draft).toBe('');
  });
});

describe('the model pickers', () => {
  test('each lists the models that fit, with every model one click away', async () => {
    const { panel } = await openChat();
    await newConversation(panel);
    const chatPicker = panel.getByLabel('Model', { exact: true });
    const options = () => chatPicker.locator('option').allInnerTexts();
    expect(await options()).toEqual(expect.arrayContaining(['gpt-4o-mini', 'claude-sonnet-4', 'qwen-max']));
    expect(await options()).not.toEqual(expect.arrayContaining(['whisper-1']));
    expect((await options()).filter((option) => /whisper|image|embedding|bge/.test(option))).toEqual([]);
    await panel.getByLabel('All models (+4)').check();
    expect(await options()).toEqual(expect.arrayContaining(['whisper-1', 'gpt-image-1', 'bge-m3']));

    await panel.getByRole('button', { name: 'Images', exact: true }).click();
    const imagePicker = panel.getByLabel('Image model');
    await poll(() => imagePicker.locator('option').allInnerTexts()).toEqual(['Pick a model…', 'gpt-image-1']);
    await panel.getByRole('button', { name: 'Transcription', exact: true }).click();
    await poll(() => panel.getByLabel('Transcription model').locator('option').allInnerTexts()).toEqual(['Pick a model…', 'whisper-1']);
    await panel.getByRole('button', { name: 'Embeddings', exact: true }).click();
    await poll(() => panel.getByLabel('Embedding model').locator('option').allInnerTexts()).toEqual(['Pick a model…', 'text-embedding-3-small', 'bge-m3']);
  });

  test('a new conversation shows its picker filled at once: the Chat view read the models when it opened', async () => {
    const ipcLog: { channel: string; result: unknown }[] = [];
    const { panel } = await openChat({ ipcLog });
    const modelReads = () => ipcLog.filter((entry) => entry.channel === 'gateway:models').length;
    await poll(modelReads).toBe(1);
    await panel.getByRole('button', { name: 'New conversation' }).click();
    const picker = panel.getByLabel('Model', { exact: true });
    await picker.waitFor();
    expect(await picker.isEnabled()).toBe(true);
    expect(await picker.locator('option').allInnerTexts()).toEqual(expect.arrayContaining(['gpt-4o-mini', 'qwen-max']));
    expect(modelReads(), 'the picker read the models again').toBe(1);
  });

  test('after the certificate is trusted the picker shows the models and no error from before', async () => {
    const { app, page, panel, profileId } = await openChat({ trusted: false });
    await panel.getByRole('button', { name: 'New conversation' }).click();
    await poll(() => panel.innerText()).toContain('The model list could not be loaded');
    await shot(page, 'picker-certificate-refused');

    await app.services.profiles.trustCertificate(profileId, e2e.sims.gateway.leafSha256);
    const picker = panel.getByLabel('Model', { exact: true });
    await poll(() => picker.isEnabled()).toBe(true);
    expect(await picker.locator('option').allInnerTexts()).toEqual(expect.arrayContaining(['gpt-4o-mini', 'qwen-max']));
    expect(await panel.innerText()).not.toContain('The model list could not be loaded');
    expect(await panel.getByRole('region', { name: 'Conversations' }).getByRole('alert').count()).toBe(0);
    expect(await picker.locator('xpath=..').getByRole('alert').count(), 'an alert left beside the picker').toBe(0);
  });
});

describe('the conversations beside the open one', () => {
  test('newest first, searchable, renamed in place, deleted with Undo; the layout in both languages, light and dark, at two sizes', async () => {
    const { app, page, panel } = await openChat();
    await newConversation(panel);
    await ask(panel, 'Is 203.0.113.7 scanning us?');
    await newConversation(panel);
    await ask(panel, 'Summarise ticket 1042');
    const rows = panel.getByRole('list').first().getByRole('listitem');
    await poll(() => rows.allInnerTexts()).toEqual([expect.stringContaining('Summarise ticket 1042'), expect.stringContaining('Is 203.0.113.7 scanning us?')]);

    await rows.first().hover();
    await panel.getByRole('button', { name: 'Rename Summarise ticket 1042' }).click();
    await panel.getByLabel('Conversation title').fill('Ticket 1042 summary');
    await panel.getByLabel('Conversation title').press('Enter');
    await poll(() => rows.first().innerText()).toContain('Ticket 1042 summary');
    expect(app.services.chat.conversations()[0]!.title).toBe('Ticket 1042 summary');

    await rows.nth(1).hover();
    await panel.getByRole('button', { name: 'Delete Is 203.0.113.7 scanning us?' }).click();
    await poll(() => rows.count()).toBe(1);
    await panel.getByRole('status').getByRole('button', { name: 'Undo' }).click();
    await poll(() => rows.count()).toBe(2);
    expect(app.services.chat.conversations()).toHaveLength(2);

    await rows.nth(1).getByRole('button').first().click();
    await poll(() => panel.getByRole('heading', { level: 2 }).first().innerText()).toBe('Is 203.0.113.7 scanning us?');
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await page.setViewportSize({ width: 1280, height: 800 });
      await shot(page, `list-1280-${colorScheme}`);
      if (colorScheme === 'light') {
        // At 1280 px the title, both pickers and the buttons share one line; a cut title shows whole on hover.
        const title = panel.getByRole('heading', { level: 2 }).first();
        expect(await title.getAttribute('title')).toBe('Is 203.0.113.7 scanning us?');
        const tops = await title.evaluate((heading) =>
          [...heading.parentElement!.children].map((child) => child.getBoundingClientRect()).filter((box) => box.width > 0).map((box) => Math.round(box.top)));
        expect(Math.max(...tops) - Math.min(...tops)).toBeLessThan(8);
        expect(await title.evaluate((heading) => heading.getBoundingClientRect().width)).toBeGreaterThan(220);
      }
      await panel.getByRole('button', { name: 'Settings' }).click();
      await shot(page, `settings-open-1280-${colorScheme}`);
      await panel.getByRole('button', { name: 'Settings' }).click();
      await page.setViewportSize({ width: 1920, height: 1080 });
      await shot(page, `list-1920-${colorScheme}`);
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.emulateMedia({ colorScheme: 'light' });
  });

  test('in 简体中文', async () => {
    const { page, panel } = await openChat({ locale: 'zh-CN' });
    await panel.getByRole('button', { name: '新建对话' }).click();
    const picker = panel.getByLabel('模型', { exact: true });
    await poll(() => picker.isEnabled()).toBe(true);
    await picker.selectOption('qwen-max');
    await panel.getByRole('textbox', { name: '消息' }).fill('这个告警是什么意思？');
    await panel.getByRole('textbox', { name: '消息' }).press('Enter');
    await settled(panel);
    await panel.getByRole('button', { name: '重新生成' }).click();
    await settled(panel);
    await poll(() => panel.locator('article[aria-busy]').last().getByRole('group').getAttribute('aria-label')).toBe('第 2 版，共 2 版');
    await panel.getByRole('button', { name: '设置', exact: true }).click();
    await shot(page, 'zh-CN-1280-light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.setViewportSize({ width: 1920, height: 1080 });
    await shot(page, 'zh-CN-1920-dark');
  });
});
