import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import OpenAI, { toFile } from 'openai';
import { FormData, fetch as undiciFetch } from 'undici';
import type { Agent } from 'undici';
import { createCertificateAuthority, issueServerCertificate } from './certs.ts';
import { GatewaySim } from './gateway.ts';
import { GATEWAY_MODELS, simulatedReply } from './gateway-content.ts';
import { cosine, simulatedEmbedding } from './gateway-embeddings.ts';
import { call, parseSse, trustingAgent } from './test-helpers.ts';
import type { Json } from './test-helpers.ts';
import { expectEach } from '../support/expect-each.ts';

let gateway: GatewaySim;
let agent: Agent;

beforeAll(async () => {
  const ca = await createCertificateAuthority();
  gateway = new GatewaySim(7);
  await gateway.listen(0, await issueServerCertificate(ca));
  agent = trustingAgent(ca.certPem);
});

afterAll(async () => {
  await agent.close();
  await gateway.close();
});

function post(path: string, json: unknown, key = gateway.keys.demo) {
  return call(agent, `${gateway.url}${path}`, { method: 'POST', json, headers: { authorization: `Bearer ${key}` } });
}

const userSays = (content: string) => [{ role: 'user', content }];

describe('gateway simulator, raw wire format', () => {
  it('serves everything under the /v1 base URL', () => {
    expect(gateway.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+\/v1$/);
  });

  it('lists only the models on the key whitelist', async () => {
    const all = await call(agent, `${gateway.url}/models`, { headers: { authorization: `Bearer ${gateway.keys.demo}` } });
    expect(all.status).toBe(200);
    expect(all.json.object).toBe('list');
    expect(all.json.data.map((m: Json) => m.id)).toEqual(GATEWAY_MODELS.map((m) => m.id));
    const limited = await call(agent, `${gateway.url}/models`, { headers: { authorization: `Bearer ${gateway.keys.limited}` } });
    expect(limited.json.data).toEqual([{ id: 'gpt-4o-mini', object: 'model', created: expect.any(Number), owned_by: 'openai', type: 'chat' }]);
  });

  it('answers a chat completion with the deterministic reply and usage', async () => {
    const res = await post('/chat/completions', { model: 'qwen-max', messages: [{ role: 'system', content: 'be brief' }, ...userSays('What is port 3389?')] });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ object: 'chat.completion', model: 'qwen-max', choices: [{ index: 0, finish_reason: 'stop' }] });
    expect(res.json.choices[0].message).toEqual({ role: 'assistant', content: simulatedReply('qwen-max', userSays('What is port 3389?')).text });
    expect(res.json.choices[0].message.content).toContain('You said: "What is port 3389?"');
    expect(res.json.usage.total_tokens).toBe(res.json.usage.prompt_tokens + res.json.usage.completion_tokens);
  });

  it('streams chat.completion.chunk events ending with finish_reason stop and [DONE]', async () => {
    const res = await post('/chat/completions', { model: 'gpt-4.1', messages: userSays('stream me please'), stream: true });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/event-stream/);
    const events = parseSse(res.text);
    expect(events.at(-1)?.data).toBe('[DONE]');
    const chunks = events.slice(0, -1).map((e) => JSON.parse(e.data));
    expect(chunks.length).toBeGreaterThan(4);
    for (const chunk of chunks) expect(chunk).toMatchObject({ object: 'chat.completion.chunk', model: 'gpt-4.1', id: chunks[0].id });
    expect(chunks[0].choices[0].delta.role).toBe('assistant');
    expect(chunks.at(-1).choices[0]).toMatchObject({ finish_reason: 'stop', delta: {} });
    expectEach(chunks.slice(0, -1), (c) => c.choices[0].finish_reason === null, 'have no finish reason before the last chunk');
    const text = chunks.map((c) => c.choices[0].delta.content ?? '').join('');
    expect(text).toBe(simulatedReply('gpt-4.1', userSays('stream me please')).text);
  });

  it('adds a usage chunk when stream_options.include_usage is set', async () => {
    const res = await post('/chat/completions', { model: 'gpt-4.1', messages: userSays('x'), stream: true, stream_options: { include_usage: true } });
    const chunks = parseSse(res.text).slice(0, -1).map((e) => JSON.parse(e.data));
    expect(chunks.at(-1)).toMatchObject({ choices: [], usage: { prompt_tokens: expect.any(Number) } });
  });

  it('stops at max_tokens with finish_reason length', async () => {
    const res = await post('/chat/completions', { model: 'gpt-4.1', messages: userSays('one two three'), max_tokens: 3 });
    expect(res.json.choices[0]).toMatchObject({ finish_reason: 'length', message: { content: '[gpt-4.1] You said:' } });
  });

  it.each([
    ['temperature above 2', { temperature: 2.5 }, 'temperature'],
    ['temperature below 0', { temperature: -0.1 }, 'temperature'],
    ['frequency_penalty below -2', { frequency_penalty: -2.1 }, 'frequency_penalty'],
    ['presence_penalty above 2', { presence_penalty: 2.01 }, 'presence_penalty'],
    ['top_p above 1', { top_p: 1.5 }, 'top_p'],
    ['max_tokens not an integer', { max_tokens: 1.5 }, 'max_tokens'],
    ['empty messages', { messages: [] }, 'messages'],
    ['an unknown role', { messages: [{ role: 'wizard', content: 'hi' }] }, 'messages.0.role'],
    ['content not a string', { messages: [{ role: 'user', content: 42 }] }, 'messages.0.content'],
    ['missing model', { model: undefined }, 'model'],
  ])('rejects %s with 400', async (_what, change, param) => {
    const res = await post('/chat/completions', { model: 'gpt-4o-mini', messages: userSays('hi'), ...change });
    expect(res.status).toBe(400);
    expect(res.json.error).toMatchObject({ type: 'invalid_request_error', param });
  });

  it('accepts the boundary values of temperature and penalties', async () => {
    const res = await post('/chat/completions', { model: 'gpt-4o-mini', messages: userSays('hi'), temperature: 2, frequency_penalty: -2, presence_penalty: 2 });
    expect(res.status).toBe(200);
  });

  it('rejects a body that is not JSON', async () => {
    const res = await call(agent, `${gateway.url}/chat/completions`, {
      method: 'POST', body: '{"model":', headers: { authorization: `Bearer ${gateway.keys.demo}`, 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(res.json.error.message).toMatch(/not valid JSON/);
  });

  it('refuses a model outside the whitelist with 403 model_not_permitted', async () => {
    const res = await post('/chat/completions', { model: 'claude-sonnet-4', messages: userSays('hi') }, gateway.keys.limited);
    expect(res.status).toBe(403);
    expect(res.json.error).toMatchObject({ code: 'model_not_permitted', type: 'permission_error', param: 'model' });
    expect((await post('/chat/completions', { model: 'gpt-4o-mini', messages: userSays('hi') }, gateway.keys.limited)).status).toBe(200);
  });

  it('rejects unknown models and models of the wrong kind with 400', async () => {
    expect((await post('/chat/completions', { model: 'no-such-model', messages: userSays('hi') })).json.error.code).toBe('model_not_found');
    expect((await post('/chat/completions', { model: 'whisper-1', messages: userSays('hi') })).json.error.code).toBe('model_not_supported');
  });

  it('gives 401 for a missing, unknown or expired key', async () => {
    const missing = await call(agent, `${gateway.url}/models`);
    const unknown = await call(agent, `${gateway.url}/models`, { headers: { authorization: 'Bearer sk-sim-nope' } });
    const expired = await call(agent, `${gateway.url}/models`, { headers: { authorization: `Bearer ${gateway.addKey({ expired: true })}` } });
    expect([missing.status, unknown.status, expired.status]).toEqual([401, 401, 401]);
    expect([missing.json.error.code, unknown.json.error.code, expired.json.error.code]).toEqual(['missing_api_key', 'invalid_api_key', 'expired_api_key']);
  });

  it('returns embeddings as floats or base64 little-endian float32', async () => {
    const floats = await post('/embeddings', { model: 'bge-m3', input: 'suspicious login' });
    expect(floats.json).toMatchObject({ object: 'list', model: 'bge-m3', data: [{ object: 'embedding', index: 0 }] });
    expect(floats.json.data[0].embedding).toHaveLength(1024);
    expect(floats.json.data[0].embedding).toEqual(simulatedEmbedding('suspicious login', 1024));
    const encoded = await post('/embeddings', { model: 'bge-m3', input: 'suspicious login', encoding_format: 'base64' });
    const bytes = Buffer.from(encoded.json.data[0].embedding, 'base64');
    const decoded = Array.from(new Float32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 4));
    expect(decoded).toEqual(floats.json.data[0].embedding);
  });

  it('embeds by meaning: a paraphrase lands near its original, another subject far, the same text always the same', async () => {
    const texts = [
      'I forgot my password and cannot log in',
      'How do I reset my passphrase? Sign-in keeps failing',
      'Refund for a damaged parcel',
      '我忘记了密码，无法登录',
    ];
    const res = await post('/embeddings', { model: 'text-embedding-3-small', input: texts, dimensions: 256 });
    const [original, paraphrase, other, chinese] = res.json.data.map((item: Json) => item.embedding as number[]);
    expect(original).toHaveLength(256);
    expect(cosine(original, paraphrase)).toBeGreaterThan(0.6);
    expect(cosine(original, chinese)).toBeGreaterThan(0.5);
    expect(Math.abs(cosine(original, other))).toBeLessThan(0.2);
    expect(original).toEqual(simulatedEmbedding(texts[0]!, 256));
    const again = await post('/embeddings', { model: 'text-embedding-3-small', input: texts[0], dimensions: 256 });
    expect(again.json.data[0].embedding).toEqual(original);
    expect((await post('/embeddings', { model: 'bge-m3', input: 'x', dimensions: 4096 })).status).toBe(400);
  });

  it('answers embeddings wrongly on demand: another dimension, a vector short, no list', async () => {
    const input = ['port scan', 'brute force'];
    gateway.setEmbeddingFault({ kind: 'wrong-dimension', dimensions: 12, times: 1 });
    expect((await post('/embeddings', { model: 'bge-m3', input })).json.data[0].embedding).toHaveLength(12);
    expect((await post('/embeddings', { model: 'bge-m3', input })).json.data[0].embedding).toHaveLength(1024);
    gateway.setEmbeddingFault({ kind: 'fewer-vectors', times: 1 });
    expect((await post('/embeddings', { model: 'bge-m3', input })).json.data).toHaveLength(1);
    gateway.setEmbeddingFault({ kind: 'no-data', times: 1 });
    const empty = await post('/embeddings', { model: 'bge-m3', input });
    expect([empty.status, empty.json.data, empty.json.usage.prompt_tokens]).toEqual([200, undefined, 4]);
    gateway.faults.add({ path: '/embeddings', kind: 'status', status: 429, retryAfterSeconds: 2, times: 1 });
    const limited = await post('/embeddings', { model: 'bge-m3', input });
    expect([limited.status, limited.headers['retry-after']]).toEqual([429, '2']);
    gateway.setEmbeddingFault(null);
  });

  it('generates a real PNG of the requested size', async () => {
    const res = await post('/images/generations', { model: 'gpt-image-1', prompt: 'a red firewall', size: '320x200' });
    expect(res.status).toBe(200);
    const png = Buffer.from(res.json.data[0].b64_json, 'base64');
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([320, 200]);
    expect((await post('/images/generations', { model: 'gpt-image-1', prompt: 'x', size: 'big' })).status).toBe(400);
    expect((await post('/images/generations', { model: 'gpt-image-1', prompt: 'x', size: '9999x10' })).status).toBe(400);
  });

  it('answers an image as a link when asked (and by default in the plain dialect), served without a key', async () => {
    const res = await post('/images/generations', { model: 'gpt-image-1', prompt: 'a red firewall', size: '64x64', response_format: 'url' });
    const url: string = res.json.data[0].url;
    expect(url.startsWith(`${gateway.url}/generated/`)).toBe(true);
    const image = await undiciFetch(url, { dispatcher: agent });
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await image.arrayBuffer()).subarray(1, 4).toString('latin1')).toBe('PNG');
    expect((await undiciFetch(`${gateway.url}/generated/guessed.png`, { dispatcher: agent })).status).toBe(401);
    gateway.setDialect('plain');
    try {
      expect((await post('/images/generations', { model: 'gpt-image-1', prompt: 'x', size: '64x64' })).json.data[0].url).toContain('/generated/');
    } finally {
      gateway.setDialect('opsdesk');
    }
  });

  it('transcribes a real multipart upload and rejects one without a file', async () => {
    const form = new FormData();
    form.append('model', 'whisper-1');
    form.append('file', new Blob([Buffer.from('RIFF....WAVEfmt ')], { type: 'audio/wav' }), 'call.wav');
    const notMultipart = await post('/audio/transcriptions', { model: 'whisper-1' });
    expect(notMultipart.status).toBe(400);
    const res = await undiciFetch(`${gateway.url}/audio/transcriptions`, {
      method: 'POST', body: form, headers: { authorization: `Bearer ${gateway.keys.demo}` }, dispatcher: agent,
    });
    expect(res.status).toBe(200);
    expect((await res.json() as Json).text).toMatch(/^Simulated transcript of call\.wav \(16 bytes, sha256 [0-9a-f]{12}\)\.$/);

    const noFile = new FormData();
    noFile.append('model', 'whisper-1');
    const rejected = await undiciFetch(`${gateway.url}/audio/transcriptions`, {
      method: 'POST', body: noFile, headers: { authorization: `Bearer ${gateway.keys.demo}` }, dispatcher: agent,
    });
    expect(rejected.status).toBe(400);
    expect(((await rejected.json()) as Json).error.param).toBe('file');
  });

  it('answers /responses in the Responses format, also streamed', async () => {
    const res = await post('/responses', { model: 'deepseek-chat', input: 'summarise alert 42' });
    expect(res.json).toMatchObject({ object: 'response', status: 'completed', output: [{ type: 'message', role: 'assistant' }] });
    expect(res.json.output[0].content[0]).toEqual({ type: 'output_text', text: simulatedReply('deepseek-chat', userSays('summarise alert 42')).text, annotations: [] });
    const streamed = await post('/responses', { model: 'deepseek-chat', input: 'summarise alert 42', stream: true });
    const events = parseSse(streamed.text);
    expect(events[0]?.event).toBe('response.created');
    expect(events.at(-1)?.event).toBe('response.completed');
    const deltas = events.filter((e) => e.event === 'response.output_text.delta').map((e) => JSON.parse(e.data).delta);
    expect(deltas.join('')).toBe(res.json.output[0].content[0].text);
  });

  it('limits each key per minute with a sliding window: 429 with Retry-After', async () => {
    const key = gateway.addKey({ ratePerMinute: 3 });
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 4; i++) {
      last = await call(agent, `${gateway.url}/models`, { headers: { authorization: `Bearer ${key}` } });
      statuses.push(last.status);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect(last?.json.error.code).toBe('rate_limit_exceeded');
    expect(Number(last?.headers['retry-after'])).toBeGreaterThanOrEqual(59);
    expect(Number(last?.headers['retry-after'])).toBeLessThanOrEqual(60);
  });

  it('uses the free tier limit of 60 per minute', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++) statuses.push((await call(agent, `${gateway.url}/models`, { headers: { authorization: `Bearer ${gateway.keys.free}` } })).status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(60);
    expect(statuses.at(-1)).toBe(429);
  });

  it('answers 413 for a JSON body over 10 MiB', async () => {
    const res = await post('/embeddings', { model: 'bge-m3', input: 'x'.repeat(10 * 1024 * 1024 + 10) });
    expect(res.status).toBe(413);
    expect(res.json.error.code).toBe('payload_too_large');
  });
});

describe('gateway simulator through the official openai SDK', () => {
  let client: OpenAI;
  beforeAll(() => {
    // undici's fetch (needed for the per-profile Agent) does not encode Node's global FormData,
    // which the SDK builds for uploads; encode it with the global Response first.
    const sdkFetch = async (url: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
      let body = init.body;
      const headers = new Headers(init.headers);
      if (body instanceof globalThis.FormData) {
        const encoded = new Response(body);
        body = Buffer.from(await encoded.arrayBuffer());
        headers.set('content-type', encoded.headers.get('content-type')!);
      }
      const init2 = { ...init, body, headers: Object.fromEntries(headers), dispatcher: agent };
      return (await undiciFetch(url as string, init2 as Parameters<typeof undiciFetch>[1])) as unknown as Response;
    };
    client = new OpenAI({ baseURL: gateway.url, apiKey: gateway.keys.demo, maxRetries: 0, fetch: Object.assign(sdkFetch, { Response }) });
  });

  it('streams a chat completion', async () => {
    const stream = await client.chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hello sdk' }], stream: true });
    let text = '';
    let finish: string | null = null;
    for await (const chunk of stream) {
      text += chunk.choices[0]?.delta.content ?? '';
      finish = chunk.choices[0]?.finish_reason ?? finish;
    }
    expect(text).toBe(simulatedReply('gpt-4o-mini', userSays('hello sdk')).text);
    expect(finish).toBe('stop');
  });

  it('lists models, embeds (base64 by default), draws, transcribes and answers responses', async () => {
    const models = [];
    for await (const m of client.models.list()) models.push(m.id);
    expect(models).toContain('gpt-4o-mini');
    const embedding = await client.embeddings.create({ model: 'text-embedding-3-small', input: 'abc' });
    expect(embedding.data[0]?.embedding).toHaveLength(1536);
    expect(embedding.data[0]?.embedding[0]).toBeCloseTo(simulatedEmbedding('abc', 1536)[0]!, 6);
    const image = await client.images.generate({ model: 'gpt-image-1', prompt: 'cat', size: '256x256' as '1024x1024' });
    expect(image.data?.[0]?.b64_json?.length).toBeGreaterThan(100);
    const transcript = await client.audio.transcriptions.create({ model: 'whisper-1', file: await toFile(Buffer.from('abc'), 'a.mp3') });
    expect(transcript.text).toContain('a.mp3 (3 bytes');
    const response = await client.responses.create({ model: 'qwen-max', input: 'hi there' });
    expect(response.output_text).toBe(simulatedReply('qwen-max', userSays('hi there')).text);
  });

  it('surfaces the 403 as a PermissionDeniedError', async () => {
    const limited = client.withOptions({ apiKey: gateway.keys.limited });
    await expect(limited.chat.completions.create({ model: 'qwen-max', messages: [{ role: 'user', content: 'x' }] }))
      .rejects.toMatchObject({ status: 403, code: 'model_not_permitted' });
  });
});
