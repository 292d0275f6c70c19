// Answers as OpenAI-compatible relays really send them, in both simulator dialects: a 200 whose body
// is only an error, a wrong key refused inside the stream, a stream that stays open after its
// finish, and `input` as the document types it.
import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import type { ChatMessage } from '../../../src-shared/contract/gateway.ts';
import type { AppServices } from '../../../src-main/core/app-services.ts';
import { startSimulators, type Simulators } from '../../sim/index.ts';
import type { SimDialect } from '../../sim/sim-server.ts';
import { captureLog } from '../http/fixtures.ts';
import { openTestServices } from '../../support/test-services.ts';
import { gatewayProfile } from '../../support/gateway-profile.ts';

let sims: Simulators;
let dataDir: string;
let services: AppServices;
const log = captureLog();

beforeAll(async () => {
  sims = await startSimulators({ alertCount: 0 });
  ({ services, dataDir } = await openTestServices({ logger: log.logger }));
});

afterEach(() => {
  sims.gateway.setStreamShape({});
  sims.gateway.setDialect('opsdesk');
});

afterAll(async () => {
  await services.dispose();
  await sims.close();
  await rm(dataDir, { recursive: true, force: true });
  log.expectNoneOf(Object.values(sims.gateway.keys));
});

async function savedGatewayProfile(name: string, apiKey = sims.gateway.keys.demo): Promise<string> {
  return (await services.profiles.save(gatewayProfile({ name, baseUrl: sims.gateway.url, apiKey, caPem: sims.ca.certPem }))).id;
}

async function answer(profileId: string, text: string, settings: { stream?: boolean; endpoint?: 'chat' | 'responses' } = {}): Promise<ChatMessage> {
  const created = services.chat.createConversation(profileId);
  const conversation = services.chat.updateConversation(created.id, { model: 'gpt-4o-mini', ...settings });
  const ended = new Promise<ChatMessage>((resolve) => {
    const listener = services.chat.onAnswerEnded((event) => {
      if (event.conversationId !== conversation.id) return;
      listener.dispose();
      resolve(event.message);
    });
  });
  await services.chat.send(conversation.id, text, randomUUID());
  return ended;
}

const dialects: SimDialect[] = ['opsdesk', 'plain'];

describe.each(dialects)('gateway answers, %s dialect', (dialect) => {
  test('a 200 whose body is only an error object is that error, streamed or not, and the call log says failed', async () => {
    sims.gateway.setDialect(dialect);
    const profileId = await savedGatewayProfile(`Relay ${dialect}`);
    sims.gateway.setStreamShape({ errorBodyAt200: { message: 'You exceeded your current quota', type: 'insufficient_quota', code: 'insufficient_quota' } });
    for (const settings of [{ stream: true }, { stream: false }, { stream: true, endpoint: 'responses' as const }, { stream: false, endpoint: 'responses' as const }]) {
      const message = await answer(profileId, 'Anyone there?', settings);
      expect(message, JSON.stringify(settings)).toMatchObject({ outcome: 'failed', content: '', error: { service: 'gateway', status: 200, code: 'rate_limited' } });
      expect(message.error?.message).toContain('You exceeded your current quota');
    }
    const calls = services.chat.callLog({ failedOnly: true }).filter((call) => call.profileId === profileId);
    expect(calls.map((call) => call.outcome)).toEqual(['rate_limited', 'rate_limited', 'rate_limited', 'rate_limited']);
  });

  test('a wrong key refused inside the stream is unauthorized', async () => {
    sims.gateway.setDialect(dialect);
    sims.gateway.setStreamShape({ refusalsInStream: true });
    const wrongKey = await savedGatewayProfile(`Wrong key ${dialect}`, 'sk-sim-not-a-key');
    const message = await answer(wrongKey, 'Who am I', { stream: true });
    expect(message).toMatchObject({ outcome: 'failed', error: { service: 'gateway', status: 200, code: 'unauthorized' } });
  });

  test('a stream that sends its finish reason and usage but stays open is finished there', async () => {
    sims.gateway.setDialect(dialect);
    const profileId = await savedGatewayProfile(`Open stream ${dialect}`);
    sims.gateway.setStreamShape({ stayOpen: true, text: 'Done, and the line stays open.' });
    const started = Date.now();
    const chat = await answer(profileId, 'Finish', { stream: true });
    const responses = await answer(profileId, 'Finish', { stream: true, endpoint: 'responses' });
    expect(chat).toMatchObject({ outcome: 'finished', content: 'Done, and the line stays open.' });
    expect(chat.usage?.totalTokens).toBeGreaterThan(0);
    expect(responses.outcome).toBe('finished');
    // Far below the minute a stream may stay silent before it counts as timed out.
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  test('one text goes as a string, several as a list (embeddings and Responses)', async () => {
    sims.gateway.setDialect(dialect);
    const profileId = await savedGatewayProfile(`Input ${dialect}`);
    const one = await services.embeddings.embed(profileId, 'text-embedding-3-small', ['block 10.0.0.8']);
    expect(one.count).toBe(1);
    const two = await services.embeddings.embed(profileId, 'text-embedding-3-small', ['block 10.0.0.8', 'allow 10.0.0.9']);
    expect(two.count).toBe(2);
    expect((await answer(profileId, 'Only one message', { endpoint: 'responses', stream: false })).outcome).toBe('finished');
  });
});
