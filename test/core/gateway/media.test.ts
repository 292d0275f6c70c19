// The images and transcription calls as the window makes them (the real router, its schemas and
// the services) against the gateway simulator over HTTPS: main checks what the form checked,
// fetches image links itself, and reads only the file the user chose.
import { randomUUID } from 'node:crypto';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import type { OpsDeskApi } from '../../../src-shared/contract/index.ts';
import type { UploadProgress } from '../../../src-shared/contract/gateway.ts';
import type { AppServices } from '../../../src-main/core/app-services.ts';
import { audioFileMaxBytes } from '../../../src-shared/gateway-media.ts';
import { simulatedImage, simulatedTranscript } from '../../sim/gateway-content.ts';
import { startSimulators, type Simulators } from '../../sim/index.ts';
import { bridgeInProcess } from '../../support/bridge-in-process.ts';
import { RecordingPlatform } from '../../support/recording-platform.ts';
import { captureLog } from '../http/fixtures.ts';
import { expectEach } from '../../support/expect-each.ts';
import { openTestServices } from '../../support/test-services.ts';

let sims: Simulators;
let dataDir: string;
let services: AppServices;
let opsdesk: OpsDeskApi;
let profileId: string;
const platform = new RecordingPlatform();
const log = captureLog();

beforeAll(async () => {
  sims = await startSimulators({ alertCount: 0 });
  ({ services, dataDir } = await openTestServices({ platform, logger: log.logger }));
  opsdesk = bridgeInProcess(services);
  const profile = await services.profiles.save({
    service: 'gateway',
    name: 'Media gateway',
    baseUrl: sims.gateway.url,
    apiKey: sims.gateway.keys.demo,
    trust: { mode: 'ca-only', caPem: sims.ca.certPem },
    settings: { rateTier: 600 },
  });
  profileId = profile.id;
});

afterEach(() => {
  sims.gateway.setDialect('opsdesk');
  sims.gateway.imageLinkBase = null;
  platform.savePath = null;
  platform.openPath = null;
});

afterAll(async () => {
  await services.dispose();
  await sims.close();
  await rm(dataDir, { recursive: true, force: true });
  log.expectNoneOf(Object.values(sims.gateway.keys));
});

const generate = (size: string, n = 1) => opsdesk.gateway.generateImages({ profileId, model: 'gpt-image-1', prompt: 'a red firewall', size, n });
const bytesOf = (dataUrl: string) => Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
const requestsFor = (fragment: string) => sims.gateway.requests.filter((request) => request.path.includes(fragment));

describe('images', () => {
  test.each([
    ['big', 'image_size_format'],
    ['1024 x 1024', 'image_size_format'],
    ['32x32', 'image_size_range'],
    ['1024x5000', 'image_size_range'],
  ])('main refuses the size %s before any request, naming the field', async (size, code) => {
    const before = requestsFor('/images/generations').length;
    const result = await generate(size);
    expect(result).toMatchObject({ ok: false, error: { code: 'bad_request', fieldErrors: [{ path: 'size', code }] } });
    expect(requestsFor('/images/generations').length).toBe(before);
  });

  test('a base64 image is shown as a PNG data URL of the asked size and saved, byte for byte, where the save dialog says', async () => {
    const result = await generate('320x200', 2);
    if (!result.ok) throw new Error(result.error.message);
    expect(result.data).toHaveLength(2);
    const [image] = result.data;
    expect(image).toMatchObject({ mimeType: 'image/png', width: 320, height: 200, sourceUrl: null, revisedPrompt: 'a red firewall' });
    expect(image!.dataUrl.startsWith('data:image/png;base64,')).toBe(true);
    expect(bytesOf(image!.dataUrl)).toEqual(simulatedImage('a red firewall', 320, 200));

    platform.savePath = path.join(dataDir, 'firewall.png');
    expect(await opsdesk.gateway.saveImage({ imageId: image!.id })).toEqual({ ok: true, data: { path: platform.savePath } });
    expect(platform.saveDialogs.at(-1)).toMatchObject({ title: 'Save image', filters: [{ extensions: ['png'] }] });
    expect(await readFile(platform.savePath)).toEqual(simulatedImage('a red firewall', 320, 200));

    platform.savePath = null;
    expect(await opsdesk.gateway.saveImage({ imageId: image!.id })).toEqual({ ok: true, data: { path: null } });
    expect(await opsdesk.gateway.saveImage({ imageId: 'no-such-image' })).toMatchObject({ ok: false, error: { code: 'not_found' } });
  });

  test('an image given as a link is fetched by main, through the profile, and the key goes only to the gateway itself', async () => {
    sims.gateway.setDialect('plain');
    const own = await generate('64x64');
    if (!own.ok) throw new Error(own.error.message);
    expect(own.data[0]!.sourceUrl).toMatch(/^https:\/\/127\.0\.0\.1:\d+\/v1\/generated\//);
    expect(bytesOf(own.data[0]!.dataUrl)).toEqual(simulatedImage('a red firewall', 64, 64));
    expect(requestsFor('/generated/').at(-1)!.headers.authorization).toBe('Bearer ***');

    // Another host (the same server under its other name, trusted by the same CA) gets no key.
    sims.gateway.imageLinkBase = sims.gateway.url.replace('127.0.0.1', 'localhost');
    const elsewhere = await generate('64x64');
    if (!elsewhere.ok) throw new Error(elsewhere.error.message);
    expect(elsewhere.data[0]!.sourceUrl).toMatch(/^https:\/\/localhost:/);
    expect(bytesOf(elsewhere.data[0]!.dataUrl)).toEqual(simulatedImage('a red firewall', 64, 64));
    expect(requestsFor('/generated/').at(-1)!.headers.authorization).toBeUndefined();
  });

  test('a link that is not https, or that is not an image, is refused and nothing is shown', async () => {
    sims.gateway.setDialect('plain');
    sims.gateway.imageLinkBase = sims.gateway.url.replace('https:', 'http:');
    const before = requestsFor('/generated/').length;
    expect(await generate('64x64')).toMatchObject({ ok: false, error: { code: 'malformed_response', service: 'gateway' } });
    expect(requestsFor('/generated/').length).toBe(before);

    sims.gateway.imageLinkBase = `${sims.gateway.url}/models?`;
    expect(await generate('64x64')).toMatchObject({ ok: false, error: { code: 'malformed_response' } });
  });

  test('each image call is a row of the call log', async () => {
    await generate('64x64');
    expect(services.chat.callLog({ limit: 1 })[0]).toMatchObject({ endpoint: '/images/generations', model: 'gpt-image-1', status: 200, outcome: 'ok' });
  });
});

describe('transcription', () => {
  const wav = (bytes: number) => Buffer.concat([Buffer.from('RIFF\0\0\0\0WAVEfmt '), Buffer.alloc(Math.max(0, bytes - 16), 7)]);

  test('a file chosen in the open dialog is uploaded as multipart with progress, and its text comes back', async () => {
    const file = path.join(dataDir, 'call.wav');
    const audio = wav(600_000);
    await writeFile(file, audio);
    platform.openPath = file;
    const chosen = await opsdesk.gateway.chooseAudioFile();
    expect(chosen).toMatchObject({ ok: true, data: { name: 'call.wav', sizeBytes: audio.length } });
    expect(platform.openDialogs.at(-1)!.filters[0]!.extensions).toContain('mp3');
    if (!chosen.ok || !chosen.data) throw new Error('not chosen');
    expect(JSON.stringify(chosen.data)).not.toContain(dataDir);

    const progress: UploadProgress[] = [];
    const stop = opsdesk.gateway.onUploadProgress((update) => progress.push(update));
    const taskId = randomUUID();
    const result = await opsdesk.gateway.transcribe({ profileId, model: 'whisper-1', fileId: chosen.data.fileId, taskId });
    stop();
    expect(result).toEqual({ ok: true, data: { text: simulatedTranscript('call.wav', audio), model: 'whisper-1', fileName: 'call.wav' } });
    // Several steps, in order, ending with every byte of the multipart body sent.
    expect(progress.length).toBeGreaterThan(5);
    expectEach(progress, (update) => update.taskId === taskId, 'belong to the transcription task');
    const sent = progress.map((update) => update.sentBytes);
    expect(sent).toEqual([...sent].sort((a, b) => a - b));
    expect(progress.at(-1)!.sentBytes).toBe(progress.at(-1)!.totalBytes);
    expect(progress.at(-1)!.totalBytes).toBeGreaterThan(audio.length);
    expect(requestsFor('/audio/transcriptions').at(-1)!.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
  });

  test('an upload under way stops when the window cancels its task: the call answers cancelled and no transcript comes', async () => {
    const file = path.join(dataDir, 'meeting.wav');
    await writeFile(file, wav(600_000));
    platform.openPath = file;
    const chosen = await opsdesk.gateway.chooseAudioFile();
    if (!chosen.ok || !chosen.data) throw new Error('not chosen');
    const taskId = randomUUID();
    const before = requestsFor('/audio/transcriptions').length;
    const stop = opsdesk.gateway.onUploadProgress((update) => {
      if (update.taskId === taskId) void opsdesk.app.cancel({ taskId });
    });
    const result = await opsdesk.gateway.transcribe({ profileId, model: 'whisper-1', fileId: chosen.data.fileId, taskId });
    stop();
    expect(result).toMatchObject({ ok: false, error: { code: 'cancelled' } });
    expect(requestsFor('/audio/transcriptions').length).toBe(before);
  });

  test('a file of another type is refused by name, before anything is sent', async () => {
    const notes = path.join(dataDir, 'notes.txt');
    await writeFile(notes, 'meeting notes');
    platform.openPath = notes;
    expect(await opsdesk.gateway.chooseAudioFile()).toMatchObject({
      ok: false,
      error: { code: 'bad_request', params: { context: 'audio_type', name: 'notes.txt' }, message: expect.stringContaining('notes.txt is not an audio file') },
    });
    // Renamed, it is still not audio.
    const renamed = path.join(dataDir, 'notes.mp3');
    await writeFile(renamed, 'meeting notes');
    platform.openPath = renamed;
    expect(await opsdesk.gateway.chooseAudioFile()).toMatchObject({ ok: false, error: { params: { context: 'audio_type', name: 'notes.mp3' } } });
  });

  test('a file over the limit is refused with its size and the limit', async () => {
    const large = path.join(dataDir, 'long.wav');
    await writeFile(large, wav(audioFileMaxBytes + 1));
    platform.openPath = large;
    expect(await opsdesk.gateway.chooseAudioFile()).toMatchObject({
      ok: false,
      error: { code: 'bad_request', params: { context: 'audio_too_large', megabytes: 26, limit: 25 }, message: 'long.wav is 26 MB; the gateway accepts at most 25 MB.' },
    });
  });

  test('cancelling the dialog chooses nothing; an id main did not give reads no file', async () => {
    platform.openPath = null;
    expect(await opsdesk.gateway.chooseAudioFile()).toEqual({ ok: true, data: null });
    expect(await opsdesk.gateway.transcribe({ profileId, model: 'whisper-1', fileId: '/etc/passwd', taskId: randomUUID() })).toMatchObject({
      ok: false,
      error: { code: 'not_found', params: { context: 'audio_gone' } },
    });
  });
});
