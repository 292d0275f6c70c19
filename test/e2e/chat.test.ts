// The chat workspace in Chromium against the gateway simulator, used as a new user would.
import type { Locator, Page } from 'playwright-core';
import { afterEach, describe, expect, test } from 'vitest';
import { SessionKeyStore } from '../../src-main/core/secrets/session-key-store.ts';
import type { AppUnderTest } from '../support/app-harness.ts';
import { setUpE2e } from '../support/e2e-setup.ts';

const e2e = setUpE2e({ simulators: { alertCount: 0 } });
let app: AppUnderTest | undefined;
const ipcLog: { channel: string; result: unknown }[] = [];

afterEach(() => {
  e2e.sims.gateway.setStreamShape({});
  e2e.sims.gateway.faults.clear();
});

async function openChat(apiKey = e2e.sims.gateway.keys.demo): Promise<Page> {
  app = await e2e.openApp({ keyStore: new SessionKeyStore('test'), ipcLog });
  await app.services.profiles.save({
    service: 'gateway',
    name: 'Simulated gateway',
    baseUrl: e2e.sims.gateway.url,
    apiKey,
    trust: { mode: 'ca-only', caPem: e2e.sims.ca.certPem },
    settings: { rateTier: 600 },
  });
  const { page } = app;
  await page.getByRole('tab', { name: 'Chat' }).click();
  return page;
}

/**
 * Starts a conversation and waits until main has it and the window has saved the Chat tab as the
 * open one, so a reload comes back to the Chat view, which shows the newest conversation.
 */
async function startConversation(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'New conversation' }).click();
  await expect.poll(async () => (await app!.services.chat.conversations()).length).toBe(1);
  const id = (await app!.services.chat.conversations())[0]!.id;
  await expect
    .poll(() => {
      const saved = app!.services.workspace.load();
      return saved?.tabs.find((tab) => tab.id === saved.activeTabId)?.kind;
    })
    .toBe('chat');
  return id;
}

/** Starts a conversation from the Chat tab and picks the model. */
async function newConversation(page: Page, model = 'gpt-4o-mini'): Promise<Locator> {
  await page.getByRole('button', { name: 'New conversation' }).click();
  const panel = page.getByRole('tabpanel');
  const picker = panel.getByLabel('Model', { exact: true });
  await expect.poll(() => picker.isEnabled(), { timeout: 10_000 }).toBe(true);
  await picker.selectOption(model);
  await expect.poll(() => panel.getByLabel('Message', { exact: true }).getAttribute('placeholder')).toContain('Ask the model');
  return panel;
}

async function ask(panel: Locator, text: string) {
  await panel.getByLabel('Message', { exact: true }).fill(text);
  await panel.getByRole('button', { name: 'Send' }).click();
}

const answers = (panel: Locator) => panel.getByRole('article', { name: /^Answer from/ });
const lastAnswer = (panel: Locator) => answers(panel).last();
const settled = (answer: Locator) => expect.poll(() => answer.getAttribute('aria-busy'), { timeout: 15_000 }).toBe('false');

/** Asks, then waits for the answer to that question to end, not the one before it, which has ended already. */
async function askAndSettle(panel: Locator, text: string) {
  const before = await answers(panel).count();
  await ask(panel, text);
  await expect.poll(() => answers(panel).count(), { timeout: 15_000 }).toBe(before + 1);
  await settled(lastAnswer(panel));
}

describe('chat workspace', () => {
  test('pick a model, stream, stop, regenerate, edit and resend; search reopens a conversation in its tab', async () => {
    const page = await openChat();
    const panel = await newConversation(page);
    const picker = panel.getByLabel('Model', { exact: true });
    expect(await picker.locator('option').allInnerTexts()).toContain('claude-sonnet-4');

    await ask(panel, 'What is alert 42 about?');
    await settled(lastAnswer(panel));
    expect(await lastAnswer(panel).innerText()).toContain('You said: "What is alert 42 about?"');
    const usage = panel.getByTitle(/^This conversation: \d+ prompt \+ \d+ answer = \d+ tokens$/);
    await expect.poll(() => usage.innerText()).toMatch(/^\d+ tokens$/);
    expect(await lastAnswer(panel).innerText()).toMatch(/\d+ prompt \+ \d+ answer = \d+ tokens/);
    await lastAnswer(panel).getByRole('button', { name: 'Copy' }).click();
    await expect.poll(() => lastAnswer(panel).getByRole('button', { name: 'Copied' }).count()).toBe(1);
    // The list beside it took the conversation's title from its first message, at once.
    await expect.poll(() => panel.getByRole('button', { name: /^What is alert 42 about\?/ }).count()).toBe(1);

    e2e.sims.gateway.setStreamShape({ firstTokenDelayMs: 1500 });
    await ask(panel, 'Take your time');
    await expect.poll(() => lastAnswer(panel).innerText()).toContain('Waiting for the first token…');
    await settled(lastAnswer(panel));
    expect(await lastAnswer(panel).innerText()).toContain('You said: "Take your time"');

    e2e.sims.gateway.setStreamShape({ text: 'tick '.repeat(400), deltaChars: 5, deltaIntervalMs: 10 });
    await ask(panel, 'Count for a long time');
    await expect.poll(() => lastAnswer(panel).innerText()).toContain('tick tick');
    // Stop is in Send's place while the answer streams.
    expect(await panel.getByRole('button', { name: 'Send' }).count()).toBe(0);
    await panel.getByRole('button', { name: 'Stop' }).click();
    await settled(lastAnswer(panel));
    expect(await panel.getByRole('button', { name: 'Send' }).count()).toBe(1);
    const stopped = await lastAnswer(panel).innerText();
    expect(stopped).toContain('Stopped.');
    expect(stopped).toContain('tick');
    expect(stopped.match(/tick/g)!.length).toBeLessThan(400);

    e2e.sims.gateway.setStreamShape({});
    await lastAnswer(panel).getByRole('button', { name: 'Regenerate' }).click();
    await settled(lastAnswer(panel));
    expect(await lastAnswer(panel).innerText()).toContain('You said: "Count for a long time"');
    expect(await answers(panel).count()).toBe(3);
    // The stopped answer is the earlier version, with its own ending.
    await lastAnswer(panel).getByRole('group', { name: 'Version 2 of 2' }).getByRole('button', { name: 'Previous version' }).click();
    await expect.poll(() => lastAnswer(panel).innerText()).toContain('Stopped.');
    await lastAnswer(panel).getByRole('button', { name: 'Next version' }).click();
    await expect.poll(() => lastAnswer(panel).innerText()).toContain('You said: "Count for a long time"');

    const firstQuestion = panel.getByRole('article', { name: 'Your message' }).first();
    await firstQuestion.getByRole('button', { name: 'Edit' }).click();
    await panel.getByLabel('Edit your message').fill('What is alert 43 about?');
    await panel.getByRole('button', { name: 'Send edited' }).click();
    await settled(lastAnswer(panel));
    expect(await answers(panel).count()).toBe(1);
    expect(await lastAnswer(panel).innerText()).toContain('You said: "What is alert 43 about?"');
    // The question as it was, with the three answers after it, is one click away.
    await firstQuestion.getByRole('button', { name: 'Previous version' }).click();
    await expect.poll(() => answers(panel).count()).toBe(3);
    expect(await firstQuestion.innerText()).toContain('What is alert 42 about?');
    await firstQuestion.getByRole('button', { name: 'Next version' }).click();
    await expect.poll(() => answers(panel).count()).toBe(1);
    const keys = Object.values(e2e.sims.gateway.keys);
    for (const key of keys) {
      expect(await page.content(), 'the DOM holds a key').not.toContain(key);
      expect(JSON.stringify(ipcLog), 'an IPC result or event holds a key').not.toContain(key);
    }

    await panel.getByLabel('Search conversations').fill('alert 43');
    const found = panel.getByRole('button', { name: /^What is alert 42 about\?/ });
    await expect.poll(() => found.count()).toBe(1);
    await panel.getByLabel('Search conversations').fill('nothing like this');
    await expect.poll(() => panel.innerText()).toContain('No conversation contains “nothing like this”.');
    await panel.getByLabel('Search conversations').fill('alert');
    await found.hover();
    await panel.getByRole('button', { name: 'Open What is alert 42 about? in its own tab' }).click();
    expect(await page.getByRole('tab', { selected: true }).innerText()).toBe('What is alert 42 about?');
    expect(await page.getByRole('tab').count()).toBe(4);
  });

  test('a new conversation starts with the model at work, else the last model used; the composer asks only for what is missing', async () => {
    const page = await openChat();
    const panel = page.getByRole('tabpanel');
    const picker = panel.getByLabel('Model', { exact: true });
    const composer = panel.getByLabel('Message', { exact: true });
    const startNew = () => panel.getByRole('button', { name: 'New conversation', exact: true }).click();
    await startNew();
    // Its connection is chosen already: only the model is asked for.
    await expect.poll(() => composer.getAttribute('placeholder')).toBe('Pick a model above first');
    expect(await picker.inputValue()).toBe('');

    const [gatewayId] = app!.services.profiles.ids();
    app!.services.assistantSettings.save({ profileId: gatewayId!, model: 'claude-sonnet-4', triageTemplate: null, sentFields: [], bulkLimit: 20 });
    await startNew();
    await expect.poll(() => picker.inputValue(), { timeout: 10_000 }).toBe('claude-sonnet-4');
    await expect.poll(() => composer.getAttribute('placeholder')).toBe('Ask the model… (Enter sends, Shift+Enter adds a line)');

    // With no model at work, the model the analyst last picked.
    app!.services.assistantSettings.save({ profileId: null, model: null, triageTemplate: null, sentFields: [], bulkLimit: 20 });
    await picker.selectOption('gpt-4o-mini');
    await expect.poll(async () => (await app!.services.chat.conversations())[0]!.model).toBe('gpt-4o-mini');
    await startNew();
    await expect.poll(async () => (await app!.services.chat.conversations()).length).toBe(3);
    await expect.poll(() => picker.inputValue(), { timeout: 10_000 }).toBe('gpt-4o-mini');
    expect(await composer.getAttribute('placeholder')).toBe('Ask the model… (Enter sends, Shift+Enter adds a line)');
  });

  test('parameters outside the documented ranges are refused in the form and not saved', async () => {
    const page = await openChat();
    const panel = await newConversation(page);
    await panel.getByRole('button', { name: 'Settings' }).click();
    const temperature = panel.getByLabel('Temperature');
    await temperature.fill('2.5');
    await temperature.blur();
    await expect.poll(() => panel.innerText()).toContain('Must be between 0 and 2.');
    await temperature.fill('0.3');
    await temperature.blur();
    const conversationId = (await app!.services.chat.conversations())[0]!.id;
    await expect.poll(() => app!.services.chat.conversation(conversationId).parameters).toEqual({ temperature: 0.3 });
  });

  test('reasoning folded, non-streaming switch, Responses endpoint', async () => {
    const page = await openChat();
    const panel = await newConversation(page);
    e2e.sims.gateway.setStreamShape({ reasoning: 'Looking at the firewall first.', text: 'Block it.' });
    await ask(panel, 'Should I block 10.0.0.8?');
    await settled(lastAnswer(panel));
    const reasoning = lastAnswer(panel).getByText('Looking at the firewall first.');
    expect(await reasoning.isVisible()).toBe(false);
    await lastAnswer(panel).getByText('Reasoning').click();
    expect(await reasoning.isVisible()).toBe(true);

    e2e.sims.gateway.setStreamShape({});
    await panel.getByRole('button', { name: 'Settings' }).click();
    // The switch shows what main stored, so it changes once the save has come back.
    const streamSwitch = panel.getByLabel('Stream the answer');
    await streamSwitch.click();
    await expect.poll(() => streamSwitch.isChecked()).toBe(false);
    await ask(panel, 'Without streaming');
    await settled(lastAnswer(panel));
    // An answer's Markdown is drawn a budget at a time, after the answer has settled (P8).
    await expect.poll(() => lastAnswer(panel).innerText()).toContain('You said: "Without streaming"');

    await panel.getByLabel('Endpoint').selectOption('responses');
    await expect.poll(() => panel.getByLabel('Endpoint').inputValue()).toBe('responses');
    await streamSwitch.click();
    await expect.poll(() => streamSwitch.isChecked()).toBe(true);
    await ask(panel, 'Through Responses');
    await settled(lastAnswer(panel));
    expect(await lastAnswer(panel).innerText()).toContain('You said: "Through Responses"');
    expect(e2e.sims.gateway.requests.at(-1)!.path).toBe('/v1/responses');
  });

  test('every failure says what happened and keeps the partial text', async () => {
    const page = await openChat();
    const panel = await newConversation(page);

    e2e.sims.gateway.faults.add({ path: '/chat/completions', kind: 'reset', keep: 4, times: 1 });
    await ask(panel, 'Cut me off');
    await settled(lastAnswer(panel));
    let shown = await lastAnswer(panel).innerText();
    expect(shown).toContain('[gpt-4o-mini] You said:');
    expect(shown).toContain('The answer broke off part-way');
    expect(shown).toContain('was closed before the answer was complete');
    await lastAnswer(panel).getByRole('button', { name: 'Retry' }).click();
    await settled(lastAnswer(panel));
    expect(await lastAnswer(panel).innerText()).toContain('This is a simulated answer');

    e2e.sims.gateway.faults.add({ path: '/chat/completions', kind: 'truncate', keep: 4, times: 1 });
    await ask(panel, 'No ending');
    await settled(lastAnswer(panel));
    shown = await lastAnswer(panel).innerText();
    expect(shown).toContain('You said:');
    expect(shown).toContain('The stream ended before the model said it was done');

    e2e.sims.gateway.setStreamShape({ errorAfterDeltas: 2 });
    await ask(panel, 'Error inside');
    await settled(lastAnswer(panel));
    shown = await lastAnswer(panel).innerText();
    expect(shown).toContain('You said:');
    expect(shown).toContain('The answer broke off part-way');

    e2e.sims.gateway.setStreamShape({ text: '' });
    await askAndSettle(panel, 'Nothing');
    expect(await lastAnswer(panel).innerText()).toContain('The model finished without writing anything.');

    e2e.sims.gateway.setStreamShape({});
    e2e.sims.gateway.faults.add({ path: '/chat/completions', kind: 'status', status: 500, times: 1 });
    await ask(panel, 'Server trouble');
    await settled(lastAnswer(panel));
    expect(await lastAnswer(panel).innerText()).toContain('The answer failed');
    await lastAnswer(panel).getByRole('button', { name: 'Retry' }).click();
    await settled(lastAnswer(panel));
    expect(await lastAnswer(panel).innerText()).toContain('You said: "Server trouble"');

    e2e.sims.gateway.faults.add({ path: '/chat/completions', kind: 'status', status: 429, retryAfterSeconds: 600, times: 1 });
    await ask(panel, 'Too fast');
    await settled(lastAnswer(panel));
    shown = await lastAnswer(panel).innerText();
    expect(shown).toContain("This connection's tier allows 600 requests a minute.");
    expect(shown).toMatch(/Retry in (600|599|598) s/);

    await panel.getByRole('button', { name: 'Call log', exact: true }).click();
    const log = page.getByRole('region', { name: 'Call log' });
    await expect.poll(() => log.innerText()).toContain('Finished');
    // A new filter keeps the rows until its answer replaces them: the log never says it is empty meanwhile.
    await log.evaluate((region) => {
      const seen = { empty: false };
      Object.assign(window, { callLogSeen: seen });
      new MutationObserver(() => (seen.empty ||= (region as HTMLElement).innerText.includes('No calls recorded yet'))).observe(region, { childList: true, subtree: true, characterData: true });
    });
    await log.getByLabel('Failures only').check();
    await expect.poll(() => log.innerText()).not.toContain('Finished');
    expect(await page.evaluate(() => (window as unknown as { callLogSeen: { empty: boolean } }).callLogSeen.empty)).toBe(false);
    const failures = await log.innerText();
    // In words, not codes.
    for (const outcome of ['Server error', 'Rate limited (429)', 'Ended without a finish reason', 'Empty answer']) expect(failures).toContain(outcome);
    expect(failures).not.toMatch(/server_error|rate_limited|no_finish_reason/);
    expect(failures).toMatch(/\/chat\/completions\s+gpt-4o-mini\s+429\s+Rate limited \(429\)/);
  });

  test('403 names the model and lists the allowed ones; 401 points to Settings', async () => {
    let page = await openChat(e2e.sims.gateway.keys.limited);
    let panel: Locator;
    const id = await startConversation(page);
    // A model the key's list does not offer, as a conversation from before a whitelist change would have.
    app!.services.chat.updateConversation(id, { model: 'gpt-4.1' });
    await page.reload();
    panel = page.getByRole('tabpanel');
    await ask(panel, 'Use the big model');
    await settled(lastAnswer(panel));
    expect(await lastAnswer(panel).innerText()).toContain('This key may not use gpt-4.1. Models it may use: gpt-4o-mini.');
    await app!.close({ removeData: true });

    page = await openChat(e2e.sims.gateway.addKey({ expired: true }));
    const expiredId = await startConversation(page);
    app!.services.chat.updateConversation(expiredId, { model: 'gpt-4o-mini' });
    await page.reload();
    panel = page.getByRole('tabpanel');
    await ask(panel, 'Who am I');
    await settled(lastAnswer(panel));
    await lastAnswer(panel).getByRole('button', { name: 'Open Settings' }).click();
    expect(await page.getByRole('tab', { selected: true }).innerText()).toBe('Settings');
  });

  test('embeddings: dimensions and the cosine similarity of two texts', async () => {
    const page = await openChat();
    await page.getByRole('tabpanel').getByRole('button', { name: 'Embeddings', exact: true }).click();
    const panel = page.getByRole('region', { name: 'Embeddings' });
    const model = panel.getByLabel('Embedding model');
    await expect.poll(() => model.locator('option').count(), { timeout: 10_000 }).toBeGreaterThan(1);
    await model.selectOption('text-embedding-3-small');
    await panel.getByLabel('First text', { exact: true }).fill('block 10.0.0.8');
    await panel.getByLabel(/^Second text/).fill('block 10.0.0.8');
    await panel.getByRole('button', { name: 'Embed' }).click();
    await expect.poll(() => panel.getByRole('status').innerText()).toBe('2 vectors of 1,536 dimensions. Cosine similarity: 1.0000');
  });

  test('hostile model output renders as text, runs nothing, fetches nothing; links open only after confirmation', async () => {
    const page = await openChat();
    const panel = await newConversation(page);
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    e2e.sims.gateway.setStreamShape({
      text: [
        '<script>window.__pwned = 1</script>',
        '<img src="https://tracker.example/pixel.png" onerror="window.__pwned = 2">',
        '[click me](javascript:window.__pwned=3)',
        '![remote](https://tracker.example/remote.png)',
        '[docs](https://docs.example/page?q=1)',
        '```js\nconst answer = 42;\n```',
      ].join('\n\n'),
    });
    await ask(panel, 'Be hostile');
    await settled(lastAnswer(panel));
    const answer = lastAnswer(panel);
    const text = await answer.innerText();
    expect(text).toContain('<script>window.__pwned = 1</script>');
    expect(text).toContain('<img src="https://tracker.example/pixel.png"');
    expect(text).toContain('[image not loaded: remote https://tracker.example/remote.png]');
    expect(await answer.locator('script, img, iframe').count()).toBe(0);
    expect(await answer.locator('pre code .hljs-keyword').first().innerText()).toBe('const');

    await answer.getByText('click me').click();
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();

    await answer.getByRole('link', { name: 'docs' }).click();
    const confirm = page.getByRole('dialog', { name: 'Open this link?' });
    expect(await confirm.innerText()).toContain('https://docs.example/page?q=1');
    expect(app!.platform.openedUrls).toEqual([]);
    await confirm.getByRole('button', { name: 'Open in browser' }).click();
    await expect.poll(() => app!.platform.openedUrls).toEqual(['https://docs.example/page?q=1']);
    expect(dialogs).toEqual([]);
    expect(requests.filter((url) => url.includes('example'))).toEqual([]);
  });
});
