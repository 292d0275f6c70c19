// Every streamed answer ends. A gateway that drips a delta every 200 ms is never idle, so no idle
// timeout stops it (gateway.md names no limit on an answer's length or time): the answer is cut at
// its deadline (the connection's, else five minutes for chat and two for the model at work), the
// text so far kept and the reason said; the model at work is also asked for at most
// TASK_MAX_TOKENS and cut at the text a cap that size allows. Time is a fake clock's.
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import type { DraftEnded } from '../../../src-shared/contract/drafting.ts';
import type { ChatMessage } from '../../../src-shared/contract/gateway.ts';
import { DEFAULT_ANSWER_DEADLINE_MS, TASK_MAX_TOKENS } from '../../../src-main/core/gateway/chat/answer-run.ts';
import { DELTA_BATCH_MS } from '../../../src-main/core/gateway/chat/answer-stream.ts';
import { defaultSentFields } from '../../../src-shared/contract/assistant.ts';
import { startSimulators, type Simulators } from '../../sim/index.ts';
import { FakeClock } from '../../support/fake-clock.ts';
import { gatewayProfile } from '../../support/gateway-profile.ts';
import { openTestServices, type TestServices } from '../../support/test-services.ts';

const clock = new FakeClock();
let sims: Simulators;
let opened: TestServices;

beforeAll(async () => {
  sims = await startSimulators({ alertCount: 0 });
  opened = await openTestServices({ clock });
});

afterEach(() => sims.gateway.setStreamShape({}));

afterAll(async () => {
  await opened.dispose();
  await sims.close();
});

async function savedGateway(name: string, answerMs?: number): Promise<string> {
  const profile = gatewayProfile({ name, baseUrl: sims.gateway.url, apiKey: sims.gateway.keys.demo, caPem: sims.ca.certPem });
  const timeouts = { connectMs: 5_000, headersMs: 5_000, bodyMs: 5_000, streamIdleMs: 5_000, ...(answerMs !== undefined && { answerMs }) };
  return (await opened.services.profiles.save({ ...profile, timeouts })).id;
}

/** Moves the clock a frame at a time until the answer's first words have reached the window. */
async function firstWordsArrive(arrived: () => boolean): Promise<void> {
  await expect
    .poll(async () => {
      await clock.advance(DELTA_BATCH_MS);
      return arrived();
    }, { timeout: 10_000 })
    .toBe(true);
}

/** Starts a chat answer on a dripping stream once its first words came; the ending, once it comes. */
async function drippingChat(profileId: string) {
  const { chat } = opened.services;
  const conversation = chat.updateConversation(chat.createConversation(profileId).id, { model: 'gpt-4o-mini' });
  let ended: ChatMessage | undefined;
  let words = '';
  const listening = [
    chat.onAnswerDelta((delta) => (words += delta.content)),
    chat.onAnswerEnded((event) => {
      if (event.conversationId === conversation.id) ended = event.message;
    }),
  ];
  sims.gateway.setStreamShape({ drip: true });
  chat.send(conversation.id, 'Tell me everything', randomUUID());
  await firstWordsArrive(() => words.includes('drip0'));
  return {
    ended: () => ended,
    async endedAfter(ms: number): Promise<ChatMessage> {
      await clock.advance(ms);
      await expect.poll(() => ended, { timeout: 10_000 }).toBeDefined();
      for (const listener of listening) listener.dispose();
      return ended!;
    },
  };
}

describe('an answer that drips and never ends', () => {
  test('in chat is cut at five minutes, its text so far kept and the reason said', async () => {
    const answer = await drippingChat(await savedGateway('Dripping chat'));
    await clock.advance(DEFAULT_ANSWER_DEADLINE_MS.chat - 1_000);
    expect(answer.ended()).toBeUndefined();
    const message = await answer.endedAfter(1_000);
    expect(message).toMatchObject({ outcome: 'failed', error: { code: 'timeout', params: { context: 'answer_deadline', seconds: 300 }, retryable: true } });
    expect(message.error?.message).toContain('was still sending the answer after 300 s');
    expect(message.content).toMatch(/^drip0 /);
    // Stored as it ended, the words kept.
    const conversationId = opened.services.chat.conversations()[0]!.id;
    expect(opened.services.chat.conversation(conversationId).latestMessages.at(-1)).toMatchObject({ outcome: 'failed', content: message.content });
    expect(opened.services.chat.callLog({ limit: 1 })[0]).toMatchObject({ outcome: 'timeout' });
  });

  test('ends at the longest answer its connection sets', async () => {
    const answer = await drippingChat(await savedGateway('Short answers', 30_000));
    const message = await answer.endedAfter(30_000);
    expect(message).toMatchObject({ outcome: 'failed', error: { code: 'timeout', params: { context: 'answer_deadline', seconds: 30 } } });
  });

  test('for the model at work is cut at two minutes: a call note keeps what came', async () => {
    const gatewayId = await savedGateway('Model at work');
    opened.services.assistantSettings.save({ profileId: gatewayId, model: 'gpt-4o-mini', triageTemplate: null, sentFields: [...defaultSentFields], bulkLimit: 20 });
    sims.gateway.setStreamShape({ drip: true });
    const taskId = randomUUID();
    let words = '';
    let ended: DraftEnded | undefined;
    const listening = [
      opened.services.drafting.onDraftDelta((delta) => (words += delta.taskId === taskId ? delta.content : '')),
      opened.services.drafting.onDraftEnded((event) => (ended = event.taskId === taskId ? event : ended)),
    ];
    opened.services.drafting.shortenCallNote('The caller could not log in after the update.', taskId);
    await firstWordsArrive(() => words.includes('drip0'));
    await clock.advance(DEFAULT_ANSWER_DEADLINE_MS.task);
    await expect.poll(() => ended, { timeout: 10_000 }).toBeDefined();
    for (const listener of listening) listener.dispose();
    expect(ended).toMatchObject({ outcome: 'failed', content: expect.stringMatching(/^drip0 /), error: { code: 'timeout', params: { context: 'answer_deadline', seconds: 120 } } });
  });
});

test('the model at work asks for at most its token cap and stops reading at the text that cap allows', async () => {
  const gatewayId = await savedGateway('Capped model at work');
  opened.services.assistantSettings.save({ profileId: gatewayId, model: 'gpt-4o-mini', triageTemplate: null, sentFields: [...defaultSentFields], bulkLimit: 20 });
  // A server that ignores max_tokens and writes on: 100,000 characters in 100 deltas.
  sims.gateway.setStreamShape({ text: 'x'.repeat(100_000), deltaChars: 1_000, deltaIntervalMs: 1 });
  const sent = sims.gateway.chatBodies.length;
  const taskId = randomUUID();
  const ending = new Promise<DraftEnded>((resolve) => {
    const listening = opened.services.drafting.onDraftEnded((event) => {
      if (event.taskId !== taskId) return;
      listening.dispose();
      resolve(event);
    });
  });
  opened.services.drafting.shortenCallNote('A long call.', taskId);
  const ended = await clock.run(ending);
  expect(JSON.parse(sims.gateway.chatBodies[sent]!)).toMatchObject({ max_tokens: TASK_MAX_TOKENS });
  expect(ended).toMatchObject({ outcome: 'failed', error: { code: 'response_too_large', params: { context: 'answer_cut', keptChars: TASK_MAX_TOKENS * 16 } } });
  expect(ended.content).toHaveLength(TASK_MAX_TOKENS * 16);
});
