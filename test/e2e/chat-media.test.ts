// The gateway's images and transcription panels and the Markdown export in Chromium against the
// simulator, as a new user would use them; files are chosen and saved through the recording
// platform's dialogs, and what lands on disk is checked.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, test } from 'vitest';
import { SessionKeyStore } from '../../src-main/core/secrets/session-key-store.ts';
import { simulatedImage, simulatedTranscript } from '../sim/gateway-content.ts';
import type { AppUnderTest } from '../support/app-harness.ts';
import { setUpE2e } from '../support/e2e-setup.ts';

const e2e = setUpE2e({ simulators: { alertCount: 0 }, scratchPrefix: 'opsdesk-media-e2e-' });
const ipcLog: { channel: string; result: unknown }[] = [];

afterEach(() => {
  e2e.sims.gateway.setDialect('opsdesk');
});

/** Opens the Chat view, showing one of the gateway's other uses beside the list when named. */
async function openChat(tool?: 'Images' | 'Transcription'): Promise<{ page: Page; app: AppUnderTest }> {
  const app = await e2e.openApp({ keyStore: new SessionKeyStore('test'), ipcLog });
  await app.services.profiles.save({
    service: 'gateway',
    name: 'Simulated gateway',
    baseUrl: e2e.sims.gateway.url,
    apiKey: e2e.sims.gateway.keys.demo,
    trust: { mode: 'ca-only', caPem: e2e.sims.ca.certPem },
    settings: { rateTier: 600 },
  });
  await app.page.getByRole('tab', { name: 'Chat' }).click();
  if (tool) await app.page.getByRole('tabpanel').getByRole('button', { name: tool, exact: true }).click();
  return { page: app.page, app };
}

async function pickModel(page: Page, region: string, label: string, model: string) {
  const picker = page.getByRole('region', { name: region }).getByLabel(label);
  await expect.poll(() => picker.locator('option').count(), { timeout: 10_000 }).toBeGreaterThan(1);
  await picker.selectOption(model);
}

describe('gateway media panels', () => {
  test('images: a wrong size is refused in the form; generated images are shown and saved to the chosen file', async () => {
    const { page, app } = await openChat('Images');
    const panel = page.getByRole('region', { name: 'Images' });
    await pickModel(page, 'Images', 'Image model', 'gpt-image-1');
    await panel.getByLabel('Prompt').fill('a red firewall');
    const size = panel.getByLabel('Size (width x height)');
    await size.fill('big');
    await expect.poll(() => panel.innerText()).toContain('Enter the size as width x height in pixels, such as 1024x1024');
    expect(await panel.getByRole('button', { name: 'Generate' }).isDisabled()).toBe(true);
    await size.fill('20x20');
    await expect.poll(() => panel.innerText()).toContain('Width and height must each be between 64 and 4096 pixels');
    await size.fill('320x200');
    await panel.getByRole('combobox', { name: 'Images', exact: true }).selectOption('2');
    await panel.getByRole('button', { name: 'Generate' }).click();

    const shown = panel.getByRole('img', { name: /^Generated image/ });
    await expect.poll(() => shown.count(), { timeout: 15_000 }).toBe(2);
    // Really drawn, at the size asked, from a data URL the CSP allows.
    await expect.poll(() => shown.first().evaluate((image: HTMLImageElement) => [image.complete, image.naturalWidth, image.naturalHeight])).toEqual([true, 320, 200]);
    expect(await shown.first().getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    expect(await panel.innerText()).toContain('320 × 200 pixels');

    app.platform.savePath = path.join(e2e.scratch, 'generated.png');
    await panel.getByRole('button', { name: 'Save…' }).first().click();
    await expect.poll(() => panel.getByRole('status').first().innerText()).toBe(`Saved to ${app.platform.savePath}`);
    expect(await readFile(app.platform.savePath)).toEqual(simulatedImage('a red firewall', 320, 200));
  });

  test('images given as links are fetched by main and shown; the window itself makes no request', async () => {
    const { page } = await openChat();
    // The plain dialect's model list says nothing of what each model is for: the picker goes by the names.
    e2e.sims.gateway.setDialect('plain');
    await page.getByRole('tabpanel').getByRole('button', { name: 'Images', exact: true }).click();
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    const panel = page.getByRole('region', { name: 'Images' });
    await pickModel(page, 'Images', 'Image model', 'gpt-image-1');
    await panel.getByLabel('Prompt').fill('a blue switch');
    await panel.getByLabel('Size (width x height)').fill('128x128');
    await panel.getByRole('button', { name: 'Generate' }).click();
    await expect.poll(() => panel.innerText(), { timeout: 15_000 }).toContain('Fetched by OpsDesk from https://127.0.0.1:');
    expect(await panel.getByRole('img').evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(128);
    expect(requests.filter((url) => !url.startsWith('data:') && url.includes('127.0.0.1'))).toEqual([]);
  });

  test('transcription: a file chosen in the open dialog uploads with progress; the text is shown and copyable', async () => {
    const { page, app } = await openChat('Transcription');
    const panel = page.getByRole('region', { name: 'Transcription' });
    await pickModel(page, 'Transcription', 'Transcription model', 'whisper-1');
    // Large enough that the upload spans many frames even on a fast machine: a 3 MB one sometimes
    // finished between two renders, and the bar went from 0 straight to the transcript.
    const audio = Buffer.concat([Buffer.from('RIFF\0\0\0\0WAVEfmt '), Buffer.alloc(20_000_000, 3)]);
    app.platform.openPath = path.join(e2e.scratch, 'incident call.wav');
    await writeFile(app.platform.openPath, audio);
    await panel.getByRole('button', { name: 'Choose audio file…' }).click();
    await expect.poll(() => panel.innerText()).toContain('incident call.wav, 19.1 MB');

    // Progress is shown while the upload runs: record every value the bar takes.
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { __progress: string[] }).__progress = seen;
      new MutationObserver(() => {
        const bar = document.querySelector('[aria-label="Upload progress"]');
        if (bar) seen.push(String((bar as HTMLProgressElement).value));
      }).observe(document.body, { subtree: true, childList: true, attributes: true });
    });
    await panel.getByRole('button', { name: 'Transcribe' }).click();
    const transcript = panel.getByRole('region', { name: 'Transcript of incident call.wav' });
    await expect.poll(() => transcript.count(), { timeout: 15_000 }).toBe(1);
    expect(await transcript.innerText()).toContain(simulatedTranscript('incident call.wav', audio));
    const progress = await page.evaluate(() => (window as unknown as { __progress: string[] }).__progress.map(Number));
    expect(progress.some((value) => value > 0 && value < 100)).toBe(true);
    expect(progress).toContain(100);
    await transcript.getByRole('button', { name: 'Copy' }).click();
    await expect.poll(() => transcript.getByRole('button', { name: 'Copied' }).count()).toBe(1);
  });

  test('transcription: a file of another type says so, by name, and nothing is uploaded', async () => {
    const { page, app } = await openChat('Transcription');
    const panel = page.getByRole('region', { name: 'Transcription' });
    app.platform.openPath = path.join(e2e.scratch, 'notes.txt');
    await writeFile(app.platform.openPath, 'not audio');
    const before = e2e.sims.gateway.requests.filter((request) => request.path.endsWith('/audio/transcriptions')).length;
    await panel.getByRole('button', { name: 'Choose audio file…' }).click();
    await expect.poll(() => panel.getByRole('alert').innerText()).toContain('notes.txt is not an audio file the gateway accepts.');
    expect(await panel.getByRole('button', { name: 'Transcribe' }).isDisabled()).toBe(true);
    expect(e2e.sims.gateway.requests.filter((request) => request.path.endsWith('/audio/transcriptions')).length).toBe(before);
  });

  test('Export Markdown saves the conversation to the file picked in the save dialog', async () => {
    const { page, app } = await openChat();
    await page.getByRole('button', { name: 'New conversation' }).click();
    const panel = page.getByRole('tabpanel');
    const picker = panel.getByLabel('Model', { exact: true });
    await expect.poll(() => picker.isEnabled(), { timeout: 10_000 }).toBe(true);
    await picker.selectOption('gpt-4o-mini');
    await panel.getByLabel('Message', { exact: true }).fill('Summarise alert 42');
    await panel.getByRole('button', { name: 'Send' }).click();
    await expect.poll(() => panel.getByRole('article', { name: /^Answer from/ }).getAttribute('aria-busy'), { timeout: 15_000 }).toBe('false');

    app.platform.savePath = path.join(e2e.scratch, 'alert-42.md');
    await panel.getByRole('button', { name: 'Export Markdown…' }).click();
    await expect.poll(() => panel.getByRole('status').innerText()).toBe(`Saved to ${app.platform.savePath}`);
    expect(app.platform.saveDialogs.at(-1)).toMatchObject({ defaultName: 'Summarise alert 42.md' });
    const markdown = await readFile(app.platform.savePath, 'utf8');
    expect(markdown).toMatch(/^# Summarise alert 42\n/);
    expect(markdown).toContain('## User\n\nSummarise alert 42');
    expect(markdown).toContain('## Assistant (gpt-4o-mini)\n\n[gpt-4o-mini] You said: "Summarise alert 42".');
  });
});
