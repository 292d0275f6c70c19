// Conversations and answers through the real services, a real SQLite file and the gateway
// simulator over HTTPS: what a user would see of each way an answer can end.
import { randomUUID } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import type { AnswerDelta, ChatMessage, Conversation } from '../../../src-shared/contract/gateway.ts';
import type { AppServices } from '../../../src-main/core/app-services.ts';
import { RecordingPlatform } from '../../support/recording-platform.ts';
import { startSimulators, type Simulators } from '../../sim/index.ts';
import { captureLog } from '../http/fixtures.ts';
import { expectEach } from '../../support/expect-each.ts';
import { openTestServices } from '../../support/test-services.ts';
import { gatewayProfile } from '../../support/gateway-profile.ts';

let sims: Simulators;
let dataDir: string;
let services: AppServices;
let profileId: string;
const log = captureLog();
const platform = new RecordingPlatform();

beforeAll(async () => {
  sims = await startSimulators({ alertCount: 0 });
  ({ services, dataDir } = await openTestServices({ platform, logger: log.logger }));
  profileId = await savedGatewayProfile('Chat gateway', sims.gateway.keys.demo);
});

afterEach(() => {
  sims.gateway.setStreamShape({});
  sims.gateway.faults.clear();
});

afterAll(async () => {
  await services.dispose();
  await sims.close();
  await rm(dataDir, { recursive: true, force: true });
  log.expectNoneOf(Object.values(sims.gateway.keys));
});

async function savedGatewayProfile(name: string, apiKey: string): Promise<string> {
  return (await services.profiles.save(gatewayProfile({ name, baseUrl: sims.gateway.url, apiKey, caPem: sims.ca.certPem }))).id;
}

function conversationWith(model = 'gpt-4o-mini', owner = profileId): Conversation {
  const created = services.chat.createConversation(owner);
  return services.chat.updateConversation(created.id, { model });
}

/** The answer as stored once it ended, and the batches that carried its text. */
function nextAnswer(conversationId: string): Promise<{ message: ChatMessage; deltas: AnswerDelta[] }> {
  const deltas: AnswerDelta[] = [];
  return new Promise((resolve) => {
    const onDelta = services.chat.onAnswerDelta((delta) => {
      if (delta.conversationId === conversationId) deltas.push(delta);
    });
    const onEnded = services.chat.onAnswerEnded((ended) => {
      if (ended.conversationId !== conversationId) return;
      onDelta.dispose();
      onEnded.dispose();
      resolve({ message: ended.message, deltas });
    });
  });
}

async function ask(text: string, conversation = conversationWith()) {
  const answered = nextAnswer(conversation.id);
  const started = services.chat.send(conversation.id, text, randomUUID());
  return { started, conversation, ...(await answered) };
}

const joined = (deltas: AnswerDelta[]) => deltas.map((delta) => delta.content).join('');

describe('conversations', () => {
  test('are kept in SQLite with their settings and messages, and found by text', async () => {
    const conversation = conversationWith();
    services.chat.updateConversation(conversation.id, { systemPrompt: 'Answer briefly.', parameters: { temperature: 0.2, maxTokens: 200 } });
    const { message } = await ask('Where is the firewall log of host zebra-17?', conversation);
    expect(message.outcome).toBe('finished');

    const stored = services.chat.conversation(conversation.id);
    expect(stored).toMatchObject({ title: 'Where is the firewall log of host zebra-17?', systemPrompt: 'Answer briefly.', parameters: { temperature: 0.2, maxTokens: 200 } });
    expect(stored.latestMessages.map((m) => m.role)).toEqual(['user', 'assistant']);
    expect(stored.usage.totalTokens).toBeGreaterThan(0);

    expect(services.chat.conversations('ZEBRA-17').map((c) => c.id)).toEqual([conversation.id]);
    expect(services.chat.conversations('simulated answer').map((c) => c.id)).toContain(conversation.id);
    expect(services.chat.conversations('no such words anywhere')).toEqual([]);
    expect(services.chat.conversations('100%_')).toEqual([]);
  });

  test('exports as Markdown, through the save dialog, with each turn under its heading', async () => {
    const { conversation } = await ask('Export me: a/b?');
    platform.savePath = path.join(dataDir, 'exported.md');
    expect(await services.chat.exportMarkdown(conversation.id)).toEqual({ path: platform.savePath });
    expect(platform.saveDialogs.at(-1)).toMatchObject({ defaultName: 'Export me a b.md', filters: [{ extensions: ['md'] }] });
    const markdown = await readFile(platform.savePath, 'utf8');
    expect(markdown).toMatch(/^# Export me: a\/b\?\n/);
    expect(markdown).toContain('## User\n\nExport me: a/b?');
    expect(markdown).toContain('## Assistant (gpt-4o-mini)');
    expect(markdown).toContain('You said: "Export me: a/b?"');

    platform.savePath = null;
    expect(await services.chat.exportMarkdown(conversation.id)).toEqual({ path: null });
  });

  test('lists only the models the key may use', async () => {
    const limited = await savedGatewayProfile('Limited gateway', sims.gateway.keys.limited);
    expect((await services.chat.models(limited)).map((model) => model.id)).toEqual(['gpt-4o-mini']);
  });
});

describe('answers', () => {
  test('stream in numbered batches that add up to the stored answer', async () => {
    sims.gateway.setStreamShape({ text: 'x'.repeat(400), deltaChars: 4, deltaIntervalMs: 1 });
    const { message, deltas } = await ask('Stream please');
    expect(message).toMatchObject({ outcome: 'finished', content: 'x'.repeat(400) });
    expect(deltas.map((delta) => delta.seq)).toEqual(deltas.map((_, index) => index));
    expect(joined(deltas)).toBe(message.content);
    // 100 chunks a millisecond apart arrive in far fewer batches.
    expect(deltas.length).toBeLessThan(60);
  });

  test('every stream variant a real server sends reads the same', async () => {
    for (const shape of [{ keepAlive: true }, { crlf: true }, { usageWithNullChoices: true }, { noDone: true }, { keepAlive: true, crlf: true }]) {
      sims.gateway.setStreamShape({ ...shape, text: 'All four lines arrived.' });
      const { message } = await ask('Variant');
      expect({ shape, outcome: message.outcome, content: message.content }).toEqual({ shape, outcome: 'finished', content: 'All four lines arrived.' });
      expect(message.usage?.totalTokens).toBeGreaterThan(0);
    }
  });

  test('reasoning arrives apart from the answer', async () => {
    sims.gateway.setStreamShape({ reasoning: 'First I look at the log.', text: 'The answer.' });
    const { message } = await ask('Think');
    expect(message).toMatchObject({ outcome: 'finished', reasoning: 'First I look at the log.', content: 'The answer.' });
  });

  test('without streaming, the whole answer comes at once', async () => {
    const conversation = services.chat.updateConversation(conversationWith().id, { stream: false });
    const { message } = await ask('No stream', conversation);
    expect(message.outcome).toBe('finished');
    expect(message.content).toContain('You said: "No stream"');
    expect(sims.gateway.requests.at(-1)!.headers['accept']).not.toContain('event-stream');
  });

  test('the Responses endpoint, streamed and not', async () => {
    for (const stream of [true, false]) {
      const conversation = services.chat.updateConversation(conversationWith().id, { endpoint: 'responses', stream });
      const { message } = await ask('Via responses', conversation);
      expect(message.outcome).toBe('finished');
      expect(message.content).toContain('You said: "Via responses"');
      expect(message.usage?.totalTokens).toBeGreaterThan(0);
      expect(sims.gateway.requests.at(-1)!.path).toBe('/v1/responses');
    }
  });

  test('max_tokens cutting the answer says so', async () => {
    const conversation = services.chat.updateConversation(conversationWith().id, { parameters: { maxTokens: 3 } });
    const { message } = await ask('A long question that needs a long answer', conversation);
    expect(message.outcome).toBe('length');
  });

  test('Stop aborts the upstream request and keeps the text so far', async () => {
    sims.gateway.setStreamShape({ text: 'word '.repeat(200), deltaChars: 5, deltaIntervalMs: 5 });
    const conversation = conversationWith();
    const answered = nextAnswer(conversation.id);
    const firstDelta = new Promise<void>((resolve) => {
      const subscription = services.chat.onAnswerDelta(() => {
        subscription.dispose();
        resolve();
      });
    });
    const taskId = randomUUID();
    const started = services.chat.send(conversation.id, 'Go on and on', taskId);
    expect(started.latestMessages.at(-1)!.id).toBe(taskId);
    await firstDelta;
    services.tasks.cancel(taskId);
    const { message } = await answered;
    expect(message.outcome).toBe('stopped');
    expect(message.content.length).toBeGreaterThan(0);
    expect(message.content.length).toBeLessThan(1000);
  });

  test("Regenerate puts a new answer in the last one's place; Edit and resend shows the edited question with nothing of what followed the old one", async () => {
    const { conversation } = await ask('First question');
    const regenerated = nextAnswer(conversation.id);
    const afterRegenerate = services.chat.regenerate(conversation.id, randomUUID());
    expect(afterRegenerate.latestMessages.map((m) => m.outcome ?? m.role)).toEqual(['user', 'streaming']);
    expect((await regenerated).message.outcome).toBe('finished');

    const second = await ask('Second question', conversation);
    const firstUser = services.chat.conversation(conversation.id).latestMessages[0]!;
    const edited = nextAnswer(conversation.id);
    services.chat.editAndResend(conversation.id, firstUser.id, 'First question, edited', randomUUID());
    const { message } = await edited;
    expect(message.content).toContain('First question, edited');
    const after = services.chat.conversation(conversation.id).latestMessages;
    expect(after.map((m) => m.content).join('\n')).not.toContain('Second question');
    expect(after).toHaveLength(2);
    expect(second.message.id).not.toBe(message.id);
  });
});

describe('failures keep the partial answer and say what happened', () => {
  test('a stream cut mid-way by a reset', async () => {
    sims.gateway.faults.add({ path: '/chat/completions', kind: 'reset', keep: 4, times: 1 });
    const { message } = await ask('Reset me');
    expect(message.outcome).toBe('failed');
    expect(message.content).not.toBe('');
    // The gateway answered, then the connection broke: not "could not be reached".
    expect(message.error).toMatchObject({ service: 'gateway', code: 'connection_reset', status: 200, retryable: true });
    expect(message.error?.message).toContain('was closed before the answer was complete');
  });

  test('a stream that ends with no finish reason', async () => {
    sims.gateway.faults.add({ path: '/chat/completions', kind: 'truncate', keep: 4, times: 1 });
    const { message } = await ask('Truncate me');
    expect(message.outcome).toBe('no_finish_reason');
    expect(message.content).not.toBe('');
  });

  test('an error object inside a 200 stream', async () => {
    sims.gateway.setStreamShape({ errorAfterDeltas: 2 });
    const { message } = await ask('Error me');
    expect(message.outcome).toBe('failed');
    expect(message.content).not.toBe('');
    // The gateway answered: a server error it reported inside its 200, with its own words.
    expect(message.error).toMatchObject({ service: 'gateway', status: 200, code: 'server_error' });
    expect(message.error?.message).toContain('The upstream model stopped responding.');
  });

  test('an empty answer', async () => {
    sims.gateway.setStreamShape({ text: '' });
    const { message } = await ask('Say nothing');
    expect(message.outcome).toBe('empty');
  });

  test('a model outside the whitelist is refused with 403', async () => {
    const limited = await savedGatewayProfile('Whitelisted gateway', sims.gateway.keys.limited);
    const { message } = await ask('Use the big one', conversationWith('gpt-4.1', limited));
    expect(message).toMatchObject({ outcome: 'failed', model: 'gpt-4.1', error: { code: 'model_not_permitted', status: 403 } });
  });

  test('a rate limit carries the wait, an unknown key points at the key, a 5xx may be retried', async () => {
    // The profile's client honours Retry-After for all its calls, so the 429 gets a profile of its own.
    const limitedRate = await savedGatewayProfile('Rate-limited gateway', sims.gateway.keys.demo);
    sims.gateway.faults.add({ path: '/chat/completions', kind: 'status', status: 429, retryAfterSeconds: 600, times: 1 });
    expect((await ask('Busy', conversationWith('gpt-4o-mini', limitedRate))).message.error).toMatchObject({ code: 'rate_limited', status: 429, params: { waitSeconds: 600 } });

    const wrongKey = await savedGatewayProfile('Wrong key gateway', 'sk-sim-not-a-key');
    expect((await ask('Who am I', conversationWith('gpt-4o-mini', wrongKey))).message.error).toMatchObject({ code: 'unauthorized', status: 401 });

    sims.gateway.faults.add({ path: '/chat/completions', kind: 'status', status: 500 });
    expect((await ask('Broken')).message.error).toMatchObject({ code: 'server_error', status: 500, retryable: true });
  });

  test('parameters outside the documented ranges are refused by main', async () => {
    const conversation = conversationWith();
    const { contract } = await import('../../../src-shared/contract/index.ts');
    const schema = contract.gateway.calls.updateConversation.request;
    expect(schema.safeParse({ id: conversation.id, parameters: { temperature: 2.5 } }).success).toBe(false);
    expect(schema.safeParse({ id: conversation.id, parameters: { frequencyPenalty: -2.1 } }).success).toBe(false);
    expect(schema.safeParse({ id: conversation.id, parameters: { maxTokens: 1.5 } }).success).toBe(false);
    expect(schema.safeParse({ id: conversation.id, parameters: { temperature: 2, presencePenalty: -2, topP: 1 } }).success).toBe(true);
  });
});

describe('call log', () => {
  test('keeps each call with endpoint, model, status, outcome, latency and tokens, filterable', async () => {
    const own = await savedGatewayProfile('Logged gateway', sims.gateway.keys.demo);
    await services.chat.models(own);
    await ask('Logged question', conversationWith('qwen-max', own));
    sims.gateway.faults.add({ path: '/chat/completions', kind: 'status', status: 500, times: 1 });
    await ask('Logged failure', conversationWith('deepseek-chat', own));

    const mine = services.chat.callLog({}).filter((call) => call.profileId === own);
    expect(mine.map(({ endpoint, model, status, outcome }) => ({ endpoint, model, status, outcome }))).toEqual([
      { endpoint: '/chat/completions', model: 'deepseek-chat', status: 500, outcome: 'server_error' },
      { endpoint: '/chat/completions', model: 'qwen-max', status: 200, outcome: 'finished' },
      { endpoint: '/models', model: null, status: 200, outcome: 'ok' },
    ]);
    expect(mine[1]!.usage?.totalTokens).toBeGreaterThan(0);
    expectEach(mine, (call) => call.latencyMs >= 0 && !Number.isNaN(Date.parse(call.at)), 'have a latency and a time');

    expectEach(services.chat.callLog({ model: 'qwen' }), (call) => call.model === 'qwen-max', 'be a call to qwen-max');
    const failed = services.chat.callLog({ failedOnly: true });
    expect(failed.map((call) => call.model)).toContain('deepseek-chat');
    expect(failed.map((call) => call.model)).not.toContain('qwen-max');
  });
});

describe('embeddings', () => {
  test('give the dimensions and the cosine similarity of two texts', async () => {
    const same = await services.embeddings.embed(profileId, 'text-embedding-3-small', ['block 10.0.0.8', 'block 10.0.0.8']);
    expect(same).toMatchObject({ model: 'text-embedding-3-small', dimensions: 1536, count: 2 });
    expect(same.similarity).toBeCloseTo(1, 6);
    const different = await services.embeddings.embed(profileId, 'bge-m3', ['block 10.0.0.8', 'a recipe for bread']);
    expect(different.dimensions).toBe(1024);
    expect(different.similarity).toBeLessThan(0.99);
    expect((await services.embeddings.embed(profileId, 'bge-m3', ['alone'])).similarity).toBeNull();
    await expect(services.embeddings.embed(profileId, 'gpt-4o-mini', ['not an embedding model'])).rejects.toMatchObject({ serviceError: { status: 400 } });
  });
});
