// Regenerated answers and edited questions keep what they replace as earlier versions, each with
// its own usage; and a draft outlives the window. Real services, a real SQLite file, the simulator.
import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { AppServices } from '../../../src-main/core/app-services.ts';
import type { ChatMessage, Conversation } from '../../../src-shared/contract/gateway.ts';
import { startSimulators, type Simulators } from '../../sim/index.ts';
import { gatewayProfile } from '../../support/gateway-profile.ts';
import { openTestServices } from '../../support/test-services.ts';

let sims: Simulators;
let dataDir: string;
let services: AppServices;
let profileId: string;

beforeAll(async () => {
  sims = await startSimulators({ alertCount: 0 });
  ({ services, dataDir } = await openTestServices());
  profileId = (await services.profiles.save(gatewayProfile({ name: 'Gateway', baseUrl: sims.gateway.url, apiKey: sims.gateway.keys.demo, caPem: sims.ca.certPem }))).id;
});

afterAll(async () => {
  await services.dispose();
  await sims.close();
  await rm(dataDir, { recursive: true, force: true });
});

function ended(conversationId: string): Promise<ChatMessage> {
  return new Promise((resolve) => {
    const listener = services.chat.onAnswerEnded((answer) => {
      if (answer.conversationId !== conversationId) return;
      listener.dispose();
      resolve(answer.message);
    });
  });
}

async function answered(conversationId: string, start: () => Conversation): Promise<Conversation> {
  const done = ended(conversationId);
  start();
  await done;
  return services.chat.conversation(conversationId);
}

const shown = (conversation: Conversation) => conversation.latestMessages.map(({ role, content, versions }) => ({ role, content, versions }));

test('regenerate keeps the earlier answers, each with its usage; the versions are walked both ways and the newest is shown first', async () => {
  const { id } = services.chat.updateConversation(services.chat.createConversation(profileId).id, { model: 'gpt-4o-mini' });
  sims.gateway.setStreamShape({ text: 'First answer.' });
  let conversation = await answered(id, () => services.chat.send(id, 'Which port?', randomUUID()));
  const firstUsage = conversation.latestMessages[1]!.usage;
  expect(firstUsage?.totalTokens).toBeGreaterThan(0);
  sims.gateway.setStreamShape({ text: 'Second answer, a longer one with more tokens in it.' });
  await answered(id, () => services.chat.regenerate(id, randomUUID()));
  sims.gateway.setStreamShape({ text: 'Third.' });
  conversation = await answered(id, () => services.chat.regenerate(id, randomUUID()));
  sims.gateway.setStreamShape({});

  expect(shown(conversation)).toEqual([
    { role: 'user', content: 'Which port?', versions: undefined },
    { role: 'assistant', content: 'Third.', versions: { index: 3, count: 3 } },
  ]);
  const third = conversation.latestMessages[1]!;
  conversation = services.chat.showVersion(id, third.id, -1);
  expect(conversation.latestMessages[1]).toMatchObject({ content: 'Second answer, a longer one with more tokens in it.', versions: { index: 2, count: 3 } });
  const secondUsage = conversation.latestMessages[1]!.usage!;
  expect(secondUsage.completionTokens).toBeGreaterThan(firstUsage!.completionTokens);
  // The conversation's usage is that of the path on screen.
  expect(conversation.usage.completionTokens).toBe(secondUsage.completionTokens);
  conversation = services.chat.showVersion(id, conversation.latestMessages[1]!.id, -1);
  expect(conversation.latestMessages[1]).toMatchObject({ content: 'First answer.', usage: firstUsage, versions: { index: 1, count: 3 } });
  // No version before the first: nothing moves.
  expect(services.chat.showVersion(id, conversation.latestMessages[1]!.id, -1).latestMessages[1]!.content).toBe('First answer.');
  conversation = services.chat.showVersion(id, conversation.latestMessages[1]!.id, 1);
  conversation = services.chat.showVersion(id, conversation.latestMessages[1]!.id, 1);
  expect(conversation.latestMessages[1]).toMatchObject({ id: third.id, content: 'Third.', versions: { index: 3, count: 3 } });
});

test('editing a question keeps the earlier question with everything after it, and its own versions, reachable', async () => {
  const { id } = services.chat.updateConversation(services.chat.createConversation(profileId).id, { model: 'gpt-4o-mini' });
  await answered(id, () => services.chat.send(id, 'Block 10.0.0.8?', randomUUID()));
  await answered(id, () => services.chat.send(id, 'And 10.0.0.9?', randomUUID()));
  let conversation = await answered(id, () => services.chat.regenerate(id, randomUUID()));
  expect(conversation.latestMessages[3]!.versions).toEqual({ index: 2, count: 2 });

  const first = conversation.latestMessages[0]!;
  conversation = await answered(id, () => services.chat.editAndResend(id, first.id, 'Block 10.0.0.7?', randomUUID()));
  expect(shown(conversation).map(({ content }) => content)).toEqual(['Block 10.0.0.7?', expect.stringContaining('Block 10.0.0.7?')]);
  expect(conversation.latestMessages[0]!.versions).toEqual({ index: 2, count: 2 });
  expect(services.chat.conversations('10.0.0.9').map((found) => found.id)).toEqual([]);

  conversation = services.chat.showVersion(id, conversation.latestMessages[0]!.id, -1);
  expect(conversation.latestMessages.map(({ content }) => content.slice(0, 15))).toEqual(['Block 10.0.0.8?', expect.any(String), 'And 10.0.0.9?', expect.any(String)]);
  expect(conversation.latestMessages[0]!.versions).toEqual({ index: 1, count: 2 });
  expect(conversation.latestMessages[3]!.versions).toEqual({ index: 2, count: 2 });
  expect(services.chat.conversations('10.0.0.9').map((found) => found.id)).toEqual([id]);
});

test('a failed answer with no text is replaced by its retry, not kept as a version', async () => {
  const { id } = services.chat.updateConversation(services.chat.createConversation(profileId).id, { model: 'gpt-4o-mini' });
  sims.gateway.faults.add({ path: '/chat/completions', kind: 'status', status: 500, times: 1 });
  let conversation = await answered(id, () => services.chat.send(id, 'Server trouble', randomUUID()));
  expect(conversation.latestMessages[1]!.outcome).toBe('failed');
  conversation = await answered(id, () => services.chat.regenerate(id, randomUUID()));
  expect(conversation.latestMessages).toHaveLength(2);
  expect(conversation.latestMessages[1]!.outcome).toBe('finished');
  expect(conversation.latestMessages[1]!.versions).toBeUndefined();
});

test('a draft is kept until it is sent, and does not move the conversation up the list', async () => {
  const older = services.chat.updateConversation(services.chat.createConversation(profileId).id, { model: 'gpt-4o-mini' });
  const newer = services.chat.updateConversation(services.chat.createConversation(profileId).id, { model: 'gpt-4o-mini' });
  services.chat.saveDraft(older.id, 'Half a question');
  expect(services.chat.conversation(older.id).draft).toBe('Half a question');
  expect(services.chat.conversations().map((summary) => summary.id).indexOf(newer.id)).toBeLessThan(services.chat.conversations().map((summary) => summary.id).indexOf(older.id));
  await answered(older.id, () => services.chat.send(older.id, 'Half a question, finished', randomUUID()));
  expect(services.chat.conversation(older.id).draft).toBe('');
  expect(() => services.chat.saveDraft('no-such-conversation', 'x')).toThrow(/conversation/);
});
