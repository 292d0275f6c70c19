// A long conversation through the real services and a real SQLite file: opening it reads only its
// last messages and its totals, the rest comes a page at a time, Find looks through every message,
// and an answer still gets the whole conversation.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { latestMessagesShown } from '../../../src-shared/contract/gateway.ts';
import type { AppServices } from '../../../src-main/core/app-services.ts';
import { startSimulators, type Simulators } from '../../sim/index.ts';
import { gatewayProfile } from '../../support/gateway-profile.ts';
import { fillLongConversation, longConversationText } from '../../support/long-conversation.ts';
import { openTestServices, type TestServices } from '../../support/test-services.ts';

const count = 2_001;
let sims: Simulators;
let opened: TestServices;
let services: AppServices;

beforeAll(async () => {
  sims = await startSimulators({ alertCount: 0 });
  opened = await openTestServices();
  services = opened.services;
  fillLongConversation(services.db, { id: 'long', count });
});

afterAll(async () => {
  await opened.dispose();
  await sims.close();
});

describe('a conversation of 2,001 messages', () => {
  test('opens with its last messages, its count and its usage summed by SQL', () => {
    const conversation = services.chat.conversation('long');
    expect(conversation.messageCount).toBe(count);
    expect(conversation.latestMessages).toHaveLength(latestMessagesShown);
    expect(conversation.latestMessages[0]!.content).toBe(longConversationText(count - latestMessagesShown));
    expect(conversation.latestMessages.at(-1)!.content).toBe(longConversationText(count - 1));

    let completionTokens = 0;
    let promptTokens = 0;
    for (let position = 1; position < count; position += 2) {
      promptTokens += position * 30;
      completionTokens += Math.ceil(longConversationText(position).length / 4);
    }
    expect(conversation.usage).toEqual({ promptTokens, completionTokens, totalTokens: promptTokens + completionTokens });
  });

  test('is read a page at a time, from any message, in order', () => {
    expect(services.chat.messages('long', 0, 3).map((message) => message.content)).toEqual([0, 1, 2].map(longConversationText));
    const middle = services.chat.messages('long', 1_000, 50);
    expect(middle.map((message) => message.content)).toEqual(Array.from({ length: 50 }, (_, index) => longConversationText(1_000 + index)));
    expect(middle[1]!.usage?.completionTokens).toBeGreaterThan(0);
    expect(services.chat.messages('long', count - 2, 50)).toHaveLength(2);
    expect(() => services.chat.messages('gone', 0, 10)).toThrow();
  });

  test('Find names every message that has the text, read or not, ignoring case; LIKE wildcards are plain text', () => {
    expect(services.chat.findInConversation('long', 'question 7:').indexes).toEqual([14]);
    const withTables = Array.from({ length: count }, (_, index) => index).filter((index) => longConversationText(index).includes('| 3389 |'));
    expect(withTables).toHaveLength(333);
    expect(services.chat.findInConversation('long', '| 3389 |').indexes).toEqual(withTables);
    expect(services.chat.findInConversation('long', '100%_done').indexes).toEqual([]);
    expect(services.chat.findInConversation('long', 'Answer 999.').indexes).toEqual([1_999]);
  });

  test('an answer in it is asked with the whole conversation, and the conversation then counts it', async () => {
    const profile = await services.profiles.save(gatewayProfile({ name: 'Gateway', baseUrl: sims.gateway.url, apiKey: sims.gateway.keys.demo, caPem: sims.ca.certPem }));
    services.chat.updateConversation('long', { profileId: profile.id, model: 'gpt-4o-mini' });
    const before = services.chat.conversation('long').usage.totalTokens;
    const ended = new Promise<void>((resolve) => services.chat.onAnswerEnded(() => resolve()));
    const started = services.chat.send('long', 'And now?', randomUUID());
    expect(started.messageCount).toBe(count + 2);
    expect(started.latestMessages.at(-1)!.outcome).toBe('streaming');
    await ended;
    const sent = JSON.parse(sims.gateway.chatBodies.at(-1)!) as { messages: { content: string }[] };
    expect(sent.messages).toHaveLength(count + 1);
    expect(sent.messages[0]!.content).toBe(longConversationText(0));
    const after = services.chat.conversation('long');
    const answer = after.latestMessages.at(-1)!;
    expect(answer.outcome).toBe('finished');
    expect(answer.usage!.totalTokens).toBeGreaterThan(0);
    expect(after.usage.totalTokens).toBe(before + answer.usage!.totalTokens);
  });
});
