// The activity log's other sources, against the simulators over real HTTPS through the real router:
// model requests (chat, images, transcription), exports to files, and a webhook registration.
import { randomUUID } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { AppServices } from '../../../src-main/core/app-services.ts';
import type { ActivityEntry, IpcResult, OpsDeskApi } from '../../../src-shared/contract/index.ts';
import { simulatedTranscript } from '../../sim/gateway-content.ts';
import { SUPPORT_SCOPES, startSimulators, type Simulators } from '../../sim/index.ts';
import { bridgeInProcess } from '../../support/bridge-in-process.ts';
import { gatewayProfile } from '../../support/gateway-profile.ts';
import { RecordingPlatform } from '../../support/recording-platform.ts';
import { openTestServices } from '../../support/test-services.ts';

let sims: Simulators;
let services: AppServices;
let api: OpsDeskApi;
let dataDir: string;
let dispose: () => Promise<void>;
let gatewayId: string;
const platform = new RecordingPlatform();

beforeAll(async () => {
  sims = await startSimulators({ alertCount: 5 });
  ({ services, dataDir, dispose } = await openTestServices({ platform }));
  api = bridgeInProcess(services);
  gatewayId = (await services.profiles.save(gatewayProfile({ name: 'Gateway', baseUrl: sims.gateway.url, apiKey: sims.gateway.keys.demo, caPem: sims.ca.certPem }))).id;
});
afterAll(async () => {
  await dispose();
  await sims.close();
});

function ok<T>(result: IpcResult<T>): T {
  if (!result.ok) throw new Error(`call failed: ${result.error.code} ${result.error.message}`);
  return result.data;
}

const newest = async (): Promise<ActivityEntry> => ok(await api.activity.list({ filter: {}, limit: 1 })).rows[0]!;

describe('model requests', () => {
  test('a chat question is recorded against its conversation, never with its text', async () => {
    const conversation = services.chat.updateConversation(services.chat.createConversation(gatewayId).id, { model: 'gpt-4o-mini' });
    const ended = new Promise<void>((resolve) => {
      const listener = services.chat.onAnswerEnded((answer) => {
        if (answer.conversationId !== conversation.id) return;
        listener.dispose();
        resolve();
      });
    });
    services.chat.send(conversation.id, 'Is 203.0.113.9 the customer Jane Roe?', randomUUID());
    await ended;
    const entry = await newest();
    expect(entry).toMatchObject({ backEnd: 'gateway', action: { code: 'askModel' }, target: { kind: 'conversation', id: conversation.id }, outcome: 'sent', profileId: gatewayId });
    expect(JSON.stringify(entry)).not.toContain('Jane Roe');
  });

  test('an image request and a transcription are recorded; a refused one with its code', async () => {
    ok(await api.gateway.generateImages({ profileId: gatewayId, model: 'gpt-image-1', prompt: 'a red firewall', size: '320x200', n: 1 }));
    expect(await newest()).toMatchObject({ action: { code: 'generateImages' }, target: { kind: 'image', label: 'gpt-image-1' }, outcome: 'sent' });

    const audio = path.join(dataDir, 'call-recording.wav');
    const bytes = Buffer.concat([Buffer.from('RIFF\0\0\0\0WAVEfmt '), Buffer.alloc(2048, 7)]);
    await writeFile(audio, bytes);
    platform.openPath = audio;
    const chosen = ok(await api.gateway.chooseAudioFile());
    const transcribed = await api.gateway.transcribe({ profileId: gatewayId, model: 'whisper-1', fileId: chosen!.fileId, taskId: randomUUID() });
    expect(transcribed.ok && transcribed.data.text).toBe(simulatedTranscript('call-recording.wav', bytes));
    expect(await newest()).toMatchObject({ action: { code: 'transcribe' }, target: { kind: 'transcription', label: 'call-recording.wav' }, outcome: 'sent' });
    await rm(audio);

    sims.gateway.faults.add({ method: 'POST', path: '/images/generations', kind: 'status', status: 400, times: 1 });
    const refused = await api.gateway.generateImages({ profileId: gatewayId, model: 'gpt-image-1', prompt: 'x', size: '320x200', n: 1 });
    expect(refused.ok).toBe(false);
    const entry = await newest();
    expect(entry).toMatchObject({ action: { code: 'generateImages' }, outcome: 'failed', errorCode: refused.ok ? '' : refused.error.code });
    expect(entry.requestId).toMatch(/^req_/);
  });
});

describe('exports and registrations', () => {
  test('a Markdown export and an alert CSV export are recorded by file name; a closed save dialog records nothing', async () => {
    const conversation = services.chat.createConversation(gatewayId);
    platform.savePath = null;
    const before = ok(await api.activity.list({ filter: {} })).total;
    ok(await api.gateway.exportMarkdown({ id: conversation.id }));
    expect(ok(await api.activity.list({ filter: {} })).total).toBe(before);

    platform.savePath = path.join(dataDir, 'conversation.md');
    ok(await api.gateway.exportMarkdown({ id: conversation.id }));
    expect(await newest()).toMatchObject({ backEnd: 'local', action: { code: 'exportConversationMarkdown' }, target: { kind: 'conversation', id: conversation.id, label: 'conversation.md' }, outcome: 'sent' });

    const firewallId = (
      await services.profiles.save({
        service: 'firewall',
        name: 'Firewall',
        baseUrl: sims.firewall.url,
        apiKey: sims.firewall.keys.readOnly,
        trust: { mode: 'ca-only', caPem: sims.ca.certPem },
        settings: { rateLimit: { requests: 10_000, windowSeconds: 60 } },
      })
    ).id;
    platform.savePath = path.join(dataDir, 'alerts.csv');
    ok(await api.firewall.exportAlerts({ profileId: firewallId, taskId: randomUUID(), filter: {} }));
    expect(await newest()).toMatchObject({ profileId: firewallId, action: { code: 'exportAlertsCsv' }, target: { kind: 'alerts', label: 'alerts.csv' }, outcome: 'sent' });
  });

  test('a support webhook registration is recorded with the id the site gave it and its request id', async () => {
    const supportId = (
      await services.profiles.save({
        service: 'support',
        name: 'Help desk',
        baseUrl: sims.support.url,
        apiKey: sims.support.addKey({ site: 'site-main', scopes: [...SUPPORT_SCOPES], ratePerMinute: 100_000 }),
        trust: { mode: 'ca-only', caPem: sims.ca.certPem },
        settings: { site: 'site-main', ratePerMinute: 10_000 },
      })
    ).id;
    const registered = ok(await api.supportWebhooks.register({ profileId: supportId, url: 'https://203.0.113.5:8443/hooks/support' }));
    const entry = await newest();
    expect(entry).toMatchObject({ backEnd: 'support', action: { code: 'registerWebhook' }, target: { kind: 'webhook', id: registered.id, label: 'https://203.0.113.5:8443/hooks/support' }, outcome: 'sent' });
    expect(entry.requestId).toMatch(/^req_/);
    expect(JSON.stringify(entry)).not.toContain(registered.secret);
  });
});
