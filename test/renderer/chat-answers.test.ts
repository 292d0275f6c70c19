// A streamed answer through the window's data layer, under Node over the real router, services and
// the gateway simulator: its batches build the text in the chat's own store, and the stored answer
// takes the streaming one's place in the conversation's query, with the conversation read again
// for its usage; the stream goes only once the views were told the answer ended.
import { notifyManager, QueryObserver } from '@tanstack/react-query';
import { rm } from 'node:fs/promises';
import { afterAll, expect, test } from 'vitest';
import type { ChatMessage, Conversation } from '../../src-shared/contract/gateway.ts';
import { startSimulators } from '../sim/index.ts';
import { bridgeInProcess } from '../support/bridge-in-process.ts';
import { gatewayProfile } from '../support/gateway-profile.ts';
import { openTestServices } from '../support/test-services.ts';

const sims = await startSimulators({ alertCount: 0 });
const { services, dataDir } = await openTestServices();
const bridge = bridgeInProcess(services);
Object.assign(globalThis, { window: { opsdesk: bridge } });
const { createQueryClient } = await import('../../src-renderer/data/ipc-query.ts');
const { invalidations } = await import('../../src-renderer/data/invalidations.ts');
const { gatewayKeys } = await import('../../src-renderer/data/query-keys.ts');
const { followAnswers } = await import('../../src-renderer/features/chat/chat-data.ts');
const { useChatStore } = await import('../../src-renderer/features/chat/chat-store.ts');

afterAll(async () => {
  await services.dispose();
  await sims.close();
  await rm(dataDir, { recursive: true, force: true });
});

test('the batches stream into the store, and the stored answer with its usage into the conversation', async () => {
  const profile = await services.profiles.save(gatewayProfile({ name: 'Gateway', baseUrl: sims.gateway.url, apiKey: sims.gateway.keys.demo, caPem: sims.ca.certPem }));
  const { id } = services.chat.updateConversation(services.chat.createConversation(profile.id).id, { model: 'gpt-4o-mini' });
  const client = createQueryClient();
  // As the window does: the table from its start, the answers from the first conversation shown.
  invalidations(client, bridge);
  followAnswers();
  const view = new QueryObserver(client, { queryKey: gatewayKeys.conversation(id), queryFn: async () => services.chat.conversation(id) });
  // What the view was last told, as a component drawing it is: in the query layer's batches, as useQuery listens.
  let drawn: ChatMessage | undefined;
  const stopViewing = view.subscribe(notifyManager.batchCalls((result) => (drawn = result.data?.latestMessages.at(-1))));
  const shown = () => view.getCurrentResult().data?.latestMessages.at(-1);

  const text = 'A long answer, batch after batch, until the whole of it has arrived. '.repeat(20).trim();
  sims.gateway.setStreamShape({ text });
  const sent = await bridge.gateway.send({ conversationId: id, text: 'Which port?', taskId: crypto.randomUUID() });
  if (!sent.ok) throw new Error(sent.error.code);
  client.setQueryData<Conversation>(gatewayKeys.conversation(id), sent.data);
  const answerId = sent.data.latestMessages.at(-1)!.id;
  await expect.poll(() => useChatStore.getState().streams[answerId]?.content.length ?? 0).toBeGreaterThan(0);

  // Whenever the stream is gone, the view was already told of the stored answer.
  const streamGoneWhileStreaming: unknown[] = [];
  const stopWatching = useChatStore.subscribe((state) => {
    if (!state.streams[answerId] && drawn?.outcome === 'streaming') streamGoneWhileStreaming.push(drawn);
  });
  await expect.poll(() => shown()?.outcome, { timeout: 10_000 }).toBe('finished');
  expect(shown()?.content).toBe(text);
  await expect.poll(() => useChatStore.getState().streams[answerId]).toBeUndefined();
  expect(useChatStore.getState().endedAt[answerId]).toBeGreaterThan(0);
  await expect.poll(() => view.getCurrentResult().data?.usage.totalTokens ?? 0).toBeGreaterThan(0);
  expect(streamGoneWhileStreaming).toEqual([]);

  stopWatching();
  stopViewing();
  sims.gateway.setStreamShape({});
});
