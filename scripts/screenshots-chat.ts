// The chat workspace's states for npm run screenshots: an answer with reasoning, Markdown and
// code beside the conversation list; an answer cut off part-way with its error; the call log; the
// images panel with generated images; the transcription panel with a transcript.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import type { TFunction } from 'i18next';
import type { Simulators } from '../test/sim/index.ts';
import type { RecordingPlatform } from '../test/support/recording-platform.ts';

const markdownAnswer = [
  'The alert is a **port scan** from `203.0.113.7`. Suggested steps:',
  '',
  '1. Check the block list for the source.',
  '2. Block it for an hour:',
  '',
  '```bash',
  'curl -X POST "$FW/blocklist" -d \'{"ip": "203.0.113.7", "duration": 3600}\'',
  '```',
  '',
  '| field | value |',
  '|---|---|',
  '| severity | high |',
  '| action | detected |',
  '',
  'See [the runbook](https://runbooks.example/port-scan).',
].join('\n');

export async function captureChat(
  page: Page,
  platform: RecordingPlatform,
  sims: Simulators,
  t: TFunction,
  name: (state: string) => string,
  capture: (page: Page, name: string) => Promise<void>,
) {
  const list = page.getByRole('tabpanel', { name: t('views.chat.title') });
  await list.getByRole('button', { name: t('chat.list.new') }).click();
  const panel = page.getByRole('tabpanel');
  const picker = panel.getByLabel(t('chat.settings.model'), { exact: true });
  await panel.locator('select:enabled').nth(1).waitFor({ timeout: 15_000 });
  await picker.selectOption('gpt-4o-mini');
  const composer = panel.getByRole('textbox', { name: t('chat.composer.label'), exact: true });
  const answered = () => panel.locator('article[aria-busy="false"]').last().waitFor({ timeout: 15_000 });

  sims.gateway.setStreamShape({ reasoning: 'The signature and the source suggest a scan; check the block list first.', text: markdownAnswer });
  await composer.fill('What is alert 42 about, and what should I do?');
  await composer.press('Enter');
  await answered();
  await panel.getByText(t('chat.answer.reasoning')).click();
  await capture(page, name('conversation'));

  sims.gateway.setStreamShape({});
  sims.gateway.faults.add({ path: '/chat/completions', kind: 'reset', keep: 5, times: 1 });
  await composer.fill('And the other alerts from that source?');
  await composer.press('Enter');
  await panel.getByText(t('chat.answer.failedPartWay')).waitFor({ timeout: 15_000 });
  await panel.getByRole('article').last().scrollIntoViewIfNeeded();
  await capture(page, name('conversation-failure'));

  // Images, transcription, embeddings and the call log are shown beside the list, one at a time.
  const showTool = (tool: string) => list.getByRole('button', { name: tool, exact: true }).click();
  await showTool(t('chat.tools.callLog'));
  await list.getByRole('region', { name: t('chat.callLog.title') }).getByRole('table').waitFor({ timeout: 15_000 });
  await capture(page, name('chat-call-log'));

  await showTool(t('chat.tools.images'));
  const images = list.getByRole('region', { name: t('chat.images.title') });
  await images.getByLabel(t('chat.images.model')).selectOption('gpt-image-1');
  await images.getByLabel(t('chat.images.prompt')).fill('A firewall guarding a data centre, flat illustration');
  await images.getByLabel(t('chat.images.size')).fill('256x160');
  await images.getByRole('combobox', { name: t('chat.images.count'), exact: true }).selectOption('2');
  await images.getByRole('button', { name: t('chat.images.generate') }).click();
  await images.getByRole('img').nth(1).waitFor({ timeout: 15_000 });
  await images.scrollIntoViewIfNeeded();
  await capture(page, name('chat-images'));

  await showTool(t('chat.tools.transcription'));
  const transcription = list.getByRole('region', { name: t('chat.transcription.title') });
  const scratch = await mkdtemp(path.join(tmpdir(), 'opsdesk-screenshot-audio-'));
  try {
    platform.openPath = path.join(scratch, 'incident-call.wav');
    await writeFile(platform.openPath, Buffer.concat([Buffer.from('RIFF\0\0\0\0WAVEfmt '), Buffer.alloc(2_400_000, 1)]));
    await transcription.getByLabel(t('chat.transcription.model')).selectOption('whisper-1');
    await transcription.getByRole('button', { name: t('chat.transcription.choose') }).click();
    await transcription.getByRole('button', { name: t('chat.transcription.transcribe') }).click();
    await transcription.getByRole('region').waitFor({ timeout: 15_000 });
    await transcription.scrollIntoViewIfNeeded();
    await capture(page, name('chat-transcription'));
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}
