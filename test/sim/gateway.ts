// Model gateway simulator (gateway.md): OpenAI wire format under /v1.
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { ApiError, DEFAULT_BODY_LIMIT, MiB, SimServer, jsonResponse, sseFrame } from './sim-server.ts';
import type { SimRequest, SimResponse } from './sim-server.ts';
import { Router } from './router.ts';
import { parseOrReject, readJsonBody } from './validation.ts';
import { SlidingWindowLimiter } from './sliding-window.ts';
import { createRandom } from './random.ts';
import type { Random } from './random.ts';
import {
  GATEWAY_MODELS, MODELS_CREATED, countTokens, promptTokens, replyDeltas,
  simulatedImage, simulatedReply, simulatedTranscript,
} from './gateway-content.ts';
import { embeddingToBase64, simulatedEmbedding, type EmbeddingFault } from './gateway-embeddings.ts';
import type { ChatMessage, GatewayModel, ModelKind } from './gateway-content.ts';
import { simulatedCaseReply } from './gateway-cases.ts';
import { simulatedDraftReply } from './gateway-drafts.ts';
import { DRIP_INTERVAL_MS, chatStream, deltasOf, dripDeltas, type StreamShape } from './gateway-streams.ts';

export type GatewayTier = 'free' | 'paid' | 'enterprise';

export const GATEWAY_TIER_LIMITS: Readonly<Record<GatewayTier, number>> = { free: 60, paid: 600, enterprise: 6000 };
export const GATEWAY_TRANSCRIPTION_BODY_LIMIT = 25 * MiB;
const RATE_WINDOW_MS = 60_000;
const INVALID = 'invalid_request_error';
const STREAM_INTERVAL_MS = 25;

export interface GatewayKeyOptions {
  tier?: GatewayTier;
  models?: string[]; // whitelist; default all models
  expired?: boolean;
  ratePerMinute?: number; // default: the tier's limit
}

interface GatewayKey {
  models: ReadonlySet<string> | null;
  expired: boolean;
  ratePerMinute: number;
}

type Handler = (req: SimRequest, key: GatewayKey) => SimResponse | Promise<SimResponse>;

const ERROR_TYPES: Record<number, string> = {
  401: 'authentication_error', 403: 'permission_error', 429: 'rate_limit_error',
  500: 'server_error', 502: 'server_error', 503: 'service_unavailable', 504: 'server_error',
};

/** The plain dialect's own names for documented refusals. */
const PLAIN_CODES: Readonly<Record<string, string>> = { model_not_permitted: 'model_not_allowed' };

const optionalNumber = (min: number, max: number) => z.number().min(min).max(max).nullable().optional();

const chatRequestSchema = z.looseObject({
  model: z.string().min(1),
  messages: z.array(z.looseObject({ role: z.enum(['system', 'user', 'assistant']), content: z.string() })).min(1),
  temperature: optionalNumber(0, 2),
  top_p: optionalNumber(0, 1),
  frequency_penalty: optionalNumber(-2, 2),
  presence_penalty: optionalNumber(-2, 2),
  max_tokens: z.number().int().positive().nullable().optional(),
  stream: z.boolean().nullable().optional(),
  stream_options: z.looseObject({ include_usage: z.boolean().optional() }).nullable().optional(),
});

const embeddingRequestSchema = z.looseObject({
  model: z.string().min(1),
  input: z.union([z.string().min(1), z.array(z.string().min(1)).min(1)]),
  encoding_format: z.enum(['float', 'base64']).optional(),
  dimensions: z.number().int().positive().optional(),
});

const imageRequestSchema = z.looseObject({
  model: z.string().min(1),
  prompt: z.string().min(1),
  size: z.string().regex(/^\d{1,4}x\d{1,4}$/, 'size must look like 1024x1024').optional(),
  n: z.number().int().min(1).max(4).optional(),
  response_format: z.enum(['url', 'b64_json']).optional(),
});

const responsesRequestSchema = z.looseObject({
  model: z.string().min(1),
  input: z.union([z.string().min(1), z.array(z.looseObject({ role: z.string(), content: z.string() })).min(1)]),
  stream: z.boolean().nullable().optional(),
  max_output_tokens: z.number().int().positive().nullable().optional(),
});

/**
 * `input` as the document types it, a string, and a list only as a batch of several: a list of one
 * is refused, as servers generated from the document refuse it.
 */
function refuseListOfOne(input: unknown): void {
  if (Array.isArray(input) && input.length === 1) {
    throw new ApiError(400, 'invalid_request_error', "'input' must be a string", { param: 'input' });
  }
}

function newId(prefix: string): string {
  return `${prefix}${randomBytes(12).toString('hex')}`;
}

const nowSeconds = (): number => Math.floor(Date.now() / 1000);

export class GatewaySim extends SimServer {
  readonly keys: { demo: string; limited: string; free: string };
  readonly #keys = new Map<string, GatewayKey>();
  readonly #limiter = new SlidingWindowLimiter();
  readonly #random: Random;
  #streamShape: StreamShape = {};
  readonly #router = new Router<Handler>();
  /** Images answered as URLs: served without a key under an unguessable name, as storage links are. */
  readonly #generated = new Map<string, Buffer>();
  /** The bodies of the chat requests received, newest last (the last 50): what OpsDesk sent the model. */
  readonly chatBodies: string[] = [];
  /** Every request body received on any endpoint, newest last (the last 200), refused ones too: all OpsDesk sent the gateway. */
  readonly receivedBodies: { method: string; path: string; body: string }[] = [];
  /** Where image links point: this server's address unless a test names another (another host name of it, plain http). */
  imageLinkBase: string | null = null;
  /** How the next embeddings answers go wrong, if they do (gateway-embeddings.ts). */
  #embeddingFault: { fault: EmbeddingFault; remaining: number } | null = null;
  /** How many texts were embedded, over every call: what an index cost the gateway. */
  embeddedTexts = 0;

  constructor(seed: number) {
    super({ apiPrefix: '/v1', urlPath: '/v1' });
    this.#random = createRandom(seed, 'gateway-keys');
    this.keys = {
      demo: this.addKey({ tier: 'paid' }),
      limited: this.addKey({ tier: 'paid', models: ['gpt-4o-mini'] }),
      free: this.addKey({ tier: 'free' }),
    };
    this.#router
      .add('GET', '/models', (_req, key) => this.#models(key))
      .add('POST', '/chat/completions', (req, key) => this.#chat(req, key))
      .add('POST', '/embeddings', (req, key) => this.#embeddings(req, key))
      .add('POST', '/images/generations', (req, key) => this.#images(req, key))
      .add('POST', '/audio/transcriptions', (req, key) => this.#transcription(req, key))
      .add('POST', '/responses', (req, key) => this.#responses(req, key));
  }

  /** How chat streams are shaped until changed; `{}` is OpsDesk's own documented stream. */
  setStreamShape(shape: StreamShape): void {
    this.#streamShape = shape;
  }

  /** The next embeddings answers (`times` of them, default every one until cleared with null) go wrong this way. */
  setEmbeddingFault(fault: EmbeddingFault | null): void {
    this.#embeddingFault = fault && { fault, remaining: fault.times ?? Number.POSITIVE_INFINITY };
  }

  #takeEmbeddingFault(): EmbeddingFault | undefined {
    const armed = this.#embeddingFault;
    if (!armed) return undefined;
    if (--armed.remaining <= 0) this.#embeddingFault = null;
    return armed.fault;
  }

  addKey(options: GatewayKeyOptions = {}): string {
    const key = `sk-sim-${this.#random.hex(40)}`;
    this.#keys.set(key, {
      models: options.models ? new Set(options.models) : null,
      expired: options.expired ?? false,
      ratePerMinute: options.ratePerMinute ?? GATEWAY_TIER_LIMITS[options.tier ?? 'paid'],
    });
    return key;
  }

  protected override bodyReceived(method: string, path: string, body: Buffer): void {
    this.receivedBodies.push({ method, path, body: body.toString('utf8') });
    if (this.receivedBodies.length > 200) this.receivedBodies.shift();
  }

  protected override bodyLimit(method: string, apiPath: string): number {
    return method === 'POST' && apiPath === '/audio/transcriptions' ? GATEWAY_TRANSCRIPTION_BODY_LIMIT : DEFAULT_BODY_LIMIT;
  }

  protected override errorResponse(error: ApiError): SimResponse {
    return jsonResponse(error.status, { error: this.#errorObject(error) }, error.headers);
  }

  #errorObject(error: ApiError): object {
    const code = this.dialect === 'plain' ? (PLAIN_CODES[error.code] ?? error.code) : error.code;
    // As OpenAI itself sends it: a wrong key is typed as a bad request, only its code says "key".
    const type = error.code === 'invalid_api_key' ? INVALID : (ERROR_TYPES[error.status] ?? INVALID);
    return { message: error.message, type, param: error.param ?? null, code };
  }

  // The plain dialect (or the `refusalsInStream` switch) refuses a streamed chat after the 200, as an error event with no [DONE].
  #refusedInStream(req: SimRequest, error: ApiError): SimResponse | undefined {
    if (!(this.dialect === 'plain' || this.#streamShape.refusalsInStream) || req.method !== 'POST' || req.apiPath !== '/chat/completions') return undefined;
    let stream: unknown;
    try {
      stream = (JSON.parse(req.body.toString('utf8')) as { stream?: unknown }).stream;
    } catch {
      return undefined;
    }
    if (stream !== true) return undefined;
    return { status: 200, headers: { 'content-type': 'text/event-stream; charset=utf-8', ...error.headers }, events: [sseFrame({ error: this.#errorObject(error) })] };
  }

  protected override async handle(req: SimRequest): Promise<SimResponse> {
    const generated = req.method === 'GET' && req.apiPath.startsWith('/generated/') ? this.#generated.get(req.apiPath.slice('/generated/'.length)) : undefined;
    if (generated) return { status: 200, headers: { 'content-type': 'image/png' }, body: generated };
    let key: GatewayKey;
    try {
      key = this.#authenticate(req);
    } catch (error) {
      const inStream = error instanceof ApiError ? this.#refusedInStream(req, error) : undefined;
      if (inStream) return inStream;
      throw error;
    }
    const rate = this.#limiter.take(this.#keyIdOf(req), key.ratePerMinute, RATE_WINDOW_MS);
    const rateHeaders = {
      'x-ratelimit-limit-requests': String(rate.limit),
      'x-ratelimit-remaining-requests': String(rate.remaining),
    };
    if (!rate.allowed) {
      throw new ApiError(429, 'rate_limit_exceeded', `Rate limit of ${rate.limit} requests per minute reached`,
        { headers: { ...rateHeaders, 'retry-after': String(rate.retryAfterSeconds) } });
    }
    const route = this.#router.match(req.method, req.apiPath);
    if (!route) throw new ApiError(404, 'unknown_url', `Unknown request URL: ${req.method} /v1${req.apiPath}`);
    const errorBody = this.#streamShape.errorBodyAt200;
    if (errorBody && req.method === 'POST' && (req.apiPath === '/chat/completions' || req.apiPath === '/responses')) {
      return jsonResponse(200, { error: errorBody }, rateHeaders);
    }
    try {
      const response = await route.handler(req, key);
      return { ...response, headers: { ...response.headers, ...rateHeaders } };
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      Object.assign(error.headers, rateHeaders);
      const inStream = this.#refusedInStream(req, error);
      if (inStream) return inStream;
      throw error;
    }
  }

  #keyIdOf(req: SimRequest): string {
    return String(req.headers.authorization).slice('Bearer '.length).trim();
  }

  #authenticate(req: SimRequest): GatewayKey {
    const header = req.headers.authorization;
    if (!header || !/^Bearer\s+\S+$/i.test(header)) {
      throw new ApiError(401, 'missing_api_key', 'No API key provided; send Authorization: Bearer <API_KEY>');
    }
    const key = this.#keys.get(this.#keyIdOf(req));
    if (!key) throw new ApiError(401, 'invalid_api_key', 'Incorrect API key provided');
    if (key.expired) throw new ApiError(401, 'expired_api_key', 'This API key has expired');
    return key;
  }

  #model(key: GatewayKey, id: string, kind: ModelKind): GatewayModel {
    const model = GATEWAY_MODELS.find((m) => m.id === id);
    if (!model) throw new ApiError(400, 'model_not_found', `The model '${id}' does not exist`, { param: 'model' });
    if (key.models && !key.models.has(id)) {
      throw new ApiError(403, 'model_not_permitted', `This key is not permitted to use the model '${id}'`, { param: 'model' });
    }
    if (model.kind !== kind) {
      throw new ApiError(400, 'model_not_supported', `The model '${id}' does not support this endpoint`, { param: 'model' });
    }
    return model;
  }

  #models(key: GatewayKey): SimResponse {
    const allowed = GATEWAY_MODELS.filter((m) => !key.models || key.models.has(m.id));
    if (this.dialect === 'plain') {
      return jsonResponse(200, { models: allowed.map((m) => ({ name: m.id, provider: m.owned_by, created: new Date(MODELS_CREATED * 1000).toISOString() })) });
    }
    // What each model is for, as LiteLLM- and Together-style gateways say it; the plain dialect says nothing, as OpenAI does.
    const data = allowed.map((m) => ({ id: m.id, object: 'model', created: MODELS_CREATED, owned_by: m.owned_by, type: m.kind }));
    return jsonResponse(200, { object: 'list', data });
  }

  #chat(req: SimRequest, key: GatewayKey): SimResponse {
    this.chatBodies.push(req.body.toString('utf8'));
    if (this.chatBodies.length > 50) this.chatBodies.shift();
    const body = parseOrReject(chatRequestSchema, readJsonBody(req, INVALID, { allowEmpty: false }), INVALID);
    this.#model(key, body.model, 'chat');
    const messages: ChatMessage[] = body.messages;
    const shape = this.#streamShape;
    const reply = shape.text === undefined ? (simulatedDraftReply(messages) ?? simulatedCaseReply(messages) ?? simulatedReply(body.model, messages, body.max_tokens ?? undefined)) : { text: shape.text, finishReason: 'stop' };
    const usage = {
      prompt_tokens: promptTokens(messages),
      completion_tokens: countTokens(reply.text),
      total_tokens: promptTokens(messages) + countTokens(reply.text),
    };
    const id = newId('chatcmpl-');
    const created = nowSeconds();
    if (!body.stream) {
      return jsonResponse(200, {
        id, object: 'chat.completion', created, model: body.model,
        choices: [{ index: 0, message: { role: 'assistant', content: reply.text, ...(shape.reasoning && { reasoning_content: shape.reasoning }) }, finish_reason: reply.finishReason, logprobs: null }],
        usage,
      });
    }
    const deltas = shape.drip ? dripDeltas() : shape.deltaChars ? deltasOf(reply.text, shape.deltaChars) : replyDeltas(reply.text);
    const withUsage = body.stream_options?.include_usage || shape.usageWithNullChoices;
    const { events, delays } = chatStream({ id, created, model: body.model, deltas, finishReason: reply.finishReason, usage: withUsage ? usage : undefined }, shape);
    return { status: 200, headers: { 'content-type': 'text/event-stream; charset=utf-8' }, events, eventIntervalMs: shape.deltaIntervalMs ?? (shape.drip ? DRIP_INTERVAL_MS : STREAM_INTERVAL_MS), ...(delays && { eventDelays: delays }), holdOpen: shape.stayOpen === true };
  }

  #embeddings(req: SimRequest, key: GatewayKey): SimResponse {
    const body = parseOrReject(embeddingRequestSchema, readJsonBody(req, INVALID, { allowEmpty: false }), INVALID);
    refuseListOfOne(body.input);
    const model = this.#model(key, body.model, 'embedding');
    const maxDimensions = model.dimensions ?? 1536;
    if (body.dimensions !== undefined && body.dimensions > maxDimensions) {
      throw new ApiError(400, 'invalid_request_error', `dimensions must be at most ${maxDimensions}`, { param: 'dimensions' });
    }
    const inputs = typeof body.input === 'string' ? [body.input] : body.input;
    this.embeddedTexts += inputs.length;
    const fault = this.#takeEmbeddingFault();
    const dimensions = fault?.kind === 'wrong-dimension' ? fault.dimensions : (body.dimensions ?? maxDimensions);
    const answered = fault?.kind === 'fewer-vectors' ? inputs.slice(0, -1) : inputs;
    const data = answered.map((input, index) => {
      const vector = simulatedEmbedding(input, dimensions);
      return { object: 'embedding', index, embedding: body.encoding_format === 'base64' ? embeddingToBase64(vector) : vector };
    });
    const tokens = inputs.reduce((sum, input) => sum + countTokens(input), 0);
    const usage = { prompt_tokens: tokens, total_tokens: tokens };
    if (fault?.kind === 'no-data') return jsonResponse(200, { object: 'list', model: body.model, usage });
    // The plain dialect answers as servers that drop OpenAI's `object` labels do.
    if (this.dialect === 'plain') return jsonResponse(200, { data: data.map(({ index, embedding }) => ({ index, embedding })), model: body.model, usage });
    return jsonResponse(200, { object: 'list', data, model: body.model, usage });
  }

  #images(req: SimRequest, key: GatewayKey): SimResponse {
    const body = parseOrReject(imageRequestSchema, readJsonBody(req, INVALID, { allowEmpty: false }), INVALID);
    this.#model(key, body.model, 'image');
    const [width, height] = (body.size ?? '1024x1024').split('x').map(Number) as [number, number];
    if (width < 64 || height < 64 || width > 2048 || height > 2048) {
      throw new ApiError(400, 'invalid_request_error', 'size must be between 64x64 and 2048x2048', { param: 'size' });
    }
    const png = simulatedImage(body.prompt, width, height);
    // The plain dialect answers with links, as servers whose default response_format is "url" do.
    const asUrl = (body.response_format ?? (this.dialect === 'plain' ? 'url' : 'b64_json')) === 'url';
    const data = Array.from({ length: body.n ?? 1 }, () => {
      if (!asUrl) return { b64_json: png.toString('base64'), revised_prompt: body.prompt };
      const name = `${randomBytes(16).toString('hex')}.png`;
      this.#generated.set(name, png);
      return { url: `${this.imageLinkBase ?? this.url}/generated/${name}`, revised_prompt: body.prompt };
    });
    return jsonResponse(200, { created: nowSeconds(), data });
  }

  async #transcription(req: SimRequest, key: GatewayKey): Promise<SimResponse> {
    const type = String(req.headers['content-type'] ?? '');
    if (!/^multipart\/form-data\b/i.test(type)) {
      throw new ApiError(400, 'invalid_request_error', 'Content-Type must be multipart/form-data');
    }
    let form: FormData;
    try {
      form = await new Response(new Uint8Array(req.body), { headers: { 'content-type': type } }).formData();
    } catch {
      throw new ApiError(400, 'invalid_request_error', 'The multipart body could not be parsed');
    }
    const model = form.get('model');
    if (typeof model !== 'string' || model.length === 0) {
      throw new ApiError(400, 'invalid_request_error', "Missing required parameter: 'model'", { param: 'model' });
    }
    const file = form.get('file');
    if (!(file instanceof Blob) || file.size === 0) {
      throw new ApiError(400, 'invalid_request_error', "Missing required parameter: 'file'", { param: 'file' });
    }
    this.#model(key, model, 'transcription');
    const format = form.get('response_format') ?? 'json';
    if (format !== 'json' && format !== 'text') {
      throw new ApiError(400, 'invalid_request_error', "response_format must be 'json' or 'text'", { param: 'response_format' });
    }
    const name = file instanceof File ? file.name : 'audio';
    const text = simulatedTranscript(name, new Uint8Array(await file.arrayBuffer()));
    if (format === 'text') return { status: 200, headers: { 'content-type': 'text/plain; charset=utf-8' }, body: text };
    return jsonResponse(200, { text });
  }

  #responses(req: SimRequest, key: GatewayKey): SimResponse {
    const body = parseOrReject(responsesRequestSchema, readJsonBody(req, INVALID, { allowEmpty: false }), INVALID);
    refuseListOfOne(body.input);
    this.#model(key, body.model, 'chat');
    const messages: ChatMessage[] = typeof body.input === 'string' ? [{ role: 'user', content: body.input }] : body.input;
    const reply = simulatedReply(body.model, messages, body.max_output_tokens ?? undefined);
    const id = newId('resp_');
    const messageId = newId('msg_');
    const inputTokens = promptTokens(messages);
    const outputTokens = countTokens(reply.text);
    const response = (status: 'in_progress' | 'completed' | 'incomplete', text: string | null) => ({
      id, object: 'response', created_at: nowSeconds(), status, model: body.model,
      incomplete_details: status === 'incomplete' ? { reason: 'max_output_tokens' } : null,
      output: text === null ? [] : [{
        type: 'message', id: messageId, status: 'completed', role: 'assistant',
        content: [{ type: 'output_text', text, annotations: [] }],
      }],
      usage: text === null ? null : { input_tokens: inputTokens, output_tokens: outputTokens, total_tokens: inputTokens + outputTokens },
    });
    const finalStatus = reply.finishReason === 'stop' ? 'completed' : 'incomplete';
    if (!body.stream) return jsonResponse(200, response(finalStatus, reply.text));

    let sequence = 0;
    const event = (type: string, fields: object): string => sseFrame({ type, sequence_number: sequence++, ...fields }, type);
    const item = { item_id: messageId, output_index: 0, content_index: 0 };
    const events = [
      event('response.created', { response: response('in_progress', null) }),
      ...replyDeltas(reply.text).map((delta) => event('response.output_text.delta', { ...item, delta })),
      event('response.output_text.done', { ...item, text: reply.text }),
      event(finalStatus === 'completed' ? 'response.completed' : 'response.incomplete', { response: response(finalStatus, reply.text) }),
    ];
    return { status: 200, headers: { 'content-type': 'text/event-stream; charset=utf-8' }, events, eventIntervalMs: STREAM_INTERVAL_MS, holdOpen: this.#streamShape.stayOpen === true };
  }
}
